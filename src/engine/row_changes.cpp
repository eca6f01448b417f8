#include "engine/row_changes.h"

#include <algorithm>
#include <cstring>
#include <string>
#include <unordered_set>

#include "common/hash_mix.h"
#include "storage/ordered_key.h"
#include "storage/table.h"
#include "storage/unique_index.h"

namespace kiln {

namespace {

bool isNullAt(const char* row, const RowLayout::Field& field) { return field.nullOffset >= 0 && row[field.nullOffset]; }

/// The keys of an arbiter index that the statement's rows take, to find a row proposing a key an
/// earlier one took.
class ProposedKeys {
   public:
   ProposedKeys(const UniqueIndex& index, const Table& table, const RowLayout& layout) : index_(index), table_(table), layout_(layout) {}

   /// Whether the table or an earlier row (one that was remembered) holds `row`'s key; false
   /// for a key with a NULL (NULLs are distinct).
   bool taken(const char* row) {
      values_.clear();
      for (size_t c : index_.columns()) {
         if (isNullAt(row, layout_.fields[c])) return false;
         values_.push_back(row + layout_.fields[c].offset);
      }
      return index_.findValues(table_, values_.data()) >= 0 || earlier_.count(encoded(row));
   }
   void remember(const char* row) {
      for (size_t c : index_.columns())
         if (isNullAt(row, layout_.fields[c])) return;
      earlier_.insert(encoded(row));
   }

   private:
   std::string encoded(const char* row) const {
      std::string key;
      OrderedKey encoder(key);
      for (size_t c : index_.columns()) encoder.append(physicalTypeOf(layout_.fields[c].type), row + layout_.fields[c].offset);
      return key;
   }

   const UniqueIndex& index_;
   const Table& table_;
   const RowLayout& layout_;
   std::vector<const void*> values_;
   std::unordered_set<std::string> earlier_;
};

[[noreturn]] void affectedTwice() { throw Error("21000", "ON CONFLICT DO UPDATE command cannot affect row a second time"); }

}  // namespace

int64_t rowIdAt(const char* row, const RowLayout::Field& field) {
   int64_t id;
   std::memcpy(&id, row + field.offset, 8);
   return id;
}

/// 23502 for the first row, in the rows' order and then the columns', that gives a NULL to a NOT
/// NULL column (as PostgreSQL reports it).
void checkNotNull(const Table& table, std::span<char* const> rows, const RowLayout& layout) {
   bool violated = false;
   for (size_t c = 0; c < table.columnCount() && !violated; ++c)
      if (table.column(c).notNull() && layout.fields[c].nullOffset >= 0)
         for (const char* row : rows) violated = violated || isNullAt(row, layout.fields[c]);
   if (!violated) return;
   for (const char* row : rows)
      for (size_t c = 0; c < table.columnCount(); ++c)
         if (table.column(c).notNull() && isNullAt(row, layout.fields[c])) table.column(c).notNullViolation();
}

void appendRows(UndoLog& undo, Table& table, std::span<char* const> rows, const RowLayout& layout) {
   checkNotNull(table, rows, layout);
   undo.recordAppend(table, table.rowCount());
   try {
      for (size_t c = 0; c < table.columnCount(); ++c) table.column(c).appendFromRows(rows, layout.fields[c].offset, layout.fields[c].nullOffset);
   } catch (...) {
      table.rollbackToRowCount();
      throw;
   }
   size_t before = table.rowCount();
   table.sealAppendedRows(table.rowCount() + rows.size());
   table.indexRows(before, table.rowCount());
}

void enforceChecks(const Table& table, const Checks& checks, std::span<char* const> rows, const RowLayout& layout) {
   for (const char* row : rows)
      for (size_t i = 0; i < checks.names.size(); ++i) {
         const auto& field = layout.fields[checks.firstColumn + i];
         if (!isNullAt(row, field) && !row[field.offset])
            throw Error("23514", "new row for relation \"" + table.name() + "\" violates check constraint \"" + checks.names[i] + "\"");
      }
}

void updateRows(UndoLog& undo, Table& table, const std::vector<size_t>& columns, std::span<char* const> rows, const RowLayout& layout, size_t firstField,
                size_t rowIdField, const Checks& checks) {
   // Constraints are checked before anything changes.
   for (const char* row : rows)
      for (size_t i = 0; i < columns.size(); ++i)
         if (isNullAt(row, layout.fields[firstField + i]) && table.column(columns[i]).notNull()) table.column(columns[i]).notNullViolation();
   enforceChecks(table, checks, rows, layout);
   // Which of the first 64 columns (an UPDATE's few) an index covers, without allocating.
   uint64_t indexedMask = 0;
   for (size_t i = 0; i < std::min<size_t>(columns.size(), 64); ++i) indexedMask |= uint64_t(table.isIndexed(columns[i])) << i;
   auto indexed = [&](size_t i) { return i < 64 ? (indexedMask >> i) & 1 : table.isIndexed(columns[i]); };
   // Column by column (the column found once); a value's old bytes are recorded before it is
   // overwritten. Indexed columns last, row by row, as their index entries move.
   const auto& idField = layout.fields[rowIdField];
   for (size_t i = 0; i < columns.size(); ++i) {
      if (indexed(i)) continue;
      Column& column = table.column(columns[i]);
      const auto& field = layout.fields[firstField + i];
      for (const char* row : rows) {
         size_t id = size_t(rowIdAt(row, idField));
         undo.recordUpdate(table, columns[i], id);
         column.setRaw(id, row + field.offset, isNullAt(row, field));
      }
   }
   if (!indexedMask && columns.size() <= 64) return;
   for (const char* row : rows) {
      size_t id = size_t(rowIdAt(row, idField));
      for (size_t i = 0; i < columns.size(); ++i) {
         if (!indexed(i)) continue;
         const auto& field = layout.fields[firstField + i];
         undo.recordUpdate(table, columns[i], id);
         table.updateValue(columns[i], id, row + field.offset, isNullAt(row, field));
      }
   }
}

void storeIntoColumn(Column& column, std::span<char* const> rows, const RowLayout& layout, size_t valueField, size_t rowIdField) {
   const auto& field = layout.fields[valueField];
   for (const char* row : rows) column.setRaw(size_t(rowIdAt(row, layout.fields[rowIdField])), row + field.offset, isNullAt(row, field));
}

void deleteRows(UndoLog& undo, Table& table, std::span<char* const> rows, const RowLayout& layout, size_t rowIdField) {
   for (const char* row : rows) {
      size_t id = size_t(rowIdAt(row, layout.fields[rowIdField]));
      undo.recordDelete(table, id);
      table.setDeleted(id, true);
   }
}

std::vector<char*> firstPerRowId(std::span<char* const> rows, const RowLayout& layout, size_t rowIdField) {
   std::vector<char*> first;
   first.reserve(rows.size());
   // A statement's few rows (a transaction's) are compared with each other, without a hash set.
   constexpr size_t fewRows = 32;
   if (rows.size() <= fewRows) {
      int64_t ids[fewRows];
      size_t distinct = 0;
      for (char* row : rows) {
         int64_t id = rowIdAt(row, layout.fields[rowIdField]);
         if (std::find(ids, ids + distinct, id) != ids + distinct) continue;
         ids[distinct++] = id;
         first.push_back(row);
      }
      return first;
   }
   // More: an open-addressing set of the ids (row ids are not negative; -1 is an empty slot), one
   // allocation where a node-based set made one per row (a hundred for an update joining a hundred rows).
   size_t capacity = 64;
   while (capacity < 2 * rows.size()) capacity *= 2;
   std::vector<int64_t> seen(capacity, -1);
   for (char* row : rows) {
      int64_t id = rowIdAt(row, layout.fields[rowIdField]);
      size_t slot = mixBits(uint64_t(id)) & (capacity - 1);
      while (seen[slot] != -1 && seen[slot] != id) slot = (slot + 1) & (capacity - 1);
      if (seen[slot] == id) continue;
      seen[slot] = id;
      first.push_back(row);
   }
   return first;
}

ConflictOutcome resolveConflicts(const Table& table, const OnConflict& onConflict, std::span<char* const> rows, const RowLayout& layout) {
   ConflictOutcome outcome;
   std::vector<ProposedKeys> arbiters;
   for (const UniqueIndex* index : onConflict.arbiters) arbiters.emplace_back(*index, table, layout);
   if (onConflict.action == OnConflict::Action::Nothing) {
      for (char* row : rows) {
         bool conflicts = false;
         for (auto& keys : arbiters) conflicts = conflicts || keys.taken(row);
         if (conflicts) continue;
         for (auto& keys : arbiters) keys.remember(row);
         outcome.inserted.push_back(row);
         outcome.returned.push_back(row);
      }
      return outcome;
   }
   const auto& rowIdField = layout.fields[onConflict.rowIdColumn];
   const auto& conditionField = layout.fields[onConflict.rowIdColumn + 1 + onConflict.columns.size()];
   std::unordered_set<int64_t> updated;
   for (char* row : rows) {
      if (isNullAt(row, rowIdField)) {
         // No row holds the key yet: inserted, unless an earlier proposed row took it.
         if (arbiters[0].taken(row)) affectedTwice();
         arbiters[0].remember(row);
         outcome.inserted.push_back(row);
         outcome.returned.push_back(row);
         continue;
      }
      if (!updated.insert(rowIdAt(row, rowIdField)).second) affectedTwice();
      if (isNullAt(row, conditionField) || !row[conditionField.offset]) continue;
      outcome.updated.push_back(row);
      outcome.returned.push_back(row);
   }
   return outcome;
}

}  // namespace kiln
