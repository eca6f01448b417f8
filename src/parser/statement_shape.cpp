#include "parser/statement_shape.h"

#include "parser/literal_values.h"

namespace kiln {

namespace {

bool isSpace(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v'; }
bool isDigit(char c) { return c >= '0' && c <= '9'; }
bool isWordStart(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_' || static_cast<unsigned char>(c) >= 0x80; }
bool isWordPart(char c) { return isWordStart(c) || isDigit(c) || c == '$'; }
bool isOperatorChar(char c) {
   switch (c) {
      case '+':
      case '-':
      case '*':
      case '/':
      case '<':
      case '>':
      case '=':
      case '~':
      case '!':
      case '@':
      case '#':
      case '%':
      case '^':
      case '&':
      case '|':
      case '`':
      case '?': return true;
      default: return false;
   }
}

/// Past whitespace and comments from `i`; false for a comment left open.
bool skipSpace(std::string_view sql, size_t& i, bool& skipped) {
   size_t n = sql.size();
   while (i < n) {
      char c = sql[i];
      if (isSpace(c)) {
         ++i;
      } else if (c == '-' && i + 1 < n && sql[i + 1] == '-') {
         while (i < n && sql[i] != '\n') ++i;
      } else if (c == '/' && i + 1 < n && sql[i + 1] == '*') {
         int depth = 1;  // comments nest, as in PostgreSQL
         i += 2;
         while (depth > 0) {
            if (i + 1 >= n) return false;
            if (sql[i] == '/' && sql[i + 1] == '*') depth++, i += 2;
            else if (sql[i] == '*' && sql[i + 1] == '/') depth--, i += 2;
            else ++i;
         }
      } else {
         break;
      }
      skipped = true;
   }
   return true;
}

}  // namespace

bool StatementShape::read(std::string_view sql) {
   key.clear();
   literals.clear();
   tokens.clear();
   key.reserve(sql.size());
   tokens.reserve(sql.size() / 4);
   size_t n = sql.size(), i = 0;
   bool space = false;
   for (;;) {
      if (!skipSpace(sql, i, space)) return false;
      if (i >= n) break;
      char c = sql[i];
      if (c == ';') {
         // Only semicolons and whitespace may follow: one statement.
         for (++i;; ++i) {
            if (!skipSpace(sql, i, space)) return false;
            if (i >= n) break;
            if (sql[i] != ';') return false;
         }
         break;
      }
      if (space && !key.empty()) key += ' ';
      space = false;
      size_t start = i;
      int literal = -1;
      if (c == '\'') {
         // A string of PostgreSQL's standard form: '' is a quote. Prefixes (E'', B'', X'', N'',
         // U&'') change what it means; left to the parser.
         if (start > 0 && (isWordPart(sql[start - 1]) || sql[start - 1] == '&')) return false;
         for (++i;; ++i) {
            if (i >= n) return false;
            if (sql[i] == '\'') {
               if (i + 1 < n && sql[i + 1] == '\'') ++i;
               else break;
            }
         }
         ++i;
         // 'a' 'b' across a line break is one string 'ab'.
         size_t next = i;
         bool skipped = false;
         if (!skipSpace(sql, next, skipped)) return false;
         if (next < n && sql[next] == '\'') return false;
         literal = int(literals.size());
         literals.push_back({uint32_t(start), uint32_t(i - start), LiteralKind::String});
         key += "\x01s";
      } else if (isDigit(c) || (c == '.' && i + 1 < n && isDigit(sql[i + 1]))) {
         while (i < n && isDigit(sql[i])) ++i;
         if (i < n && sql[i] == '.') {
            if (i + 1 < n && sql[i + 1] == '.') return false;
            ++i;
            while (i < n && isDigit(sql[i])) ++i;
         }
         if (i < n && (sql[i] == 'e' || sql[i] == 'E')) {
            size_t e = i + 1;
            if (e < n && (sql[e] == '+' || sql[e] == '-')) ++e;
            if (e >= n || !isDigit(sql[e])) return false;
            i = e;
            while (i < n && isDigit(sql[i])) ++i;
         }
         // 0x1F, 1_000, 12abc: other notations, or trailing junk.
         if (i < n && (isWordPart(sql[i]) || sql[i] == '.')) return false;
         literal = int(literals.size());
         literals.push_back({uint32_t(start), uint32_t(i - start), LiteralKind::Number});
         Value v = numberLiteral(std::string(sql.substr(start, i - start)));
         key += v.type.id == TypeId::Integer ? "\x01i" : v.type.id == TypeId::BigInt ? "\x01b" : "\x01n";
      } else if (isWordStart(c)) {
         while (i < n && isWordPart(sql[i])) {
            char ch = sql[i++];
            key += ch >= 'A' && ch <= 'Z' ? char(ch - 'A' + 'a') : ch;
         }
      } else if (c == '"') {
         if (start > 0 && sql[start - 1] == '&') return false;  // U&"..."
         for (++i;; ++i) {
            if (i >= n) return false;
            if (sql[i] == '"') {
               if (i + 1 < n && sql[i + 1] == '"') ++i;
               else break;
            }
         }
         ++i;
         key.append(sql.substr(start, i - start));
      } else if (c == '$') {
         // $1 is a parameter; $tag$...$tag$ a string.
         size_t tagEnd = i + 1;
         while (tagEnd < n && sql[tagEnd] != '$' && (isWordStart(sql[tagEnd]) || (tagEnd > i + 1 && isDigit(sql[tagEnd])))) ++tagEnd;
         if (tagEnd >= n || sql[tagEnd] != '$') return false;
         std::string_view tag = sql.substr(i, tagEnd - i + 1);
         size_t close = sql.find(tag, tagEnd + 1);
         if (close == std::string_view::npos) return false;
         i = close + tag.size();
         literal = int(literals.size());
         literals.push_back({uint32_t(start), uint32_t(i - start), LiteralKind::DollarString});
         key += "\x01s";
      } else if (isOperatorChar(c)) {
         // A run of operator characters, which a comment's start ends.
         while (i < n && isOperatorChar(sql[i])) {
            if (i > start && ((sql[i] == '-' && i + 1 < n && sql[i + 1] == '-') || (sql[i] == '/' && i + 1 < n && sql[i + 1] == '*'))) break;
            key += sql[i++];
         }
      } else {
         key += c;
         ++i;
      }
      tokens.push_back({uint32_t(start), literal, c, uint32_t(i - start)});
   }
   return !tokens.empty();
}

Value StatementShape::literalValue(std::string_view sql, size_t index, bool negated) const {
   const Literal& literal = literals[index];
   std::string_view token = sql.substr(literal.offset, literal.length);
   switch (literal.kind) {
      case LiteralKind::Number: return numberLiteral((negated ? "-" : "") + std::string(token));
      case LiteralKind::String: {
         std::string text;
         text.reserve(token.size() - 2);
         for (size_t i = 1; i + 1 < token.size(); ++i) {
            text += token[i];
            if (token[i] == '\'') ++i;  // '' is one quote
         }
         return Value::ofString(SqlType::unknown(), std::move(text));
      }
      case LiteralKind::DollarString: {
         size_t tag = token.find('$', 1) + 1;
         return Value::ofString(SqlType::unknown(), std::string(token.substr(tag, token.size() - 2 * tag)));
      }
   }
   return Value::null(SqlType::unknown());
}

int StatementShape::literalAt(uint32_t offset, bool& negated) const {
   negated = false;
   for (size_t t = 0; t < tokens.size(); ++t) {
      if (tokens[t].offset < offset) continue;
      if (tokens[t].offset > offset) return -1;
      if (tokens[t].literal >= 0) return tokens[t].literal;
      // -5: the grammar folds the minus into the number.
      bool minus = tokens[t].first == '-' && tokens[t].length == 1;
      if (minus && t + 1 < tokens.size() && tokens[t + 1].literal >= 0 && literals[size_t(tokens[t + 1].literal)].kind == LiteralKind::Number) {
         negated = true;
         return tokens[t + 1].literal;
      }
      return -1;
   }
   return -1;
}

}  // namespace kiln
