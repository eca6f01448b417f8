#include "statement_buffer.h"

#include <cctype>

#include <kiln/kiln.h>

namespace kiln::shell {

namespace {

// Error positions and "LINE n:" refer to the text passed to the engine, so it starts where the statement does.
std::string trimmed(std::string_view text) {
   size_t begin = text.find_first_not_of(" \t\r\n");
   if (begin == std::string_view::npos) return {};
   size_t end = text.find_last_not_of(" \t\r\n");
   return std::string(text.substr(begin, end - begin + 1));
}

}  // namespace

bool isBlankSql(std::string_view sql) {
   size_t i = 0;
   while (i < sql.size()) {
      if (std::isspace(static_cast<unsigned char>(sql[i]))) {
         ++i;
      } else if (sql.substr(i, 2) == "--") {
         i = sql.find('\n', i);
         if (i == std::string_view::npos) return true;
      } else if (sql.substr(i, 2) == "/*") {
         // Block comments nest in PostgreSQL; an unterminated one is still being typed.
         int depth = 0;
         do {
            if (sql.substr(i, 2) == "/*") {
               ++depth;
               i += 2;
            } else if (sql.substr(i, 2) == "*/") {
               --depth;
               i += 2;
            } else if (++i >= sql.size()) {
               return false;
            }
         } while (depth > 0);
      } else {
         return false;
      }
   }
   return true;
}

std::vector<std::string> StatementBuffer::append(const std::string& line) {
   // Leftover blank lines and comments would only shift the line numbers of error messages.
   if (isBlank()) pending_.clear();
   pending_ += line;
   pending_ += '\n';
   // Only a ';' can complete a statement, so lines without one need no (quadratic) re-splitting.
   if (line.find(';') == std::string::npos) return {};
   std::string rest;
   std::vector<std::string> statements;
   for (const std::string& statement : splitStatements(pending_, &rest))
      if (!isBlankSql(statement)) statements.push_back(trimmed(statement));
   pending_ = std::move(rest);
   return statements;
}

bool StatementBuffer::acceptsBackslashCommand() const {
   // An added ';' ends the pending text only where a statement could end, leaving no unfinished rest.
   std::string rest;
   splitStatements(pending_ + ';', &rest);
   return isBlankSql(rest);
}

std::string StatementBuffer::take() {
   std::string pending = trimmed(pending_);
   pending_.clear();
   return pending;
}

}  // namespace kiln::shell
