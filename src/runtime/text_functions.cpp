// translate and quote_literal.
#include <string>
#include <string_view>
#include <vector>

#include "runtime/helpers.h"
#include "runtime/string_results.h"

namespace {

/// The UTF-8 characters of `s`, each as its bytes.
std::vector<std::string_view> characters(std::string_view s) {
   std::vector<std::string_view> result;
   for (size_t i = 0; i < s.size();) {
      size_t next = i + 1;
      while (next < s.size() && (static_cast<unsigned char>(s[next]) & 0xC0) == 0x80) ++next;
      result.push_back(s.substr(i, next - i));
      i = next;
   }
   return result;
}

}  // namespace

extern "C" {

void kiln_translate(const GermanString* s, const GermanString* from, const GermanString* to, GermanString* out, StringHeap* arena) {
   std::vector<std::string_view> sources = characters(from->view()), targets = characters(to->view());
   std::string result;
   for (std::string_view c : characters(s->view())) {
      // The first occurrence in `from` decides; one beyond `to`'s length deletes the character.
      size_t at = 0;
      while (at < sources.size() && sources[at] != c) ++at;
      if (at == sources.size()) result.append(c);
      else if (at < targets.size()) result.append(targets[at]);
   }
   kiln::storeString(out, result, arena);
}

void kiln_quote_literal(const GermanString* s, GermanString* out, StringHeap* arena) {
   // As PostgreSQL: quotes and backslashes doubled; with a backslash, an E'' string.
   std::string_view v = s->view();
   std::string result = v.find('\\') == std::string_view::npos ? "'" : "E'";
   for (char c : v) {
      if (c == '\'' || c == '\\') result += c;
      result += c;
   }
   result += '\'';
   kiln::storeString(out, result, arena);
}

}  // extern "C"
