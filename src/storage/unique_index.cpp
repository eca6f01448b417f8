#include "storage/unique_index.h"

#include <algorithm>
#include <cstring>
#include <string_view>

#include "common/float_key.h"
#include "common/german_string.h"
#include "common/hash_mix.h"
#include "common/packed_numeric.h"
#include "common/row_layout.h"
#include "common/unaligned.h"
#include "storage/index_key.h"
#include "storage/ordered_key.h"
#include "storage/table.h"

namespace kiln {

namespace {

/// A view of the string stored at `raw` (short strings live inside the 16 bytes themselves).
std::string_view stringAt(const void* raw) { return static_cast<const GermanString*>(raw)->view(); }

// Lookup credit: each lookup down the tree earns one, each insert spends this many. The hash
// table is made at a credit of a sixteenth of the rows (at least minimumCredit): about when the
// lookups' extra cost has paid for filling it.
constexpr int64_t insertCost = 4;
constexpr int64_t minimumCredit = 1024;

}  // namespace

UniqueIndex::UniqueIndex(const Table& table, std::string name, std::vector<size_t> columns, UniqueKind kind)
   : name_(std::move(name)), columns_(std::move(columns)), kind_(kind) {
   std::vector<std::pair<SqlType, bool>> fields;
   size_t keyBytes = 0;
   for (size_t c : columns_) {
      PhysicalType type = table.column(c).physicalType();
      types_.push_back(type);
      widths_.push_back(table.column(c).width());
      fields.push_back({table.column(c).type(), false});
      keyBytes += widths_.back();
      // Floats (0.0 = -0.0), intervals ('1 day' = '24 hours'), strings and numerics (1.1 = 1.10) may
      // be equal with other bytes.
      bool bytesAreValue = type == PhysicalType::Bool || type == PhysicalType::Int16 || type == PhysicalType::Int32 || type == PhysicalType::Int64 ||
                           type == PhysicalType::Int128;
      packed_ = packed_ && bytesAreValue;
   }
   packed_ = packed_ && keyBytes <= sizeof(KeySlots::Key);
   hashed_ = !packed_;
   for (auto& field : RowLayout::make(fields).fields) keyRowOffsets_.push_back(field.offset);
   size_t at = 0;
   bool adjacent = true;
   for (size_t i = 0; i < columns_.size(); at += widths_[i], ++i) adjacent = adjacent && keyRowOffsets_[i] == at;
   if (packed_ && adjacent) packedBytes_ = keyBytes;
   inlineOrderedKey_ = orderedKeyFitsInline(table, columns_);
}

bool UniqueIndex::covers(size_t column) const { return std::find(columns_.begin(), columns_.end(), column) != columns_.end(); }

template <typename ValueAt>
void UniqueIndex::keyOf(ValueAt valueAt, KeySlots::Key& key) const {
   key = {0, 0};
   if (packed_) {
      char* bytes = reinterpret_cast<char*>(key.data());
      for (size_t i = 0; i < columns_.size(); bytes += widths_[i], ++i) std::memcpy(bytes, valueAt(i), widths_[i]);
      return;
   }
   uint64_t h = 0x9e3779b97f4a7c15ULL;
   for (size_t i = 0; i < columns_.size(); ++i) {
      const void* raw = valueAt(i);
      if (types_[i] == PhysicalType::String) {
         h = mixBits(h ^ std::hash<std::string_view>()(stringAt(raw)));
         continue;
      }
      if (types_[i] == PhysicalType::Numeric) {
         h = mixBits(h ^ packed_numeric::hash(loadUnaligned<GermanString>(raw)));
         continue;
      }
      if (types_[i] == PhysicalType::Double || types_[i] == PhysicalType::Float) {
         double d = canonicalDouble(types_[i] == PhysicalType::Double ? loadUnaligned<double>(raw) : loadUnaligned<float>(raw));
         uint64_t bits;
         std::memcpy(&bits, &d, sizeof(bits));
         h = mixBits(h ^ bits);
         continue;
      }
      for (size_t at = 0; at < widths_[i]; at += 8) {
         uint64_t word = 0;
         std::memcpy(&word, static_cast<const char*>(raw) + at, std::min<size_t>(8, widths_[i] - at));
         h = mixBits(h ^ word);
      }
   }
   key[0] = h;
}

template <typename ValueAt>
bool UniqueIndex::rowHasKey(const Table& table, size_t row, ValueAt valueAt) const {
   for (size_t i = 0; i < columns_.size(); ++i) {
      const void* stored = table.column(columns_[i]).rawAt(row);
      const void* wanted = valueAt(i);
      bool equal;
      switch (types_[i]) {
         // The common widths compared as integers: no call for four bytes.
         case PhysicalType::Int32: equal = loadUnaligned<uint32_t>(stored) == loadUnaligned<uint32_t>(wanted); break;
         case PhysicalType::Int64: equal = loadUnaligned<uint64_t>(stored) == loadUnaligned<uint64_t>(wanted); break;
         case PhysicalType::String: equal = stringAt(stored) == stringAt(wanted); break;
         case PhysicalType::Numeric: equal = packed_numeric::equal(loadUnaligned<GermanString>(stored), loadUnaligned<GermanString>(wanted)); break;
         case PhysicalType::Double: equal = sameFloatKey(loadUnaligned<double>(stored), loadUnaligned<double>(wanted)); break;
         case PhysicalType::Float: equal = sameFloatKey(loadUnaligned<float>(stored), loadUnaligned<float>(wanted)); break;
         default: equal = std::memcmp(stored, wanted, widths_[i]) == 0;
      }
      if (!equal) return false;
   }
   return true;
}

bool UniqueIndex::hasNullKey(const Table& table, size_t row) const {
   for (size_t c : columns_)
      if (table.column(c).isNullAt(row)) return true;
   return false;
}

int64_t UniqueIndex::add(const Table& table, size_t row) {
   auto valueAt = [&](size_t i) -> const void* { return table.column(columns_[i]).rawAt(row); };
   KeySlots::Key key;
   if (packed_) {
      int64_t holder = ordered_.insertUnique(nodeKeyOfRow(table, columns_, row, inlineOrderedKey_, orderedKey_), row);
      if (holder != int64_t(row)) return holder;
      if (hashed_) {
         keyOf(valueAt, key);
         slots_.add(key, int64_t(row));
      } else {
         lookupCredit_ = std::max<int64_t>(0, lookupCredit_ - insertCost);
      }
      return holder;
   }
   keyOf(valueAt, key);
   int64_t holder = slots_.insert(key, int64_t(row), [&](int64_t candidate) { return rowHasKey(table, size_t(candidate), valueAt); });
   if (holder == int64_t(row)) ordered_.insert(nodeKeyOfRow(table, columns_, row, inlineOrderedKey_, orderedKey_), row);
   return holder;
}

template <typename ValueAt>
int64_t UniqueIndex::lookUp(const Table& table, ValueAt valueAt) const {
   if (!hashed_ && ++lookupCredit_ >= std::max<int64_t>(minimumCredit, int64_t(ordered_.size() / 16))) hashAll(table);
   if (!hashed_) {
      auto encode = [&](auto& target) {
         OrderedKey encoder(target);
         for (size_t i = 0; i < columns_.size(); ++i) encoder.append(types_[i], valueAt(i));
      };
      if (inlineOrderedKey_) {
         InlineKeyBytes key;
         encode(key);
         return ordered_.findUnique(NodeKey(key));
      }
      orderedKey_.clear();
      encode(orderedKey_);
      return ordered_.findUnique(orderedKey_);
   }
   if (slots_.growing()) [[unlikely]]
      slots_.migrateSome();
   KeySlots::Key key;
   keyOf(valueAt, key);
   return slots_.find(key, [&](int64_t candidate) { return packed_ || rowHasKey(table, size_t(candidate), valueAt); });
}

void UniqueIndex::hashAll(const Table& table) const {
   ordered_.scan(nullptr, false, nullptr, false, [&](size_t row) {
      KeySlots::Key key;
      keyOf([&](size_t i) -> const void* { return table.column(columns_[i]).rawAt(row); }, key);
      slots_.add(key, int64_t(row));
   });
   slots_.finishGrowth();
   hashed_ = true;
}

void UniqueIndex::insert(const Table& table, size_t row) {
   if (hasNullKey(table, row)) return;
   int64_t holder = add(table, row);
   if (holder == int64_t(row)) return;
   throw Error("23505", "duplicate key value violates unique constraint \"" + name_ + "\"", 0,
               "Key (" + table.columnNames(columns_) + ")=(" + table.valuesAt(columns_, row) + ") already exists.");
}

void UniqueIndex::insertQuietly(const Table& table, size_t row) {
   if (!hasNullKey(table, row)) add(table, row);
}

void UniqueIndex::erase(const Table& table, size_t row) {
   if (hasNullKey(table, row)) return;
   if (hashed_) {
      KeySlots::Key key;
      keyOf([&](size_t i) -> const void* { return table.column(columns_[i]).rawAt(row); }, key);
      if (!slots_.erase(key, int64_t(row))) return;
   }
   ordered_.erase(nodeKeyOfRow(table, columns_, row, inlineOrderedKey_, orderedKey_), row);
}

// Inlined into the lookups (and their prefetches): a transaction makes dozens of them.
[[gnu::always_inline]] inline void UniqueIndex::keyOfKeyRow(const char* keyRow, KeySlots::Key& key) const {
   if (!packedBytes_) [[unlikely]]
      return keyOf([&](size_t i) -> const void* { return keyRow + keyRowOffsets_[i]; }, key);
   // Copies of constant sizes, which the compiler makes loads of (a lookup's most common work).
   key = {0, 0};
   char* bytes = reinterpret_cast<char*>(key.data());
   size_t size = packedBytes_, at = 0;
   if (size - at >= 8) std::memcpy(bytes + at, keyRow + at, 8), at += 8;
   if (size - at >= 4) std::memcpy(bytes + at, keyRow + at, 4), at += 4;
   if (size - at >= 4) std::memcpy(bytes + at, keyRow + at, 4), at += 4;
   if (size - at >= 2) std::memcpy(bytes + at, keyRow + at, 2), at += 2;
   if (size - at >= 1) std::memcpy(bytes + at, keyRow + at, 1);
}

int64_t UniqueIndex::find(const Table& table, const char* keyRow) const {
   if (hashed_) {
      if (slots_.growing()) [[unlikely]]
         slots_.migrateSome();
      KeySlots::Key key;
      keyOfKeyRow(keyRow, key);
      return slots_.find(key, [&](int64_t candidate) {
         return packed_ || rowHasKey(table, size_t(candidate), [&](size_t i) -> const void* { return keyRow + keyRowOffsets_[i]; });
      });
   }
   return lookUp(table, [&](size_t i) -> const void* { return keyRow + keyRowOffsets_[i]; });
}

void UniqueIndex::prefetch(const char* keyRow) const {
   if (!hashed_) return;  // the tree's upper levels are in cache
   KeySlots::Key key;
   keyOfKeyRow(keyRow, key);
   slots_.prefetch(key);
}

int64_t UniqueIndex::findValues(const Table& table, const void* const* values) const {
   return lookUp(table, [&](size_t i) { return values[i]; });
}

}  // namespace kiln
