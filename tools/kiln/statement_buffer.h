// Collects input lines until they hold complete statements (ended by a top-level ';').
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace kiln::shell {

/// True when `sql` holds nothing but whitespace and complete comments.
bool isBlankSql(std::string_view sql);

class StatementBuffer {
   public:
   /// Adds one line and returns the statements it completed, in order, without surrounding blanks.
   std::vector<std::string> append(const std::string& line);
   /// True when nothing but whitespace and comments is waiting for a ';'.
   bool isBlank() const { return isBlankSql(pending_); }
   /// False when the pending text ends inside a quoted string, a block comment or open parentheses,
   /// where a line starting with '\' continues the statement rather than being a backslash command.
   bool acceptsBackslashCommand() const;
   /// The unfinished tail without surrounding blanks, emptying the buffer.
   std::string take();
   void clear() { pending_.clear(); }

   private:
   std::string pending_;
};

}  // namespace kiln::shell
