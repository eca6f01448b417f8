// One column of a table: a contiguous array of fixed-width values, a NULL byte per row when the
// column is nullable, and a heap for the bytes of long strings.
#pragma once

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "common/physical_type.h"
#include "common/string_heap.h"
#include "common/value.h"
#include "storage/statistics.h"
#include "storage/zone_map.h"

namespace kiln {

class Column {
   public:
   Column(std::string name, SqlType type, bool notNull);
   ~Column();
   Column(const Column&) = delete;
   Column& operator=(const Column&) = delete;

   const std::string& name() const { return name_; }
   void setName(std::string name) { name_ = std::move(name); }
   /// The owning table's name, for error messages.
   void setTableName(std::string tableName) { tableName_ = std::move(tableName); }
   SqlType type() const { return type_; }
   bool notNull() const { return notNull_; }
   /// ALTER COLUMN SET NOT NULL (when no live row is NULL): the NULL flags go, handed back so
   /// that an undo can put them back (a deleted row may be NULL).
   std::vector<uint8_t> dropNullFlags();
   /// ALTER COLUMN DROP NOT NULL, or the undo of SET NOT NULL with the flags it handed back.
   void allowNulls(const std::vector<uint8_t>& flags = {});
   PhysicalType physicalType() const { return physical_; }

   /// DEFAULT: the expression's SQL text (empty: none), bound where an INSERT needs its value.
   const std::string& defaultSql() const { return defaultSql_; }
   void setDefaultSql(std::string sql) { defaultSql_ = std::move(sql); }
   /// An identity column (SERIAL, GENERATED ... AS IDENTITY) takes the next value of its counter
   /// when an INSERT gives none; ALWAYS refuses values given.
   enum class Identity : uint8_t { None, ByDefault, Always };
   Identity identity() const { return identity_; }
   void setIdentity(Identity identity) { identity_ = identity; }
   /// The identity value handed out next. Not undone by a rollback, as PostgreSQL's sequences.
   int64_t* identityCounter() { return &nextIdentity_; }
   int64_t nextIdentity() const { return nextIdentity_; }
   /// After recovery replayed rows: the counter moves past every value the column holds.
   void moveIdentityPast(int64_t value) { nextIdentity_ = std::max(nextIdentity_, value + 1); }
   size_t width() const { return width_; }

   /// Base of the value array; valid until the next append.
   uint8_t* data() const { return data_; }
   /// One byte per row, 1 = NULL; nullptr for NOT NULL columns.
   uint8_t* nulls() const { return nulls_; }
   size_t size() const { return size_; }

   void reserve(size_t rows);
   /// Appends a value already of this column's type (NULL only if the column is nullable).
   void append(const Value& value);
   /// Appends the raw bytes of one value (strings: a GermanString whose bytes are copied).
   void appendRaw(const void* bytes, bool isNull);
   /// Appends, from each of `rows`, the value at `offset` (raw bytes, as appendRaw takes them),
   /// NULL where the byte at `nullOffset` is set (-1: never). The caller has seen to it that no
   /// NULL goes into a NOT NULL column (notNullViolation). The type's copy is chosen once, not
   /// per value: a statement's rows go in column by column.
   void appendFromRows(std::span<char* const> rows, size_t offset, int nullOffset);
   /// 23502 for a NULL given to this column.
   [[noreturn]] void notNullViolation() const;
   /// Overwrites row `row` with the raw bytes of one value (strings: a GermanString, copied).
   void setRaw(size_t row, const void* bytes, bool isNull);
   /// Puts back bytes taken with rawAt (a string's header is restored as it was, not copied).
   void restoreRaw(size_t row, const void* bytes, bool isNull) {
      std::memcpy(data_ + row * width_, bytes, width_);
      if (nulls_) nulls_[row] = isNull;
      if (!isNull && ZoneMap::kept(physical_)) zones_.widen(row, ZoneMap::valueAt(physical_, bytes));
   }
   /// The raw bytes of row `row` (what setRaw takes).
   const uint8_t* rawAt(size_t row) const { return data_ + row * width_; }
   bool isNullAt(size_t row) const { return nulls_ && nulls_[row]; }
   /// Parses text in PostgreSQL's input format for this column's type and appends it.
   void appendText(std::string_view text);
   void appendNull();
   /// Moves all of `other`'s rows (same type) to the end of this column.
   void appendColumn(Column&& other);
   /// The value range of each complete block of rows (integer columns; otherwise none), brought
   /// up to date with the rows appended since.
   const ZoneMap& zoneMap() {
      if (ZoneMap::kept(physical_)) zones_.cover(physical_, data_, nulls_, size_);
      return zones_;
   }
   const ColumnStatistics& statistics() const { return statistics_; }
   void setStatistics(ColumnStatistics statistics) { statistics_ = statistics; }

   /// Drops rows past `rows` (undoes a failed statement's appends).
   void truncate(size_t rows);

   Value get(size_t row) const;

   private:
   uint8_t* slot() {
      if (size_ == capacity_) reserve(capacity_ ? capacity_ * 2 : 1024);
      if (nulls_) nulls_[size_] = 0;
      return data_ + size_++ * width_;
   }
   void storeString(uint8_t* target, std::string_view text);
   template <size_t width>
   void appendFixedFromRows(std::span<char* const> rows, size_t offset, int nullOffset);

   std::string name_;
   std::string tableName_;
   SqlType type_;
   bool notNull_;
   PhysicalType physical_;
   size_t width_;
   uint8_t* data_ = nullptr;
   uint8_t* nulls_ = nullptr;
   size_t size_ = 0;
   size_t capacity_ = 0;
   StringHeap strings_;
   ColumnStatistics statistics_;
   ZoneMap zones_;
   std::string defaultSql_;
   Identity identity_ = Identity::None;
   int64_t nextIdentity_ = 1;
};

}  // namespace kiln
