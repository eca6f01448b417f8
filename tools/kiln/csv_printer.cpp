#include "csv_printer.h"

#include <string>
#include <string_view>

#include <kiln/kiln.h>

namespace kiln::shell {

namespace {

// COPY's rules: an empty string is quoted to keep it apart from NULL (an empty unquoted field), and with a
// single column "\." is quoted so it cannot be read as the end-of-data marker.
bool needsQuotes(std::string_view field, bool singleColumn) {
   return field.empty() || (singleColumn && field == "\\.") || field.find_first_of(",\"\r\n") != std::string_view::npos;
}

void appendField(std::string& line, std::string_view field, bool singleColumn) {
   if (!needsQuotes(field, singleColumn)) {
      line += field;
      return;
   }
   line += '"';
   for (char c : field) {
      if (c == '"') line += '"';
      line += c;
   }
   line += '"';
}

}  // namespace

void printCsv(const Result& result, std::ostream& out) {
   size_t columns = result.columnCount();
   bool singleColumn = columns == 1;
   std::string line;
   for (size_t column = 0; column < columns; ++column) {
      if (column > 0) line += ',';
      appendField(line, result.columnName(column), singleColumn);
   }
   out << line << '\n';
   for (size_t row = 0; row < result.rowCount(); ++row) {
      line.clear();
      for (size_t column = 0; column < columns; ++column) {
         if (column > 0) line += ',';
         if (!result.isNull(row, column)) appendField(line, result.getString(row, column), singleColumn);
      }
      out << line << '\n';
   }
}

}  // namespace kiln::shell
