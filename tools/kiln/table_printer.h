// psql's aligned output format (border 1): centered headers, a -+- rule, numbers right-aligned.
#pragma once

#include <ostream>
#include <string>
#include <vector>

namespace kiln {
class Result;
}

namespace kiln::shell {

/// Text cells plus what psql prints around them.
struct TextTable {
   std::string title;  // centered above the table when not empty
   std::vector<std::string> headers;
   std::vector<bool> rightAligned;  // one per column
   std::vector<std::vector<std::string>> rows;
   std::vector<std::string> footers;  // lines below the table, e.g. "(3 rows)"
};

void printTextTable(const TextTable& table, std::ostream& out);

/// "(1 row)" or "(N rows)".
std::string rowCountFooter(size_t rows);

/// A query result the way psql prints it, NULL as an empty cell.
void printTable(const Result& result, std::ostream& out);

/// The same in psql's expanded display (\x): a "-[ RECORD n ]" block per row, a line per column.
void printExpanded(const Result& result, std::ostream& out);

}  // namespace kiln::shell
