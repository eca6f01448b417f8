#include "runner.h"

#include "record.h"
#include "result_check.h"

#include <kiln/kiln.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <stdexcept>

namespace kiln::sqllogictest {

namespace {

constexpr std::string_view kEngine = "kiln";

std::string replaceAll(std::string text, const std::string& token, const std::string& replacement) {
   for (size_t at = 0; (at = text.find(token, at)) != std::string::npos; at += replacement.size()) text.replace(at, token.size(), replacement);
   return text;
}

std::string indent(const std::string& text) {
   std::string out = "  ";
   for (char c : text) {
      out += c;
      if (c == '\n') out += "  ";
   }
   return out;
}

/// A directory of the script run's own (__SCRATCH__), so that scripts writing files can run
/// side by side, as ctest runs them; removed with everything in it at the end of the run.
class ScratchDirectory {
   public:
   ScratchDirectory() {
      std::string pattern = (std::filesystem::temp_directory_path() / "kiln-sqllogictest-XXXXXX").string();
      if (::mkdtemp(pattern.data()) == nullptr)
         throw std::runtime_error("cannot create a scratch directory in " + std::filesystem::temp_directory_path().string());
      path_ = pattern;
   }
   ~ScratchDirectory() {
      std::error_code ignored;
      std::filesystem::remove_all(path_, ignored);
   }
   ScratchDirectory(const ScratchDirectory&) = delete;
   ScratchDirectory& operator=(const ScratchDirectory&) = delete;
   const std::string& path() const { return path_; }

   private:
   std::string path_;
};

std::string describe(const Error& error, const std::string& sql) { return error.sqlstate() + ": " + error.message() + "\n" + error.format(sql); }

class ScriptRun {
   public:
   ScriptRun(std::string path, const RunnerOptions& options) : path_(std::move(path)), options_(options) {}

   Tally run() {
      std::ifstream in(path_);
      if (!in) {
         std::cout << path_ << ": cannot open\n";
         return {0, 1};
      }
      Database database;
      Connection connection(database);
      if (options_.threads > 0) connection.query("SET threads = " + std::to_string(options_.threads));
      for (const Record& record : parseScript(in, kEngine)) {
         if (record.skipped) continue;
         if (record.kind == RecordKind::Halt) break;
         if (record.kind == RecordKind::HashThreshold) continue;  // hashes are compared whenever a record expects one
         std::optional<std::string> failure = check(connection, record);
         if (failure) {
            ++tally_.failed;
            std::cout << path_ << ":" << record.line << ": " << *failure;
            if (!record.sql.empty()) std::cout << "SQL:\n" << indent(sql(record)) << "\n";
            std::cout << "\n";
         } else {
            ++tally_.passed;
         }
      }
      return tally_;
   }

   private:
   std::string sql(const Record& record) const {
      std::string text = replaceAll(replaceAll(record.sql, "__SHARED__", options_.sharedDir), "__DATA__", options_.dataDir);
      return replaceAll(replaceAll(std::move(text), "__TESTDIR__", options_.testDir), "__SCRATCH__", scratch_.path());
   }

   std::optional<std::string> check(Connection& connection, const Record& record) const {
      std::string text = sql(record);
      try {
         switch (record.kind) {
            case RecordKind::Invalid: return "invalid record: " + record.problem + "\n";
            case RecordKind::Statement: return checkStatement(connection, record, text);
            case RecordKind::Query: {
               std::optional<std::string> mismatch = checkQueryResult(connection.query(text), record);
               if (mismatch) return "wrong query result\n" + *mismatch;
               return std::nullopt;
            }
            default: return std::nullopt;
         }
      } catch (const Error& error) {
         return "unexpected error " + describe(error, text) + "\n";
      } catch (const std::exception& error) {
         return std::string("unexpected non-SQL exception: ") + error.what() + "\n";
      }
   }

   static std::optional<std::string> checkStatement(Connection& connection, const Record& record, const std::string& text) {
      if (!record.expectError) {
         connection.query(text);
         return std::nullopt;
      }
      try {
         connection.query(text);
      } catch (const Error& error) {
         std::string expected;
         for (const auto& line : record.expected) expected += (expected.empty() ? "" : "\n") + line;
         std::string actual = error.sqlstate() + ": " + error.message();
         if (actual.find(expected) != std::string::npos) return std::nullopt;
         return "wrong error\nexpected (a substring of \"SQLSTATE: message\"):\n  " + expected + "\nactual:\n  " + actual + "\n";
      }
      return "statement succeeded, an error was expected\n";
   }

   std::string path_;
   const RunnerOptions& options_;
   ScratchDirectory scratch_;
   Tally tally_;
};

}  // namespace

Tally runScript(const std::string& path, const RunnerOptions& options) { return ScriptRun(path, options).run(); }

}  // namespace kiln::sqllogictest
