#include "storage/undo_log.h"

#include <cstring>

namespace kiln {

void UndoLog::recordAppend(Table& table, size_t rows) {
   Entry e;
   e.kind = Entry::Kind::Append;
   e.table = &table;
   e.row = rows;
   entries_.push_back(std::move(e));
}

void UndoLog::recordDelete(Table& table, size_t row) {
   Entry e;
   e.kind = Entry::Kind::Delete;
   e.table = &table;
   e.row = row;
   entries_.push_back(std::move(e));
}

void UndoLog::recordUpdate(Table& table, size_t column, size_t row) {
   // A string's bytes stay in the column's heap, so keeping its 16-byte header is enough.
   Entry e;
   e.kind = Entry::Kind::Update;
   e.table = &table;
   e.column = column;
   e.row = row;
   const Column& c = table.column(column);
   std::memcpy(e.oldValue, c.rawAt(row), c.width());
   e.oldNull = c.isNullAt(row);
   entries_.push_back(std::move(e));
}

void UndoLog::recordCreateTable(const std::string& name) {
   Entry e;
   e.kind = Entry::Kind::CreateTable;
   e.name = name;
   entries_.push_back(std::move(e));
}

void UndoLog::recordDropTable(std::unique_ptr<Table> table) {
   Entry e;
   e.kind = Entry::Kind::DropTable;
   e.droppedTable = std::move(table);
   entries_.push_back(std::move(e));
}

void UndoLog::recordCreateView(const std::string& name, std::optional<View> replaced) {
   Entry e;
   e.kind = Entry::Kind::CreateView;
   e.name = name;
   e.view = std::move(replaced);
   entries_.push_back(std::move(e));
}

void UndoLog::recordDropView(View view) {
   Entry e;
   e.kind = Entry::Kind::DropView;
   e.view = std::move(view);
   entries_.push_back(std::move(e));
}

void UndoLog::recordCreateIndex(Table& table, const std::string& name) {
   Entry e;
   e.kind = Entry::Kind::CreateIndex;
   e.table = &table;
   e.name = name;
   entries_.push_back(std::move(e));
}

void UndoLog::recordDropIndex(Table& table, const std::string& name, std::vector<size_t> columns, bool unique, SecondaryIndex::Method method) {
   Entry e;
   e.kind = Entry::Kind::DropIndex;
   e.table = &table;
   e.name = name;
   e.indexColumns = std::move(columns);
   e.indexUnique = unique;
   e.indexMethod = method;
   entries_.push_back(std::move(e));
}

bool UndoLog::changesSchemaAfter(size_t mark) const {
   for (size_t i = mark; i < entries_.size(); ++i) {
      Entry::Kind kind = entries_[i].kind;
      if (kind != Entry::Kind::Append && kind != Entry::Kind::Delete && kind != Entry::Kind::Update) return true;
   }
   return false;
}

void UndoLog::rollbackTo(size_t mark, Catalog& catalog) {
   while (entries_.size() > mark) {
      Entry& e = entries_.back();
      switch (e.kind) {
         case Entry::Kind::Append: e.table->truncate(e.row); break;
         case Entry::Kind::Delete: e.table->setDeleted(e.row, false); break;
         case Entry::Kind::Update: e.table->restoreValue(e.column, e.row, e.oldValue, e.oldNull); break;
         case Entry::Kind::CreateTable: catalog.dropTable(e.name); break;
         case Entry::Kind::DropTable: catalog.createTable(std::move(e.droppedTable)); break;
         case Entry::Kind::CreateView:
            catalog.dropView(e.name);
            if (e.view) catalog.createView(std::move(*e.view), false);
            break;
         case Entry::Kind::DropView: catalog.createView(std::move(*e.view), false); break;
         case Entry::Kind::CreateIndex:
            if (!e.table->dropSecondaryIndex(e.name)) e.table->dropUniqueIndex(e.name);
            break;
         case Entry::Kind::DropIndex:
            if (e.indexUnique)
               e.table->addUniqueIndex(e.name, e.indexColumns);
            else
               e.table->addSecondaryIndex(std::make_unique<SecondaryIndex>(e.name, e.indexColumns, e.indexMethod));
            break;
      }
      entries_.pop_back();
   }
}

}  // namespace kiln
