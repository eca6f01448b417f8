// The shell's state and what it does with each line of input, wherever the line comes from.
#pragma once

#include <functional>
#include <optional>

#include <ostream>
#include <string>

#include <kiln/kiln.h>

#include "outcome.h"
#include "settings.h"
#include "statement_buffer.h"

namespace kiln::shell {

class Shell {
   public:
   /// An interactive shell goes on after errors; a script stops at the first (psql's ON_ERROR_STOP).
   Shell(Database& database, Settings settings, bool interactive, std::ostream& out, std::ostream& err);

   /// Runs the statements the line completes, or the backslash command it holds.
   Outcome processLine(const std::string& line);
   /// At the end of the input: runs a last statement that lacks its ';'.
   Outcome finishInput();
   /// True while a statement has been started but not ended.
   bool hasPendingInput() const { return !buffer_.isBlank() || copyStatement_; }
   /// True while the lines are the rows of a COPY ... FROM STDIN (up to a line "\.").
   bool collectingCopyRows() const { return copyStatement_.has_value(); }
   void discardPendingInput() {
      buffer_.clear();
      copyStatement_.reset();
      copyRows_.clear();
   }
   /// SET `name` = `value` on the shell's connection, before it runs anything (a command-line
   /// option); throws Error for a bad value.
   void set(const std::string& name, const std::string& value) { connection_.query("SET " + name + " = '" + value + "'"); }
   /// Asks the running statement to stop (async-signal-safe: Ctrl-C calls it).
   void cancelStatement() { connection_.cancel(); }

   private:
   /// \i FILE (the file's lines, as if typed) and \copy (COPY); nullopt for other commands.
   std::optional<Outcome> runStatementCommand(const std::string& line);
   /// Runs one statement and prints its result or its error; false on error. A COPY ... FROM
   /// STDIN waits for its rows, the lines that follow.
   bool execute(const std::string& sql);
   /// Runs the COPY ... FROM STDIN with the rows collected; false on error.
   bool finishCopy();
   /// Prints a statement's result, or its error; false on error.
   bool report(const std::function<Result()>& run, const std::string& sql);

   Database& database_;
   Connection connection_;
   Settings settings_;
   bool interactive_;
   std::ostream& out_;
   std::ostream& err_;
   StatementBuffer buffer_;
   std::optional<std::string> copyStatement_;  // a COPY ... FROM STDIN collecting its rows
   std::string copyRows_;
};

}  // namespace kiln::shell
