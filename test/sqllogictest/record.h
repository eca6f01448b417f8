// One record of a sqllogictest script (the format of SQLite's and DuckDB's SQL tests).
#pragma once

#include <cstddef>
#include <istream>
#include <string>
#include <string_view>
#include <vector>

namespace kiln::sqllogictest {

enum class RecordKind { Statement, Query, HashThreshold, Halt, Invalid };
enum class SortMode { NoSort, RowSort, ValueSort };

struct Record {
   RecordKind kind = RecordKind::Invalid;
   int line = 0;          // 1-based line of the command ("statement ok", "query I", ...)
   bool skipped = false;  // a skipif/onlyif condition excludes this engine
   std::string sql;
   bool expectError = false;            // statement error
   std::string types;                   // query: one character per result column
   SortMode sortMode = SortMode::NoSort;
   std::vector<std::string> expected;   // the lines after ----: result values or error text
   std::string problem;                 // Invalid: what is wrong with the record
};

/// Splits a script into records; `engine` is the name skipif/onlyif conditions are tested against.
std::vector<Record> parseScript(std::istream& in, std::string_view engine);

}  // namespace kiln::sqllogictest
