#include "record.h"

#include <sstream>

namespace kiln::sqllogictest {

namespace {

bool isBlank(const std::string& line) { return line.find_first_not_of(" \t") == std::string::npos; }

std::vector<std::string> splitWords(const std::string& line) {
   std::istringstream in(line);
   std::vector<std::string> words;
   for (std::string word; in >> word;) words.push_back(word);
   return words;
}

class Parser {
   public:
   Parser(std::istream& in, std::string_view engine) : engine_(engine) {
      for (std::string line; std::getline(in, line);) {
         if (!line.empty() && line.back() == '\r') line.pop_back();
         lines_.push_back(line);
      }
   }

   std::vector<Record> parse() {
      std::vector<Record> records;
      while (next_ < lines_.size()) {
         if (isBlank(lines_[next_]) || lines_[next_][0] == '#') {
            ++next_;
            continue;
         }
         records.push_back(parseRecord());
      }
      return records;
   }

   private:
   bool atRecordEnd() const { return next_ >= lines_.size() || isBlank(lines_[next_]); }

   Record parseRecord() {
      Record record;
      record.line = int(next_) + 1;
      std::vector<std::string> words = splitWords(lines_[next_]);
      // Conditions precede the command: "skipif ENGINE" / "onlyif ENGINE".
      while ((words[0] == "skipif" || words[0] == "onlyif") && words.size() >= 2) {
         bool matches = words[1] == engine_;
         if ((words[0] == "skipif") == matches) record.skipped = true;
         ++next_;
         if (atRecordEnd()) {
            record.skipped = false;  // a malformed script is reported whatever the condition
            return invalid(record, "condition without a command");
         }
         record.line = int(next_) + 1;
         words = splitWords(lines_[next_]);
      }
      ++next_;

      const std::string& command = words[0];
      if (command == "statement" && words.size() >= 2 && (words[1] == "ok" || words[1] == "error")) {
         record.kind = RecordKind::Statement;
         record.expectError = words[1] == "error";
         readBody(record);
      } else if (command == "query" && words.size() >= 2) {
         record.kind = RecordKind::Query;
         record.types = words[1];
         // A label may follow the sort mode; it only names results for hashing, so it is ignored.
         if (words.size() >= 3) {
            if (words[2] == "rowsort") record.sortMode = SortMode::RowSort;
            else if (words[2] == "valuesort") record.sortMode = SortMode::ValueSort;
            else if (words[2] != "nosort") return invalid(record, "unknown sort mode '" + words[2] + "'");
         }
         readBody(record);
      } else if (command == "hash-threshold" && words.size() == 2) {
         record.kind = RecordKind::HashThreshold;
      } else if (command == "halt") {
         record.kind = RecordKind::Halt;
      } else {
         return invalid(record, "unknown command '" + lines_[record.line - 1] + "'");
      }
      return record;
   }

   /// Reads the SQL up to "----" or a blank line, then the expected lines up to a blank line.
   void readBody(Record& record) {
      std::string sql;
      while (!atRecordEnd() && lines_[next_] != "----") {
         if (!sql.empty()) sql += '\n';
         sql += lines_[next_++];
      }
      record.sql = sql;
      if (atRecordEnd()) return;
      ++next_;  // ----
      while (!atRecordEnd()) record.expected.push_back(lines_[next_++]);
   }

   Record invalid(Record& record, std::string problem) {
      record.kind = RecordKind::Invalid;
      record.problem = std::move(problem);
      while (!atRecordEnd()) ++next_;
      return record;
   }

   std::string_view engine_;
   std::vector<std::string> lines_;
   size_t next_ = 0;
};

}  // namespace

std::vector<Record> parseScript(std::istream& in, std::string_view engine) { return Parser(in, engine).parse(); }

}  // namespace kiln::sqllogictest
