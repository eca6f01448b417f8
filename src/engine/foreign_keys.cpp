#include "engine/foreign_keys.h"

#include <algorithm>
#include <array>
#include <cstring>
#include <limits>
#include <unordered_set>

#include "common/german_string.h"
#include "common/unaligned.h"
#include "engine/check_validation.h"
#include "parser/check_constraint_binder.h"
#include "storage/ordered_key.h"
#include "storage/undo_log.h"

namespace kiln {

namespace {

/// A foreign key against the tables as they are: its column pairs in the order of the columns of
/// the referenced table's unique index that it references.
struct Resolved {
   const ForeignKey* key = nullptr;
   const Table* child = nullptr;
   const Table* parent = nullptr;
   const UniqueIndex* parentIndex = nullptr;
   std::vector<size_t> childColumns, parentColumns;  // in the order of the parent index's columns
   std::vector<size_t> declaredChildColumns, declaredParentColumns;  // as the constraint names them (for messages)
};

size_t columnNamed(const Table& table, const std::string& name) {
   int c = table.findColumn(name);
   if (c < 0) throw Error("XX000", "foreign key column \"" + name + "\" of table \"" + table.name() + "\" is missing");
   return size_t(c);
}

Resolved resolve(const Catalog& catalog, const Table& child, const ForeignKey& key) {
   Resolved r;
   r.key = &key;
   r.child = &child;
   r.parent = catalog.findTable(key.parent);
   if (!r.parent) throw Error("XX000", "table \"" + key.parent + "\" referenced by foreign key \"" + key.name + "\" is missing");
   std::vector<size_t> parentColumns;
   for (const std::string& name : key.parentColumns) parentColumns.push_back(columnNamed(*r.parent, name));
   r.declaredParentColumns = parentColumns;
   for (const std::string& name : key.columns) r.declaredChildColumns.push_back(columnNamed(child, name));
   std::vector<size_t> sorted = parentColumns;
   std::sort(sorted.begin(), sorted.end());
   for (auto& index : r.parent->uniqueIndexes()) {
      std::vector<size_t> columns = index->columns();
      std::sort(columns.begin(), columns.end());
      if (columns != sorted) continue;
      r.parentIndex = index.get();
      for (size_t c : index->columns()) {
         size_t i = size_t(std::find(parentColumns.begin(), parentColumns.end(), c) - parentColumns.begin());
         r.parentColumns.push_back(c);
         r.childColumns.push_back(columnNamed(child, key.columns[i]));
      }
      return r;
   }
   throw Error("XX000", "the unique index of table \"" + key.parent + "\" that foreign key \"" + key.name + "\" references is missing");
}

bool isIntegerLike(PhysicalType type) {
   return type == PhysicalType::Int16 || type == PhysicalType::Int32 || type == PhysicalType::Int64 || type == PhysicalType::Int128;
}

/// A stored value of one type as stored by another the binder found convertible (integers of
/// other widths, decimals of other precisions); false when `to` cannot hold it.
bool convert(PhysicalType from, const void* raw, PhysicalType to, void* out) {
   if (from == to || !isIntegerLike(from) || !isIntegerLike(to)) {
      std::memcpy(out, raw, physicalSize(from));
      return true;
   }
   __int128 v = 0;
   switch (from) {
      case PhysicalType::Int16: v = loadUnaligned<int16_t>(raw); break;
      case PhysicalType::Int32: v = loadUnaligned<int32_t>(raw); break;
      case PhysicalType::Int64: v = loadUnaligned<int64_t>(raw); break;
      default: v = loadUnaligned<__int128>(raw); break;
   }
   auto store = [&](auto typed) {
      using T = decltype(typed);
      if (v < __int128(std::numeric_limits<T>::min()) || v > __int128(std::numeric_limits<T>::max())) return false;
      T narrowed = T(v);
      std::memcpy(out, &narrowed, sizeof(T));
      return true;
   };
   switch (to) {
      case PhysicalType::Int16: return store(int16_t());
      case PhysicalType::Int32: return store(int32_t());
      case PhysicalType::Int64: return store(int64_t());
      default: std::memcpy(out, &v, 16); return true;
   }
}

/// The key of `row` in `columns` of `table`, converted to the types of `targetColumns` of
/// `target`: 16 bytes per value. False when a value is NULL or `target` cannot hold it.
bool keyOfRow(const Table& table, const std::vector<size_t>& columns, size_t row, const Table& target, const std::vector<size_t>& targetColumns,
              std::vector<std::array<char, 16>>& values) {
   values.resize(columns.size());
   for (size_t i = 0; i < columns.size(); ++i) {
      const Column& column = table.column(columns[i]);
      if (column.isNullAt(row)) return false;
      if (!convert(column.physicalType(), column.rawAt(row), target.column(targetColumns[i]).physicalType(), values[i].data())) return false;
   }
   return true;
}

std::string encode(const Table& table, const std::vector<size_t>& columns, const std::vector<std::array<char, 16>>& values) {
   std::string key;
   OrderedKey encoder(key);
   for (size_t i = 0; i < columns.size(); ++i) encoder.append(table.column(columns[i]).physicalType(), values[i].data());
   return key;
}

void checkRows(const Catalog& catalog, const Table& child, const ForeignKey& key, std::span<const size_t> rows) {
   Resolved r = resolve(catalog, child, key);
   std::vector<std::array<char, 16>> values;
   std::vector<const void*> pointers(r.parentColumns.size());
   for (size_t row : rows) {
      if (child.isDeleted(row)) continue;
      bool hasNull = false;
      for (size_t c : r.childColumns) hasNull = hasNull || child.column(c).isNullAt(row);
      if (hasNull) continue;  // MATCH SIMPLE
      bool found = keyOfRow(child, r.childColumns, row, *r.parent, r.parentColumns, values);
      if (found) {
         for (size_t i = 0; i < values.size(); ++i) pointers[i] = values[i].data();
         found = r.parentIndex->findValues(*r.parent, pointers.data()) >= 0;
      }
      if (!found)
         throw Error("23503", "insert or update on table \"" + child.name() + "\" violates foreign key constraint \"" + key.name + "\"", 0,
                     "Key (" + child.columnNames(r.declaredChildColumns) + ")=(" + child.valuesAt(r.declaredChildColumns, row) +
                        ") is not present in table \"" + r.parent->name() + "\".");
   }
}

}  // namespace

void checkReferences(const Catalog& catalog, const Table& child, const std::vector<ForeignKey>& keys, size_t from, size_t to) {
   if (keys.empty() || from >= to) return;
   std::vector<size_t> rows(to - from);
   for (size_t i = 0; i < rows.size(); ++i) rows[i] = from + i;
   for (const ForeignKey& key : keys) checkRows(catalog, child, key, rows);
}

void checkChangedReferences(const Catalog& catalog, const Table& child, std::span<const size_t> rows, const std::vector<size_t>& columns) {
   for (const ForeignKey& key : child.foreignKeys()) {
      bool changed = false;
      for (size_t c : columns) changed = changed || std::find(key.columns.begin(), key.columns.end(), child.column(c).name()) != key.columns.end();
      if (changed) checkRows(catalog, child, key, rows);
   }
}

/// One foreign key referencing the table, and the keys of the rows the statement changes.
struct ReferencedKeys::Key {
   Resolved fk;
   std::vector<size_t> rows;
   std::vector<std::vector<std::array<char, 16>>> values;  // each row's key, as the referenced table stores it
};

ReferencedKeys::ReferencedKeys(const Catalog& catalog, const Table& parent, const std::vector<size_t>* changed)
   : catalog_(catalog), parent_(parent), deleting_(changed == nullptr) {
   // Referenced columns are those of a unique index: a statement changing none of those needs nothing.
   if (parent.uniqueIndexes().empty()) return;
   if (changed) {
      if (std::none_of(changed->begin(), changed->end(), [&](size_t c) { return parent.isIndexed(c); })) return;
      bool keyChanged = false;
      for (auto& index : parent.uniqueIndexes())
         for (size_t c : *changed) keyChanged = keyChanged || index->covers(c);
      if (!keyChanged) return;
   }
   for (auto [child, key] : catalog.referencing(parent.name())) {
      Resolved fk = resolve(catalog, *child, *key);
      if (changed) {
         bool touched = false;
         for (size_t c : fk.parentColumns) touched = touched || std::find(changed->begin(), changed->end(), c) != changed->end();
         if (!touched) continue;
      }
      keys_.push_back(Key{std::move(fk), {}, {}});
   }
}

ReferencedKeys::~ReferencedKeys() = default;

void ReferencedKeys::remember(size_t row) {
   std::vector<std::array<char, 16>> values;
   for (Key& key : keys_) {
      if (!keyOfRow(parent_, key.fk.parentColumns, row, parent_, key.fk.parentColumns, values)) continue;  // NULL: references nothing
      for (size_t i = 0; i < values.size(); ++i) {
         if (parent_.column(key.fk.parentColumns[i]).physicalType() != PhysicalType::String) continue;
         // The string's bytes may go with the change: a copy of its own.
         GermanString copy = GermanString::make(strings_.store(loadUnaligned<GermanString>(values[i].data()).view()));
         std::memcpy(values[i].data(), &copy, 16);
      }
      key.rows.push_back(row);
      key.values.push_back(values);
   }
}

namespace {

/// Calls `visit(row)` for the live rows of the referencing table whose key is one of `keys` (as
/// the referenced table stores them) until it returns false: through a unique index on exactly
/// the key's columns, a secondary index on them or whose leading columns they are, else by one
/// pass over the table.
template <typename Visit>
void forEachReferencingRow(const Resolved& fk, const std::vector<const std::vector<std::array<char, 16>>*>& keys, Visit visit) {
   const Table& child = *fk.child;
   const Table& parent = *fk.parent;
   std::vector<size_t> sortedChild = fk.childColumns;
   std::sort(sortedChild.begin(), sortedChild.end());
   const SecondaryIndex* byIndex = nullptr;
   for (auto& index : child.secondaryIndexes()) {
      if (index->columns().size() < sortedChild.size()) continue;
      std::vector<size_t> leading(index->columns().begin(), index->columns().begin() + ptrdiff_t(sortedChild.size()));
      std::sort(leading.begin(), leading.end());
      bool exact = index->columns().size() == sortedChild.size();
      if (leading == sortedChild && (exact || index->tree())) byIndex = index.get();
   }
   const UniqueIndex* byUnique = nullptr;
   for (auto& index : child.uniqueIndexes()) {
      std::vector<size_t> columns = index->columns();
      std::sort(columns.begin(), columns.end());
      if (columns == sortedChild) byUnique = index.get();
   }
   if (byUnique) byIndex = nullptr;  // a point lookup
   if (!byIndex && !byUnique) {
      std::unordered_set<std::string> wanted;
      for (const auto* values : keys) wanted.insert(encode(parent, fk.parentColumns, *values));
      std::vector<std::array<char, 16>> current;
      for (size_t row = 0; row < child.rowCount(); ++row) {
         if (child.isDeleted(row) || !keyOfRow(child, fk.childColumns, row, parent, fk.parentColumns, current)) continue;
         if (wanted.count(encode(parent, fk.parentColumns, current)) && !visit(row)) return;
      }
      return;
   }
   const std::vector<size_t>& indexColumns = byIndex ? byIndex->columns() : byUnique->columns();
   std::vector<size_t> order;  // for each leading index column, its place in the key
   for (size_t i = 0; i < sortedChild.size(); ++i)
      order.push_back(size_t(std::find(fk.childColumns.begin(), fk.childColumns.end(), indexColumns[i]) - fk.childColumns.begin()));
   std::vector<size_t> leading(indexColumns.begin(), indexColumns.begin() + ptrdiff_t(order.size()));
   std::vector<std::array<char, 16>> values(order.size());
   std::vector<const void*> pointers(order.size());
   for (const auto* key : keys) {
      bool representable = true;
      for (size_t i = 0; i < order.size() && representable; ++i)
         representable = convert(parent.column(fk.parentColumns[order[i]]).physicalType(), (*key)[order[i]].data(),
                                 child.column(indexColumns[i]).physicalType(), values[i].data());
      if (!representable) continue;  // no referencing row can hold it
      bool proceed = true;
      if (byUnique) {
         for (size_t i = 0; i < values.size(); ++i) pointers[i] = values[i].data();
         int64_t row = byUnique->findValues(child, pointers.data());
         proceed = row < 0 || visit(size_t(row));
      } else if (byIndex->columns().size() == order.size()) {
         std::vector<size_t> rows;
         byIndex->findEqual(encode(child, leading, values), [&](size_t row) { rows.push_back(row); });
         for (size_t row : rows) proceed = proceed && visit(row);
      } else {
         // Keys that start with these values: the next column's part begins with 0 or 1.
         std::string low = encode(child, leading, values);
         std::string high = low + '\x02';
         std::vector<size_t> rows;
         byIndex->tree()->scan(&low, true, &high, false, [&](size_t row) { rows.push_back(row); });
         for (size_t row : rows) proceed = proceed && visit(row);
      }
      if (!proceed) return;
   }
}

bool isAction(ForeignKeyAction action) { return action == ForeignKeyAction::Cascade || action == ForeignKeyAction::SetNull; }

}  // namespace

void ReferencedKeys::check(UndoLog& undo, StatementStats& stats) {
   // ON DELETE CASCADE and SET NULL first: they may take away rows a check would find.
   for (Key& key : keys_)
      if (deleting_ && isAction(key.fk.key->onDelete)) act(key, undo, stats);
   std::vector<const void*> pointers;
   std::vector<std::array<char, 16>> current;
   for (Key& key : keys_) {
      const Resolved& fk = key.fk;
      if (deleting_ && isAction(fk.key->onDelete)) continue;
      bool restrict = deleting_ ? fk.key->onDelete == ForeignKeyAction::Restrict : fk.key->onUpdate == ForeignKeyAction::Restrict;
      // The keys gone from the referenced table (RESTRICT: whose row no longer has them).
      std::vector<const std::vector<std::array<char, 16>>*> gone;
      for (size_t k = 0; k < key.rows.size(); ++k) {
         const auto& values = key.values[k];
         if (restrict) {
            bool same = !deleting_ && !parent_.isDeleted(key.rows[k]) && keyOfRow(parent_, fk.parentColumns, key.rows[k], parent_, fk.parentColumns, current) &&
                        encode(parent_, fk.parentColumns, current) == encode(parent_, fk.parentColumns, values);
            if (!same) gone.push_back(&values);
            continue;
         }
         pointers.resize(values.size());
         for (size_t i = 0; i < values.size(); ++i) pointers[i] = values[i].data();
         if (fk.parentIndex->findValues(parent_, pointers.data()) < 0) gone.push_back(&values);
      }
      if (gone.empty()) continue;
      // The key as the first referencing row holds it (the referenced row may hold it no more).
      int64_t referencing = -1;
      forEachReferencingRow(fk, gone, [&](size_t row) {
         referencing = int64_t(row);
         return false;
      });
      if (referencing >= 0)
         throw Error("23503",
                     "update or delete on table \"" + parent_.name() + "\" violates foreign key constraint \"" + fk.key->name + "\" on table \"" +
                        fk.child->name() + "\"",
                     0,
                     "Key (" + parent_.columnNames(fk.declaredParentColumns) + ")=(" + fk.child->valuesAt(fk.declaredChildColumns, size_t(referencing)) +
                        ") is still referenced from table \"" + fk.child->name() + "\".");
   }
}

void ReferencedKeys::act(Key& key, UndoLog& undo, StatementStats& stats) {
   const Resolved& fk = key.fk;
   std::vector<const std::vector<std::array<char, 16>>*> deleted;
   for (const auto& values : key.values) deleted.push_back(&values);
   if (deleted.empty()) return;
   std::vector<size_t> rows;
   forEachReferencingRow(fk, deleted, [&](size_t row) {
      rows.push_back(row);
      return true;
   });
   if (rows.empty()) return;
   Table& child = const_cast<Table&>(*fk.child);
   if (fk.key->onDelete == ForeignKeyAction::Cascade) {
      // The rows go as if deleted by the statement: what references them is checked (or acted on) in turn.
      ReferencedKeys next(catalog_, child, nullptr);
      for (size_t row : rows) {
         if (child.isDeleted(row)) continue;
         if (next.active()) next.remember(row);
         undo.recordDelete(child, row);
         child.setDeleted(row, true);
      }
      if (next.active()) next.check(undo, stats);
      return;
   }
   // SET NULL: the key's columns of the rows become NULL, as if updated by the statement.
   for (size_t c : fk.childColumns)
      if (child.column(c).notNull()) child.column(c).notNullViolation();
   ReferencedKeys next(catalog_, child, &fk.childColumns);
   const uint8_t zero[16] = {};
   for (size_t row : rows) {
      if (next.active()) next.remember(row);
      for (size_t c : fk.childColumns) {
         undo.recordUpdate(child, c, row);
         child.updateValue(c, row, zero, true);
      }
   }
   // The CHECK constraints that read the columns must hold for the rows as they are now.
   std::vector<CheckConstraint> reading;
   for (const CheckConstraint& check : child.checks()) {
      bool reads = false;
      for (size_t c : fk.childColumns) reads = reads || checkReadsColumn(check.sql, child.column(c).name());
      if (reads) reading.push_back(check);
   }
   validateChecks(child, reading, 0, true, stats);
   if (next.active()) next.check(undo, stats);
}

}  // namespace kiln
