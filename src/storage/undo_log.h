// The undo log of the running transaction: enough to put every change back, newest first, when
// a statement fails or the transaction rolls back. Transactions run one at a time, so one log
// serves the database.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "common/unaligned.h"
#include "storage/catalog.h"

namespace kiln {

class UndoLog {
   public:
   size_t mark() const { return entries_.size(); }
   /// Undoes everything recorded after `mark`, newest first.
   void rollbackTo(size_t mark, Catalog& catalog);
   void clear() { entries_.clear(); }
   /// Whether anything recorded after `mark` changed tables, views or indexes (compiled
   /// statements that name them are then stale).
   bool changesSchemaAfter(size_t mark) const;

   /// Rows were appended to `table` after its first `rows`.
   void recordAppend(Table& table, size_t rows);
   void recordDelete(Table& table, size_t row);
   /// Before `row` of `column` is overwritten. Inline: an UPDATE records each value it changes.
   void recordUpdate(Table& table, size_t column, size_t row) {
      // A string's bytes stay in the column's heap, so keeping its 16-byte header is enough.
      const Column& c = table.column(column);
      Entry& e = entries_.emplace_back();
      e.kind = Entry::Kind::Update;
      e.table = &table;
      e.column = uint32_t(column);
      e.row = row;
      copyValue(e.oldValue, c.rawAt(row), c.width());
      e.oldNull = c.isNullAt(row);
   }
   void recordCreateTable(const std::string& name);
   void recordDropTable(std::unique_ptr<Table> table);
   void recordCreateView(const std::string& name, std::optional<View> replaced);
   void recordDropView(View view);
   void recordCreateIndex(Table& table, const std::string& name);
   /// Before an index is dropped: what it takes to build it again.
   /// Before `index` is dropped from `table`.
   void recordDropIndex(Table& table, const UniqueIndex& index);
   void recordDropIndex(Table& table, const SecondaryIndex& index);
   // ALTER TABLE.
   /// After a column was appended to `table` (undo drops it again).
   void recordAddColumn(Table& table);
   /// After column `position` was taken out of `table`, whose primary key was `primaryKey` before.
   void recordDropColumn(Table& table, size_t position, std::unique_ptr<Column> column, std::vector<size_t> primaryKey);
   /// Before column `position` of `table` is renamed.
   void recordRenameColumn(Table& table, size_t position);
   /// After column `position` of `table` was replaced by one of another type (`old`).
   void recordReplaceColumn(Table& table, size_t position, std::unique_ptr<Column> old);
   /// Before the DEFAULT of column `position` of `table` changes.
   void recordSetDefault(Table& table, size_t position);
   /// Column `position` of `table` became NOT NULL (giving up `nullFlags`) or nullable.
   void recordSetNotNull(Table& table, size_t position, bool becameNotNull, std::vector<uint8_t> nullFlags);
   /// Before the primary key of `table` changes.
   void recordSetPrimaryKey(Table& table);
   /// Before the CHECK constraints of `table` change.
   void recordSetChecks(Table& table);
   /// Before the FOREIGN KEY constraints of `table` change.
   void recordSetForeignKeys(Table& table);
   /// After the table `from` was renamed `to`.
   void recordRenameTable(const std::string& from, const std::string& to);
   void recordCreateSequence(const std::string& name);
   void recordDropSequence(std::unique_ptr<Sequence> sequence);
   /// Before ALTER SEQUENCE changes `sequence` (undo puts all of it back, its counter too).
   void recordAlterSequence(const Sequence& sequence);

   /// What undoing a change of the schema takes (names, dropped objects, definitions before).
   struct SchemaChange {
      std::string name;  // RenameColumn, RenameTable: the old name; SetDefault: the old DEFAULT
      std::string newName;  // RenameTable
      std::unique_ptr<Table> droppedTable;
      std::unique_ptr<Column> droppedColumn;
      std::optional<View> view;
      std::unique_ptr<Sequence> sequence;  // DropSequence: the sequence; AlterSequence: its definition before
      std::vector<uint8_t> nullFlags;  // SetNotNull
      std::vector<size_t> indexColumns;  // DropColumn: the primary key before
      std::vector<CheckConstraint> checks;  // SetChecks: the constraints before
      std::vector<ForeignKey> foreignKeys;  // SetForeignKeys: the constraints before
      std::optional<UniqueKind> uniqueKind;  // DropIndex of a unique index
      SecondaryIndex::Method indexMethod = SecondaryIndex::Method::BTree;
   };
   /// One change, as recorded (read by the redo log to log what a statement did). Row changes,
   /// recorded by the thousand, keep to 48 bytes; a schema change keeps the rest apart.
   struct Entry {
      enum class Kind : uint8_t {
         Append,
         Delete,
         Update,
         CreateTable,
         DropTable,
         CreateView,
         DropView,
         CreateIndex,
         DropIndex,
         AddColumn,
         DropColumn,
         RenameColumn,
         RenameTable,
         SetDefault,
         SetNotNull,
         ReplaceColumn,
         SetPrimaryKey,
         CreateSequence,
         DropSequence,
         AlterSequence,
         SetChecks,
         SetForeignKeys
      } kind = Kind::Append;
      bool oldNull = false;  // SetNotNull: whether the column became NOT NULL
      uint32_t column = 0;
      Table* table = nullptr;
      size_t row = 0;  // Append: the row count before
      uint8_t oldValue[16];  // Update: the value before (its first width bytes)
      std::unique_ptr<SchemaChange> schema;
   };
   const Entry& entry(size_t i) const { return entries_[i]; }

   private:
   /// A new entry of `kind` for `table` (or none) with its schema change, for the caller to fill.
   SchemaChange& recordSchemaChange(Entry::Kind kind, Table* table, size_t column = 0);

   std::vector<Entry> entries_;
};

}  // namespace kiln
