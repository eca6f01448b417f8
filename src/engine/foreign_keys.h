// Enforcing FOREIGN KEY constraints (NO ACTION and RESTRICT, ON DELETE CASCADE and SET NULL,
// MATCH SIMPLE) at the end of a statement, over the table as the statement left it: a failing
// check fails the statement, whose changes are then undone. So a statement is checked as a whole, as PostgreSQL checks NO ACTION
// (one INSERT may add a parent row and a row referencing it). Referencing rows are checked by
// point lookups in the referenced table's unique index; referenced keys that went away are
// looked for in the referencing table through an index on its columns, or by one pass over it.
#pragma once

#include <span>
#include <string>
#include <vector>

#include "common/string_heap.h"
#include "engine/statement_executor.h"
#include "storage/catalog.h"
#include "storage/undo_log.h"

namespace kiln {

/// 23503 "insert or update on table ... violates foreign key constraint ..." for the first of
/// rows [from, to) of `child` (appended by INSERT or COPY; all of them for ALTER TABLE ... ADD)
/// whose key under one of `keys` (not NULL anywhere) has no row in the referenced table.
void checkReferences(const Catalog& catalog, const Table& child, const std::vector<ForeignKey>& keys, size_t from, size_t to);
/// The same for the rows `rows` of `child` whose columns `columns` an UPDATE changed (only the
/// keys over one of them).
void checkChangedReferences(const Catalog& catalog, const Table& child, std::span<const size_t> rows, const std::vector<size_t>& columns);

/// The keys of the rows of a referenced table that a statement deletes, or whose referenced
/// columns it changes: remembered before the change, looked for in the referencing tables after.
class ReferencedKeys {
   public:
   /// For a statement deleting rows of `parent` (`changed` nullptr) or changing its columns
   /// `changed`. Costs nothing when no foreign key references those columns.
   ReferencedKeys(const Catalog& catalog, const Table& parent, const std::vector<size_t>* changed);
   ~ReferencedKeys();
   bool active() const { return !keys_.empty(); }
   /// Before `row` is deleted or changed.
   void remember(size_t row);
   /// After the statement's changes: first ON DELETE CASCADE deletes the rows referencing a
   /// deleted row, and SET NULL sets their key to NULL (logged in `undo`, acting in turn on what
   /// references them); then 23503 "update or delete on table ... violates foreign key constraint
   /// ... on table ..." when a row references a key that is gone (NO ACTION; RESTRICT: that its
   /// row changed).
   void check(UndoLog& undo, StatementStats& stats);

   struct Key;

   private:
   void act(Key& key, UndoLog& undo, StatementStats& stats);

   const Catalog& catalog_;
   const Table& parent_;
   bool deleting_;
   std::vector<Key> keys_;
   // The remembered string values (stable addresses; nothing allocated before the first: a
   // statement constructs one even when no key references its table).
   StringHeap strings_;
};

}  // namespace kiln
