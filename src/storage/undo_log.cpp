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

void UndoLog::recordAddColumn(Table& table) {
   Entry e;
   e.kind = Entry::Kind::AddColumn;
   e.table = &table;
   e.column = table.columnCount() - 1;
   entries_.push_back(std::move(e));
}

void UndoLog::recordDropColumn(Table& table, size_t position, std::unique_ptr<Column> column, std::vector<size_t> primaryKey) {
   Entry e;
   e.kind = Entry::Kind::DropColumn;
   e.table = &table;
   e.column = position;
   e.droppedColumn = std::move(column);
   e.indexColumns = std::move(primaryKey);
   entries_.push_back(std::move(e));
}

void UndoLog::recordSetPrimaryKey(Table& table) {
   Entry e;
   e.kind = Entry::Kind::SetPrimaryKey;
   e.table = &table;
   e.indexColumns = table.primaryKey();
   entries_.push_back(std::move(e));
}

void UndoLog::recordReplaceColumn(Table& table, size_t position, std::unique_ptr<Column> old) {
   Entry e;
   e.kind = Entry::Kind::ReplaceColumn;
   e.table = &table;
   e.column = position;
   e.droppedColumn = std::move(old);
   entries_.push_back(std::move(e));
}

void UndoLog::recordRenameColumn(Table& table, size_t position) {
   Entry e;
   e.kind = Entry::Kind::RenameColumn;
   e.table = &table;
   e.column = position;
   e.name = table.column(position).name();
   entries_.push_back(std::move(e));
}

namespace {

/// A new entry of `kind` for `table`, for the caller to fill.
UndoLog::Entry& addEntry(std::vector<UndoLog::Entry>& entries, UndoLog::Entry::Kind kind, Table& table) {
   UndoLog::Entry& e = entries.emplace_back();
   e.kind = kind;
   e.table = &table;
   return e;
}

}  // namespace

void UndoLog::recordSetChecks(Table& table) { addEntry(entries_, Entry::Kind::SetChecks, table).checks = table.checks(); }

void UndoLog::recordSetForeignKeys(Table& table) { addEntry(entries_, Entry::Kind::SetForeignKeys, table).foreignKeys = table.foreignKeys(); }

void UndoLog::recordSetDefault(Table& table, size_t position) {
   Entry e;
   e.kind = Entry::Kind::SetDefault;
   e.table = &table;
   e.column = position;
   e.name = table.column(position).defaultSql();
   entries_.push_back(std::move(e));
}

void UndoLog::recordSetNotNull(Table& table, size_t position, bool becameNotNull, std::vector<uint8_t> nullFlags) {
   Entry e;
   e.kind = Entry::Kind::SetNotNull;
   e.table = &table;
   e.column = position;
   e.oldNull = becameNotNull;
   e.nullFlags = std::move(nullFlags);
   entries_.push_back(std::move(e));
}

void UndoLog::recordRenameTable(const std::string& from, const std::string& to) {
   Entry e;
   e.kind = Entry::Kind::RenameTable;
   e.name = from;
   e.newName = to;
   entries_.push_back(std::move(e));
}

bool UndoLog::changesSchemaAfter(size_t mark) const {
   for (size_t i = mark; i < entries_.size(); ++i) {
      Entry::Kind kind = entries_[i].kind;
      if (kind != Entry::Kind::Append && kind != Entry::Kind::Delete && kind != Entry::Kind::Update) return true;
   }
   return false;
}
void UndoLog::recordCreateSequence(const std::string& name) {
   Entry e;
   e.kind = Entry::Kind::CreateSequence;
   e.name = name;
   entries_.push_back(std::move(e));
}

void UndoLog::recordDropSequence(std::unique_ptr<Sequence> sequence) {
   Entry e;
   e.kind = Entry::Kind::DropSequence;
   e.sequence = std::move(sequence);
   entries_.push_back(std::move(e));
}

void UndoLog::recordAlterSequence(const Sequence& sequence) {
   Entry e;
   e.kind = Entry::Kind::AlterSequence;
   e.name = sequence.name;
   e.sequence = std::make_unique<Sequence>(sequence);
   entries_.push_back(std::move(e));
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
         case Entry::Kind::CreateSequence: catalog.dropSequence(e.name); break;
         case Entry::Kind::DropSequence: catalog.restoreSequence(std::move(e.sequence)); break;
         case Entry::Kind::AlterSequence: {
            // As PostgreSQL's: the whole sequence as it was before, its counter too.
            Sequence& now = *catalog.findSequence(e.name);
            uint64_t id = now.id;
            now = *e.sequence;
            now.id = id;
            now.unlogged = true;
            break;
         }
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
         case Entry::Kind::AddColumn: e.table->removeColumn(e.column); break;
         case Entry::Kind::DropColumn:
            e.table->insertColumn(e.column, std::move(e.droppedColumn));
            e.table->setPrimaryKey(std::move(e.indexColumns));
            break;
         case Entry::Kind::ReplaceColumn: e.table->replaceColumn(e.column, std::move(e.droppedColumn)); break;
         case Entry::Kind::SetPrimaryKey: e.table->setPrimaryKey(std::move(e.indexColumns)); break;
         case Entry::Kind::RenameColumn: e.table->column(e.column).setName(e.name); break;
         case Entry::Kind::RenameTable: catalog.renameTable(e.newName, e.name); break;
         case Entry::Kind::SetDefault: e.table->column(e.column).setDefaultSql(e.name); break;
         case Entry::Kind::SetChecks: e.table->setChecks(std::move(e.checks)); break;
         case Entry::Kind::SetForeignKeys: e.table->setForeignKeys(std::move(e.foreignKeys)); break;
         case Entry::Kind::SetNotNull:
            if (e.oldNull)
               e.table->column(e.column).allowNulls(e.nullFlags);
            else
               e.table->column(e.column).dropNullFlags();
            break;
      }
      entries_.pop_back();
   }
}

}  // namespace kiln
