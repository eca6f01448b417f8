// One-dimensional SQL arrays are kept as their canonical PostgreSQL text, '{1,2,NULL,"a b"}':
// every element in its type's output form, quoted where PostgreSQL quotes it. So an array is a
// string to storage, hashing, equality (equal arrays have equal text), results and COPY, and
// only its input and the array functions need to know its elements.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "common/value.h"

namespace kiln::array_text {

using Elements = std::vector<std::optional<std::string>>;

/// The elements of an array literal ('{1, "a b", NULL}'), NULL ones as nullopt. Throws 22P02
/// for a malformed literal, 0A000 for more than one dimension or explicit bounds.
Elements split(std::string_view literal);
/// Walks a canonical array text (as `join` writes it) without copying it: `visit(raw, quoted)`
/// gets each element's text as it stands there (quoted: without the quotes, escapes still in;
/// a NULL element as an unquoted "NULL") and returns false to stop.
template <typename Visit>
void forEachElement(std::string_view canonicalText, Visit visit) {
   size_t at = 1, end = canonicalText.size() - 1;  // inside the braces
   while (at < end) {
      bool quoted = canonicalText[at] == '"';
      size_t start = at + quoted, stop = start;
      if (quoted) {
         while (canonicalText[stop] != '"') stop += canonicalText[stop] == '\\' ? 2 : 1;
         at = stop + 2;  // past the quote and the comma
      } else {
         while (stop < end && canonicalText[stop] != ',') ++stop;
         at = stop + 1;
      }
      if (!visit(canonicalText.substr(start, stop - start), quoted)) return;
   }
}
/// Element `index` (from 0) of a canonical array text, unescaped; nullopt for a NULL element or
/// one past the end.
std::optional<std::string> elementAt(std::string_view canonicalText, size_t index);
/// Appends an element, quoted and escaped where array output needs it ("" for the empty
/// string, the word NULL, blanks, and the characters {},"\).
void appendElement(std::string& out, std::string_view element);
/// The canonical text of `elements` (each in its type's output form).
std::string join(const Elements& elements);
/// An element's text in an array: its output form (CHAR(n) padded).
std::string elementOutput(const Value& value);
/// An array's text as a result shows it: timestamptz elements in the session's time zone.
std::string shownInZone(std::string_view canonicalText, SqlType type);
/// The canonical text of the array literal `literal` of `type`: each element read as the
/// element type (its errors: 22P02, 22003, ...) and written in its output form. With
/// `explicitCast`, string elements are cut to the element type's length instead of refused.
std::string canonical(std::string_view literal, SqlType type, bool explicitCast = false);
/// An element's text as equal elements share it: NUMERIC without its display scale (1.10 is
/// 1.1); other types' canonical texts are equal exactly when their values are.
std::optional<std::string> equalityText(std::optional<std::string> element, SqlType elementType);
/// An array's canonical text with its elements as equalityText writes them.
std::string equalityText(std::string_view canonicalText, SqlType elementType);

}  // namespace kiln::array_text
