#include "shell.h"

#include <cstdio>
#include <stdexcept>

#include "error_printer.h"
#include "meta_commands.h"
#include "result_printer.h"

namespace kiln::shell {

namespace {

std::string timingLine(const StatementStats& stats) {
   char line[96];
   std::snprintf(line, sizeof(line), "Time: %.3f ms (compile %.3f ms)\n", stats.totalMs, stats.compileMs);
   return line;
}

bool isMetaCommand(const std::string& line) {
   size_t start = line.find_first_not_of(" \t");
   return start != std::string::npos && line[start] == '\\';
}

}  // namespace

Shell::Shell(Database& database, Settings settings, bool interactive, std::ostream& out, std::ostream& err)
   : database_(database), connection_(database), settings_(settings), interactive_(interactive), out_(out), err_(err) {}

Outcome Shell::processLine(const std::string& line) {
   // As in psql, a backslash command may interrupt a statement being typed, which then goes on.
   if (isMetaCommand(line) && buffer_.acceptsBackslashCommand()) {
      MetaContext context{database_, settings_, interactive_, out_, err_};
      Outcome outcome = runMetaCommand(line, context);
      out_.flush();
      return outcome;
   }
   Outcome outcome = Outcome::Ok;
   for (const std::string& statement : buffer_.append(line)) {
      if (execute(statement)) continue;
      outcome = Outcome::Failed;
      if (!interactive_) break;
   }
   return outcome;
}

Outcome Shell::finishInput() {
   std::string rest = buffer_.take();
   if (isBlankSql(rest)) return Outcome::Ok;
   return execute(rest) ? Outcome::Ok : Outcome::Failed;
}

bool Shell::execute(const std::string& sql) {
   try {
      Result result = connection_.query(sql);
      printResult(result, settings_.format, out_);
      if (settings_.timing) out_ << timingLine(result.stats());
      out_.flush();
      return true;
   } catch (const std::exception& error) {
      out_.flush();
      printError(error, sql, err_);
   } catch (...) {
      out_.flush();
      printError(std::runtime_error("unexpected failure"), sql, err_);
   }
   return false;
}

}  // namespace kiln::shell
