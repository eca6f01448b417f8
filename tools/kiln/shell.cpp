#include "shell.h"

#include <cctype>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <sstream>
#include <stdexcept>
#include <vector>

#include "error_printer.h"
#include "meta_commands.h"
#include "result_printer.h"
#include "shell_loop.h"

namespace kiln::shell {

namespace {

std::string timingLine(const StatementStats& stats) {
   char line[160];
   if (stats.onSnapshot)
      std::snprintf(line, sizeof(line), "Time: %.3f ms (compile %.3f ms; on a snapshot %.3f ms old, made in %.3f ms)\n", stats.totalMs, stats.compileMs,
                    stats.snapshotAgeMs, stats.snapshotMakeMs);
   else std::snprintf(line, sizeof(line), "Time: %.3f ms (compile %.3f ms)\n", stats.totalMs, stats.compileMs);
   return line;
}

bool isMetaCommand(const std::string& line) {
   size_t start = line.find_first_not_of(" \t");
   return start != std::string::npos && line[start] == '\\';
}

/// Past the parenthesized part that starts at `i` (quotes respected).
size_t skipParentheses(const std::string& text, size_t i) {
   int depth = 0;
   bool quoted = false;
   for (; i < text.size(); ++i) {
      char c = text[i];
      if (c == '\'') quoted = !quoted;
      if (quoted) continue;
      depth += c == '(' ? 1 : c == ')' ? -1 : 0;
      if (depth == 0) return i + 1;
   }
   return i;
}

size_t skipBlanks(const std::string& text, size_t i) {
   while (i < text.size() && std::isspace(static_cast<unsigned char>(text[i]))) ++i;
   return i;
}

size_t wordEnd(const std::string& text, size_t i) {
   while (i < text.size() && !std::isspace(static_cast<unsigned char>(text[i])) && text[i] != '(') ++i;
   return i;
}

/// The COPY statement for psql's `\copy` arguments, whose file name needs no quotes: quoted here
/// (STDIN, STDOUT and quoted names stay as they are).
std::string copyStatement(const std::string& arguments) {
   size_t i = skipBlanks(arguments, 0);
   i = i < arguments.size() && arguments[i] == '(' ? skipParentheses(arguments, i) : wordEnd(arguments, i);  // (query) or table
   i = skipBlanks(arguments, i);
   if (i < arguments.size() && arguments[i] == '(') i = skipParentheses(arguments, i);  // column list
   i = wordEnd(arguments, skipBlanks(arguments, i));  // FROM or TO
   size_t start = skipBlanks(arguments, i), end = start;
   while (end < arguments.size() && !std::isspace(static_cast<unsigned char>(arguments[end]))) ++end;
   std::string file = arguments.substr(start, end - start), upper = file;
   for (char& c : upper) c = char(std::toupper(static_cast<unsigned char>(c)));
   if (file.empty() || file[0] == '\'' || upper == "STDIN" || upper == "STDOUT") return "COPY " + arguments;
   std::string quoted = "'";
   for (char c : file) quoted += c == '\'' ? std::string("''") : std::string(1, c);
   return "COPY " + arguments.substr(0, start) + quoted + "'" + arguments.substr(end);
}

/// Whether `sql` is COPY ... FROM STDIN (words outside quotes and parentheses).
bool isCopyFromStdin(const std::string& sql) {
   std::vector<std::string> words;
   for (size_t i = skipBlanks(sql, 0); i < sql.size(); i = skipBlanks(sql, i)) {
      if (sql[i] == '(') {
         i = skipParentheses(sql, i);
         continue;
      }
      if (sql[i] == '\'' || sql[i] == '"') {
         size_t close = sql.find(sql[i], i + 1);
         i = close == std::string::npos ? sql.size() : close + 1;
         words.emplace_back();
         continue;
      }
      size_t end = wordEnd(sql, i);
      if (end == i) end = i + 1;
      std::string word = sql.substr(i, end - i);
      for (char& c : word) c = char(std::toupper(static_cast<unsigned char>(c)));
      while (!word.empty() && word.back() == ';') word.pop_back();
      words.push_back(word);
      i = end;
   }
   if (words.empty() || words[0] != "COPY") return false;
   for (size_t w = 1; w + 1 < words.size(); ++w)
      if (words[w] == "FROM" && words[w + 1] == "STDIN") return true;
   return false;
}

}  // namespace

Shell::Shell(Database& database, Settings settings, bool interactive, std::ostream& out, std::ostream& err)
   : database_(database), connection_(database), settings_(settings), interactive_(interactive), out_(out), err_(err) {}

Outcome Shell::processLine(const std::string& line) {
   if (copyStatement_) {
      if (line == "\\.") return finishCopy() ? Outcome::Ok : Outcome::Failed;
      copyRows_ += line;
      copyRows_ += '\n';
      return Outcome::Ok;
   }
   // As in psql, a backslash command may interrupt a statement being typed, which then goes on.
   if (isMetaCommand(line) && buffer_.acceptsBackslashCommand()) {
      if (auto outcome = runStatementCommand(line)) return *outcome;
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

std::optional<Outcome> Shell::runStatementCommand(const std::string& line) {
   std::istringstream words(line);
   std::string command, rest;
   words >> command;
   std::getline(words >> std::ws, rest);
   if (command == "\\copy") return execute(copyStatement(rest)) ? Outcome::Ok : Outcome::Failed;  // one process: paths are the shell's
   if (command != "\\i" && command != "\\include") return std::nullopt;
   while (!rest.empty() && (std::isspace(static_cast<unsigned char>(rest.back())) || rest.back() == ';')) rest.pop_back();
   if (rest.empty()) {
      err_ << "\\i: missing required argument\n";
      return Outcome::Failed;
   }
   std::ifstream file(rest);
   if (!file) {
      err_ << rest << ": " << std::strerror(errno) << '\n';
      return Outcome::Failed;
   }
   // The file's statements run as if typed here; in a script its first error stops everything.
   Outcome outcome = runScript(*this, file);
   return outcome == Outcome::Failed && interactive_ ? Outcome::Ok : outcome;
}

Outcome Shell::finishInput() {
   // As in psql, the end of the input also ends a COPY's rows.
   if (copyStatement_) return finishCopy() ? Outcome::Ok : Outcome::Failed;
   std::string rest = buffer_.take();
   if (isBlankSql(rest)) return Outcome::Ok;
   return execute(rest) ? Outcome::Ok : Outcome::Failed;
}

bool Shell::execute(const std::string& sql) {
   if (isCopyFromStdin(sql)) {
      copyStatement_ = sql;
      if (interactive_) out_ << "Enter data to be copied followed by a newline.\nEnd with a backslash and a period on a line by itself, or an EOF signal.\n";
      return true;
   }
   return report([&] { return connection_.query(sql); }, sql);
}

bool Shell::finishCopy() {
   std::string sql = std::move(*copyStatement_), rows = std::move(copyRows_);
   copyStatement_.reset();
   copyRows_.clear();
   return report([&] { return connection_.copyFrom(sql, rows); }, sql);
}

bool Shell::report(const std::function<Result()>& run, const std::string& sql) {
   try {
      Result result = run();
      printResult(result, settings_.format, settings_.expanded, out_);
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
