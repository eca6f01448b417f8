// The undo log of the running transaction: enough to put every change back, newest first, when
// a statement fails or the transaction rolls back. Transactions run one at a time, so one log
// serves the database.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

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
   /// Before `row` of `column` is overwritten.
   void recordUpdate(Table& table, size_t column, size_t row);
   void recordCreateTable(const std::string& name);
   void recordDropTable(std::unique_ptr<Table> table);
   void recordCreateView(const std::string& name, std::optional<View> replaced);
   void recordDropView(View view);
   void recordCreateIndex(Table& table, const std::string& name);
   /// Before an index is dropped: what it takes to build it again.
   void recordDropIndex(Table& table, const std::string& name, std::vector<size_t> columns, bool unique, SecondaryIndex::Method method);

   /// One change, as recorded (read by the redo log to log what a statement did).
   struct Entry {
      enum class Kind { Append, Delete, Update, CreateTable, DropTable, CreateView, DropView, CreateIndex, DropIndex } kind = Kind::Append;
      Table* table = nullptr;
      size_t column = 0;
      size_t row = 0;  // Append: the row count before
      uint8_t oldValue[16] = {};
      bool oldNull = false;
      std::string name;
      std::unique_ptr<Table> droppedTable;
      std::optional<View> view;
      std::vector<size_t> indexColumns;
      bool indexUnique = false;
      SecondaryIndex::Method indexMethod = SecondaryIndex::Method::BTree;
   };
   const Entry& entry(size_t i) const { return entries_[i]; }

   private:
   std::vector<Entry> entries_;
};

}  // namespace kiln
