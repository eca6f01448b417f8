// A statement's text reduced to what its plan may depend on, for the plan cache, read without the
// parser (a cached statement runs in microseconds; parsing it would take longer): comments
// dropped, each run of whitespace one space, unquoted words in lower case (as PostgreSQL folds
// them), and each literal (a number, a quoted string) replaced by a marker of its kind. Two texts
// of one shape are the same statement but for the values of their literals.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "common/value.h"

namespace kiln {

struct StatementShape {
   enum class LiteralKind : uint8_t { Number, String, DollarString };
   struct Literal {
      uint32_t offset;  // in the text, where the token begins
      uint32_t length;  // of the whole token, quotes included
      LiteralKind kind;
   };
   struct Token {
      uint32_t offset;
      int literal;  // its index in `literals`, or -1
      char first;   // its first character
      uint32_t length;
   };
   std::string key;
   std::vector<Literal> literals;
   std::vector<Token> tokens;

   /// Shapes `sql`, one statement with an optional `;` after it. False for text the cache leaves
   /// to the parser: several statements, parameters ($1), strings with escapes or prefixes (E'',
   /// B'', U&''), strings written in pieces, numbers in other notations (0x1F, 1_000).
   bool read(std::string_view sql);

   /// The value of literal `index` as the binder's constant of it (an untyped string, or a number
   /// typed as PostgreSQL types it), negated where the grammar folded a minus into it.
   Value literalValue(std::string_view sql, size_t index, bool negated) const;
   /// The literal whose token begins at `offset`, or whose token follows a minus there; -1 for none.
   int literalAt(uint32_t offset, bool& negated) const;
};

}  // namespace kiln
