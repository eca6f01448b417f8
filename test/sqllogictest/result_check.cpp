#include "result_check.h"

#include "md5.h"

#include <algorithm>
#include <regex>

namespace kiln::sqllogictest {

namespace {

using Rows = std::vector<std::vector<std::string>>;

/// sqllogictest's spelling of a value: NULL and (empty) keep them apart from real strings.
Rows actualRows(const Result& result) {
   Rows rows(result.rowCount());
   for (size_t row = 0; row < rows.size(); ++row)
      for (size_t column = 0; column < result.columnCount(); ++column) {
         std::string value = result.isNull(row, column) ? "NULL" : result.getString(row, column);
         rows[row].push_back(value.empty() ? "(empty)" : value);
      }
   return rows;
}

std::vector<std::string> splitTabs(const std::string& line) {
   std::vector<std::string> values;
   size_t start = 0;
   for (size_t tab; (tab = line.find('\t', start)) != std::string::npos; start = tab + 1) values.push_back(line.substr(start, tab - start));
   values.push_back(line.substr(start));
   return values;
}

Rows expectedRows(const std::vector<std::string>& lines, size_t columns, size_t actualRowCount) {
   bool classic = columns > 1 && lines.size() == actualRowCount * columns &&
                  std::none_of(lines.begin(), lines.end(), [](const std::string& line) { return line.find('\t') != std::string::npos; });
   Rows rows;
   if (classic) {
      for (size_t i = 0; i < lines.size(); i += columns) rows.emplace_back(lines.begin() + i, lines.begin() + i + columns);
   } else {
      for (const std::string& line : lines) rows.push_back(splitTabs(line));
   }
   return rows;
}

/// Applies the record's sort mode; valuesort leaves one value per row.
Rows sorted(Rows rows, SortMode mode) {
   if (mode == SortMode::RowSort) std::sort(rows.begin(), rows.end());
   if (mode == SortMode::ValueSort) {
      std::vector<std::string> values;
      for (const auto& row : rows) values.insert(values.end(), row.begin(), row.end());
      std::sort(values.begin(), values.end());
      rows.clear();
      for (auto& value : values) rows.push_back({std::move(value)});
   }
   return rows;
}

std::string format(const Rows& rows) {
   std::string text;
   for (const auto& row : rows) {
      for (size_t i = 0; i < row.size(); ++i) text += (i ? "\t" : "") + row[i];
      text += '\n';
   }
   return text;
}

std::string report(const std::vector<std::string>& expected, const Rows& actual) {
   std::string text = "expected:\n";
   for (const auto& line : expected) text += line + '\n';
   return text + "actual:\n" + format(actual);
}

}  // namespace

std::optional<std::string> checkQueryResult(const Result& result, const Record& record) {
   if (result.columnCount() != record.types.size())
      return "the query returns " + std::to_string(result.columnCount()) + " columns, the record's type string '" + record.types + "' names " +
             std::to_string(record.types.size()) + "\n";
   Rows actual = sorted(actualRows(result), record.sortMode);

   static const std::regex hashLine(R"(^(\d+) values hashing to ([0-9a-f]{32})$)");
   std::smatch match;
   if (record.expected.size() == 1 && std::regex_match(record.expected[0], match, hashLine)) {
      // Like sqllogictest: the MD5 of every value followed by a newline, in (sorted) result order.
      std::string all;
      size_t count = 0;
      for (const auto& row : actual)
         for (const auto& value : row) {
            all += value + '\n';
            ++count;
         }
      std::string hash = std::to_string(count) + " values hashing to " + md5Hex(all);
      if (hash == record.expected[0]) return std::nullopt;
      return "expected:\n" + record.expected[0] + "\nactual:\n" + hash + "\n" + format(actual);
   }

   Rows expected = sorted(expectedRows(record.expected, result.columnCount(), result.rowCount()), record.sortMode);
   if (expected == actual) return std::nullopt;
   return report(record.expected, actual);
}

}  // namespace kiln::sqllogictest
