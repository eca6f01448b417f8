#include "engine/result_data.h"

#include <algorithm>
#include <cstring>

#include "common/german_string.h"
#include "common/physical_value.h"
#include "common/unaligned.h"

namespace kiln {

void ResultData::takeRows(RowBuffer& buffer, const RowLayout& rowLayout) {
   if (rows.rowSize() == buffer.rowSize()) std::swap(rows, buffer);
   else rows = std::move(buffer);
   buffer.clear();
   ownRows(rowLayout);
}

void ResultData::ownRows(const RowLayout& rowLayout) {
   layout = rowLayout;
   char** all = rows.rows();
   auto forEachOutOfLineString = [&](size_t begin, size_t end, auto visit) {
      for (auto& field : layout.fields) {
         if (!heldAsBytes(physicalTypeOf(field.type))) continue;
         for (size_t r = begin; r < end; ++r) {
            GermanString s;
            std::memcpy(&s, all[r] + field.offset, sizeof(s));
            if (!s.isInline()) visit(s, all[r] + field.offset);
         }
      }
   };
   // The bytes are mostly in table columns, cold: a batch of rows has its reads started at once,
   // so that their cache misses overlap instead of coming one after the other.
   constexpr size_t batch = 16;
   for (size_t begin = 0; begin < rows.size(); begin += batch) {
      size_t end = std::min(rows.size(), begin + batch), bytes = 0;
      forEachOutOfLineString(begin, end, [&](const GermanString& s, char*) {
         __builtin_prefetch(s.data());
         __builtin_prefetch(s.data() + s.length - 1);
         bytes += s.length;
      });
      // Most results of transactions are a row or a few: their strings get a small chunk (which
      // a reused result keeps for its next rows).
      if (rows.size() <= batch && bytes) strings.reserve(std::max<size_t>(bytes, 256));
      forEachOutOfLineString(begin, end, [&](const GermanString& s, char* target) {
         GermanString copy = GermanString::make(strings.store(s.view()));
         std::memcpy(target, &copy, sizeof(copy));
      });
   }
}

void ResultData::clearForReuse() {
   statusTag.clear();
   countedVerb_ = nullptr;
   rowsAffected = 0;
   stats = StatementStats();
   hasRows = false;
   rows.clear();
   strings.clearKeepingMemory();
}

const std::string& ResultData::status() const {
   if (countedVerb_) {
      statusTag = std::string(countedVerb_) + " " + std::to_string(count_);
      countedVerb_ = nullptr;
   }
   return statusTag;
}

void ResultData::setTextRows(const std::string& column, const std::vector<std::string>& lines) {
   std::vector<std::vector<std::string>> table;
   for (auto& line : lines) table.push_back({line});
   setTextTable({column}, table);
}

void ResultData::setTextTable(const std::vector<std::string>& columns, const std::vector<std::vector<std::string>>& table) {
   hasRows = true;
   names = columns;
   layout = RowLayout::make(std::vector<std::pair<SqlType, bool>>(columns.size(), {SqlType::text(), false}));
   rows = RowBuffer(layout.size);
   for (auto& cells : table) {
      char* row = rows.append();
      for (size_t c = 0; c < columns.size(); ++c) {
         GermanString s = GermanString::make(strings.store(cells[c]));
         std::memcpy(row + layout.fields[c].offset, &s, sizeof(s));
      }
   }
}

void ResultData::appendTextRow(const std::string& line) {
   char* row = rows.append();
   GermanString s = GermanString::make(strings.store(line));
   std::memcpy(row + layout.fields[0].offset, &s, sizeof(s));
}

void ResultData::rowOutOfRange(size_t row) const {
   throw Error("2202E", "row " + std::to_string(row) + " is out of range: the result has " + std::to_string(rows.size()) + " rows");
}

void ResultData::columnOutOfRange(size_t column) const {
   throw Error("2202E", "column " + std::to_string(column) + " is out of range: the result has " + std::to_string(layout.fields.size()) + " columns");
}

std::optional<std::string_view> ResultData::stringAt(size_t row, size_t column) const {
   if (physicalTypeOf(field(column).type) != PhysicalType::String || isNull(row, column)) return std::nullopt;
   // A view of the bytes in place: a short string's bytes are inside the GermanString itself.
   return reinterpret_cast<const GermanString*>(rowAt(row) + field(column).offset)->view();
}

Value ResultData::value(size_t row, size_t column) const {
   SqlType type = typeOf(column);
   if (isNull(row, column)) return Value::null(type);
   return valueFromBytes(rowAt(row) + field(column).offset, type, physicalTypeOf(type));
}

}  // namespace kiln
