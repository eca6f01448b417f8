// What a Result holds: the status of a statement and, for queries, typed columns of values.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "common/row_layout.h"
#include "common/string_heap.h"
#include "common/time_zone.h"
#include "common/value.h"
#include "kiln/kiln.h"
#include "runtime/row_buffer.h"

namespace kiln {

struct ResultData {
   /// The command tag as psql prints it ("CREATE TABLE"); one with a count (setStatus) is made
   /// when it is read (status()).
   mutable std::string statusTag;
   uint64_t rowsAffected = 0;
   StatementStats stats;
   bool hasRows = false;
   std::vector<std::string> names;
   // Values row by row, in the layout the query materialized them (and so of its fields' types);
   // strings point into `strings`.
   RowLayout layout;
   RowBuffer rows{1};
   StringHeap strings;
   /// The session's time zone when the statement ran: timestamptz values are shown in it.
   std::shared_ptr<const TimeZone> timeZone;

   /// Takes over the rows of a finished query, their memory and all (no copy); `buffer` is left
   /// empty, with this result's old memory when the row sizes match. The strings the rows point to
   /// are copied into `strings`: table columns and the query's arena change or go away.
   void takeRows(RowBuffer& buffer, const RowLayout& rowLayout);
   /// The rows the caller wrote into `rows`, laid out as `rowLayout`: as for takeRows, the
   /// strings they point to are copied into `strings`.
   void ownRows(const RowLayout& rowLayout);
   /// No rows and no status again, its memory kept: a prepared statement's next run fills it
   /// without allocating. The column names stay: they are the same until the statement is bound
   /// again, which lets its reusable result go.
   void clearForReuse();
   /// The status tag "`verb` `count`" ("SELECT 3", "INSERT 0 1"; `verb` a literal): written out
   /// only when read, as most statements of a transaction have theirs go unread.
   void setStatus(const char* verb, uint64_t count) {
      statusTag.clear();
      countedVerb_ = verb;
      count_ = count;
   }
   const std::string& status() const;
   /// Another result's status tag, as it is written out.
   void copyStatus(const ResultData& other) {
      statusTag = other.status();
      countedVerb_ = nullptr;
   }
   /// A result built from text cells (EXPLAIN, SHOW, ...): one TEXT column.
   void setTextRows(const std::string& column, const std::vector<std::string>& lines);
   /// A result of text columns `columns`, a row per entry of `table` (one cell per column).
   void setTextTable(const std::vector<std::string>& columns, const std::vector<std::vector<std::string>>& table);
   /// One more row of a one-column text result (setTextRows'), at the end.
   void appendTextRow(const std::string& line);
   size_t rowCount() const { return rows.size(); }
   /// Where column `column`'s values are; 2202E past the last column.
   const RowLayout::Field& field(size_t column) const {
      if (column >= layout.fields.size()) [[unlikely]]
         columnOutOfRange(column);
      return layout.fields[column];
   }
   /// The bytes of row `row`; 2202E past the last row. Inline: an application reads its
   /// transactions' results a value at a time.
   const char* rowAt(size_t row) const {
      if (row >= rows.size()) [[unlikely]]
         rowOutOfRange(row);
      return rows.row(row);
   }
   SqlType typeOf(size_t column) const { return field(column).type; }
   Value value(size_t row, size_t column) const;
   /// The bytes of a non-NULL cell of a string column, without copying them into a Value;
   /// nullopt for other cells.
   std::optional<std::string_view> stringAt(size_t row, size_t column) const;
   bool isNull(size_t row, size_t column) const {
      const RowLayout::Field& f = field(column);
      const char* bytes = rowAt(row);
      return f.nullOffset >= 0 && bytes[f.nullOffset] != 0;
   }

   private:
   mutable const char* countedVerb_ = nullptr;  // setStatus's, until status() writes the tag
   uint64_t count_ = 0;
   [[noreturn]] void rowOutOfRange(size_t row) const;
   [[noreturn]] void columnOutOfRange(size_t column) const;
};

}  // namespace kiln
