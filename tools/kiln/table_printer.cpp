#include "table_printer.h"

#include <algorithm>
#include <cstdio>
#include <string_view>

#include <kiln/kiln.h>

namespace kiln::shell {

namespace {

/// Characters, not bytes, decide the column width: UTF-8 continuation bytes take no room.
size_t displayWidth(std::string_view text) {
   return std::count_if(text.begin(), text.end(), [](char c) { return (static_cast<unsigned char>(c) & 0xC0) != 0x80; });
}

/// The lines a cell occupies on screen, as psql draws them: a newline starts a new line, a tab becomes
/// spaces up to the next multiple of 8, \r and other control characters are shown escaped (\r, \x01).
std::vector<std::string> displayLines(std::string_view text) {
   std::vector<std::string> lines(1);
   size_t width = 0;
   for (char c : text) {
      auto byte = static_cast<unsigned char>(c);
      if (c == '\n') {
         lines.emplace_back();
         width = 0;
      } else if (c == '\r') {
         lines.back() += "\\r";
         width += 2;
      } else if (c == '\t') {
         do {
            lines.back() += ' ';
         } while (++width % 8 != 0);
      } else if (byte < 0x20 || byte == 0x7F) {
         char escaped[8];
         std::snprintf(escaped, sizeof(escaped), "\\x%02X", byte);
         lines.back() += escaped;
         width += 4;
      } else {
         lines.back() += c;
         if ((byte & 0xC0) != 0x80) ++width;
      }
   }
   return lines;
}

std::vector<std::vector<std::string>> splitCells(const std::vector<std::string>& cells) {
   std::vector<std::vector<std::string>> lines;
   lines.reserve(cells.size());
   for (const std::string& cell : cells) lines.push_back(displayLines(cell));
   return lines;
}

size_t lineCount(const std::vector<std::vector<std::string>>& cellLines) {
   size_t count = 1;
   for (const auto& lines : cellLines) count = std::max(count, lines.size());
   return count;
}

std::vector<size_t> columnWidths(const TextTable& table) {
   std::vector<size_t> widths(table.headers.size(), 0);
   auto widen = [&](size_t column, const std::string& text) {
      for (const std::string& line : displayLines(text)) widths[column] = std::max(widths[column], displayWidth(line));
   };
   for (size_t column = 0; column < widths.size(); ++column) widen(column, table.headers[column]);
   for (const auto& row : table.rows)
      for (size_t column = 0; column < widths.size(); ++column) widen(column, row[column]);
   return widths;
}

void printTitle(const std::string& title, const std::vector<size_t>& widths, std::ostream& out) {
   size_t total = widths.empty() ? 0 : widths.size() * 3 - 1;
   for (size_t width : widths) total += width;
   size_t width = displayWidth(title);
   std::string indent(width >= total ? 0 : (total - width) / 2, ' ');
   out << indent << title << '\n';
}

// Headers are centered and padded in every column; a "+" marks a header that continues on the next line.
void printHeader(const std::vector<std::string>& headers, const std::vector<size_t>& widths, std::ostream& out) {
   auto cellLines = splitCells(headers);
   for (size_t lineNo = 0, count = lineCount(cellLines); lineNo < count; ++lineNo) {
      std::string text;
      for (size_t column = 0; column < widths.size(); ++column) {
         const auto& lines = cellLines[column];
         text += ' ';
         if (lineNo < lines.size()) {
            size_t space = widths[column] - displayWidth(lines[lineNo]);
            text.append(space / 2, ' ');
            text += lines[lineNo];
            text.append((space + 1) / 2, ' ');
         } else {
            text.append(widths[column], ' ');
         }
         text += lineNo + 1 < lines.size() ? '+' : ' ';
         if (column + 1 < widths.size()) text += '|';
      }
      out << text << '\n';
   }
}

void printRule(const std::vector<size_t>& widths, std::ostream& out) {
   std::string text;
   for (size_t column = 0; column < widths.size(); ++column) {
      if (column > 0) text += '+';
      text.append(widths[column] + 2, '-');
   }
   out << text << '\n';
}

// Like psql, the last column is not padded on the right, so lines carry no trailing blanks.
void printRow(const std::vector<std::string>& row, const std::vector<size_t>& widths, const std::vector<bool>& rightAligned, std::ostream& out) {
   auto cellLines = splitCells(row);
   for (size_t lineNo = 0, count = lineCount(cellLines); lineNo < count; ++lineNo) {
      std::string text;
      for (size_t column = 0; column < widths.size(); ++column) {
         const auto& lines = cellLines[column];
         bool last = column + 1 == widths.size();
         bool continues = lineNo + 1 < lines.size();
         text += ' ';
         if (lineNo >= lines.size()) {
            if (!last) text.append(widths[column], ' ');
         } else {
            size_t space = widths[column] - displayWidth(lines[lineNo]);
            if (rightAligned[column]) {
               text.append(space, ' ');
               text += lines[lineNo];
            } else {
               text += lines[lineNo];
               if (!last || continues) text.append(space, ' ');
            }
         }
         if (continues) text += '+';
         else if (!last) text += ' ';
         if (!last) text += '|';
      }
      out << text << '\n';
   }
}

}  // namespace

void printTextTable(const TextTable& table, std::ostream& out) {
   auto widths = columnWidths(table);
   if (!table.title.empty()) printTitle(table.title, widths, out);
   if (widths.empty()) {
      out << "--\n";  // what psql draws for a result without columns (SELECT;)
   } else {
      printHeader(table.headers, widths, out);
      printRule(widths, out);
      for (const auto& row : table.rows) printRow(row, widths, table.rightAligned, out);
   }
   for (const std::string& footer : table.footers) out << footer << '\n';
   out << '\n';
}

std::string rowCountFooter(size_t rows) {
   if (rows == 1) return "(1 row)";
   std::string footer = "(";  // built piecewise: GCC 12's -Wrestrict misfires on "(" + to_string(rows) at -O2
   footer += std::to_string(rows);
   footer += " rows)";
   return footer;
}

void printTable(const Result& result, std::ostream& out) {
   TextTable table;
   size_t columns = result.columnCount();
   for (size_t column = 0; column < columns; ++column) {
      table.headers.push_back(result.columnName(column));
      table.rightAligned.push_back(result.columnType(column).isNumeric());
   }
   table.rows.reserve(result.rowCount());
   for (size_t row = 0; row < result.rowCount(); ++row) {
      std::vector<std::string> cells;
      cells.reserve(columns);
      for (size_t column = 0; column < columns; ++column) cells.push_back(result.getString(row, column));
      table.rows.push_back(std::move(cells));
   }
   table.footers.push_back(rowCountFooter(result.rowCount()));
   printTextTable(table, out);
}

void printExpanded(const Result& result, std::ostream& out) {
   if (result.rowCount() == 0) {
      out << rowCountFooter(0) << "\n\n";
      return;
   }
   size_t columns = result.columnCount(), nameWidth = 0, valueWidth = 0;
   for (size_t column = 0; column < columns; ++column) nameWidth = std::max(nameWidth, displayWidth(result.columnName(column)));
   std::vector<std::vector<std::vector<std::string>>> rows(result.rowCount());
   for (size_t row = 0; row < result.rowCount(); ++row)
      for (size_t column = 0; column < columns; ++column) {
         rows[row].push_back(displayLines(result.getString(row, column)));
         for (const std::string& line : rows[row].back()) valueWidth = std::max(valueWidth, displayWidth(line));
      }
   for (size_t row = 0; row < rows.size(); ++row) {
      // The record's rule spans the name and value columns when they are wider than its label.
      std::string header = "-[ RECORD " + std::to_string(row + 1) + " ]";
      size_t total = nameWidth + 3 + valueWidth;
      if (header.size() < total) header.append(total - header.size(), '-');
      out << header << '\n';
      for (size_t column = 0; column < columns; ++column) {
         const std::string& name = result.columnName(column);
         const std::vector<std::string>& lines = rows[row][column];
         for (size_t lineNo = 0; lineNo < lines.size(); ++lineNo) {
            std::string text = lineNo == 0 ? name : "";
            text.append(nameWidth - displayWidth(text), ' ');
            text += " | " + lines[lineNo];
            // A value that goes on to another line ends its line, padded, with a '+'.
            if (lineNo + 1 < lines.size()) text.append(valueWidth - displayWidth(lines[lineNo]), ' ') += '+';
            out << text << '\n';
         }
      }
   }
   out << '\n';
}

}  // namespace kiln::shell
