// A table: named columns of equal length, plus what the catalog records about it.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "storage/column.h"
#include "storage/secondary_index.h"
#include "storage/unique_index.h"

namespace kiln {

/// A CHECK constraint: its name and its expression as SQL text over the table's column names
/// (unqualified), bound again by each statement that needs it.
struct CheckConstraint {
   std::string name;
   std::string sql;
   bool operator==(const CheckConstraint&) const = default;
};

/// What a FOREIGN KEY does to the referencing rows when a referenced row is deleted or its key
/// changes: NO ACTION and RESTRICT refuse the change; ON DELETE CASCADE deletes them, ON DELETE
/// SET NULL sets their key to NULL (kiln has neither for ON UPDATE).
enum class ForeignKeyAction : uint8_t { NoAction, Restrict, Cascade, SetNull };

/// A FOREIGN KEY of the table (the referencing one): its columns reference `parentColumns` of
/// table `parent`, which are exactly the columns of one of its unique indexes. Columns and
/// tables are kept by name, so that dropping other columns leaves them valid; renames rewrite them.
struct ForeignKey {
   std::string name;
   std::vector<std::string> columns;
   std::string parent;
   std::vector<std::string> parentColumns;
   ForeignKeyAction onDelete = ForeignKeyAction::NoAction;
   ForeignKeyAction onUpdate = ForeignKeyAction::NoAction;
   bool operator==(const ForeignKey&) const = default;
};

class Table {
   public:
   Table(std::string name, std::vector<std::unique_ptr<Column>> columns, std::vector<size_t> primaryKey);

   const std::string& name() const { return name_; }
   /// ALTER TABLE ... RENAME TO (the catalog re-keys it: Catalog::renameTable).
   void setName(std::string name);
   size_t columnCount() const { return columns_.size(); }
   Column& column(size_t i) { return *columns_[i]; }
   const Column& column(size_t i) const { return *columns_[i]; }
   /// Index of the column with this (lower-case) name, or -1.
   int findColumn(std::string_view name) const;
   const std::vector<size_t>& primaryKey() const { return primaryKey_; }
   void setPrimaryKey(std::vector<size_t> key) { primaryKey_ = std::move(key); }

   // ALTER TABLE. The table's own indexes on a dropped column must be dropped first.
   /// Appends a column; the caller fills it with a value for each of the `rowCount()` rows.
   void addColumn(std::unique_ptr<Column> column);
   /// Takes column `i` out; later columns move down one (in the indexes too). A primary key on
   /// it is gone, as in PostgreSQL.
   std::unique_ptr<Column> removeColumn(size_t i);
   /// Puts a column taken by removeColumn back at `i` (undo).
   void insertColumn(size_t i, std::unique_ptr<Column> column);
   /// Puts `column` (as many rows) in the place of column `i`, which it returns (ALTER COLUMN
   /// TYPE). Indexes on the column must be dropped first, and made again after.
   std::unique_ptr<Column> replaceColumn(size_t i, std::unique_ptr<Column> column);
   /// The CHECK constraints, in the order of their names (the order PostgreSQL tests them in).
   const std::vector<CheckConstraint>& checks() const { return checks_; }
   void setChecks(std::vector<CheckConstraint> checks);
   /// The FOREIGN KEY constraints whose referencing side the table is, in the order of their names.
   const std::vector<ForeignKey>& foreignKeys() const { return foreignKeys_; }
   void setForeignKeys(std::vector<ForeignKey> keys);
   /// Rows stored, deleted ones included (scans skip those).
   size_t rowCount() const { return rowCount_; }
   /// Rows not deleted.
   size_t liveRowCount() const { return rowCount_ - deletedCount_; }
   /// One byte per row, 1 = deleted; nullptr while no row was ever deleted.
   uint8_t* deleted() { return deleted_.empty() ? nullptr : deleted_.data(); }
   bool hasDeletedRows() const { return !deleted_.empty(); }
   bool isDeleted(size_t row) const { return !deleted_.empty() && deleted_[row]; }
   void setDeleted(size_t row, bool deleted);

   /// Appends are made column by column, then sealed; a failure rolls back to `rowCount()`.
   void sealAppendedRows(size_t rows) {
      rowCount_ = rows;
      if (!deleted_.empty()) deleted_.resize(rows, 0);
   }
   void rollbackToRowCount() {
      for (auto& c : columns_) c->truncate(rowCount_);
   }
   /// Drops the rows after the first `rows` (undoes appends).
   void truncate(size_t rows);

   // Unique indexes (PRIMARY KEY, UNIQUE), kept up to date by the changes below.
   /// Adds and fills a unique index; throws 23505 (leaving the table as it was) on duplicates.
   void addUniqueIndex(std::string name, std::vector<size_t> columns, UniqueKind kind);
   /// For files written before the kinds of unique indexes were kept: what a unique index named
   /// `name` over `columns` most likely is (a UNIQUE constraint when named as PostgreSQL names
   /// those, t_a_b_key), and, once the primary key is known, the first index on its columns as
   /// the primary key's (when no index is).
   UniqueKind olderUniqueKind(const std::string& name, const std::vector<size_t>& columns) const;
   void recognizeOlderPrimaryKey();
   void dropUniqueIndex(const std::string& name);
   const std::vector<std::unique_ptr<UniqueIndex>>& uniqueIndexes() const { return indexes_; }
   // Indexes made by CREATE INDEX.
   void addSecondaryIndex(std::unique_ptr<SecondaryIndex> index);
   std::unique_ptr<SecondaryIndex> dropSecondaryIndex(const std::string& name);
   const std::vector<std::unique_ptr<SecondaryIndex>>& secondaryIndexes() const { return secondaryIndexes_; }
   /// Indexes appended rows [from, to); throws 23505 on a duplicate key.
   void indexRows(size_t from, size_t to);
   /// Recovery: the identity counters move past the values of rows [from, to).
   void moveIdentitiesPast(size_t from, size_t to);
   /// Writes a value of `row` (UPDATE), moving its keys; throws 23505 on a duplicate key.
   void updateValue(size_t column, size_t row, const void* bytes, bool isNull);
   /// Whether an index has `column` in its key (a column that none has is updated in place).
   bool isIndexed(size_t column) const { return column < indexedColumns_.size() && indexedColumns_[column]; }
   /// For the DETAIL of a key's error, as PostgreSQL writes it: "a, b" (the columns' names) and
   /// "1, x" (their values in `row`).
   std::string columnNames(const std::vector<size_t>& columns) const;
   std::string valuesAt(const std::vector<size_t>& columns, size_t row) const;
   /// Puts back a value taken with Column::rawAt (undo of an update).
   void restoreValue(size_t column, size_t row, const void* bytes, bool isNull);

   private:
   std::string name_;
   std::vector<std::unique_ptr<Column>> columns_;
   std::vector<size_t> primaryKey_;
   size_t rowCount_ = 0;
   std::vector<uint8_t> deleted_;
   size_t deletedCount_ = 0;
   std::vector<std::unique_ptr<UniqueIndex>> indexes_;
   std::vector<std::unique_ptr<SecondaryIndex>> secondaryIndexes_;
   // Which columns an index covers (noteIndexedColumns after the indexes or the columns change):
   // an UPDATE asks for each column it sets.
   std::vector<bool> indexedColumns_;
   void noteIndexedColumns();
   std::vector<CheckConstraint> checks_;
   std::vector<ForeignKey> foreignKeys_;
};

}  // namespace kiln
