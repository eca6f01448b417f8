#include "storage/undo_log.h"

#include <cstring>

#include "common/unaligned.h"

namespace kiln {

void UndoLog::recordAppend(Table& table, size_t rows) {
   Entry& e = entries_.emplace_back();
   e.kind = Entry::Kind::Append;
   e.table = &table;
   e.row = rows;
}

void UndoLog::recordDelete(Table& table, size_t row) {
   Entry& e = entries_.emplace_back();
   e.kind = Entry::Kind::Delete;
   e.table = &table;
   e.row = row;
}

UndoLog::SchemaChange& UndoLog::recordSchemaChange(Entry::Kind kind, Table* table, size_t column) {
   Entry& e = entries_.emplace_back();
   e.kind = kind;
   e.table = table;
   e.column = uint32_t(column);
   e.schema = std::make_unique<SchemaChange>();
   return *e.schema;
}

void UndoLog::recordCreateTable(const std::string& name) { recordSchemaChange(Entry::Kind::CreateTable, nullptr).name = name; }

void UndoLog::recordDropTable(std::unique_ptr<Table> table) { recordSchemaChange(Entry::Kind::DropTable, nullptr).droppedTable = std::move(table); }

void UndoLog::recordCreateView(const std::string& name, std::optional<View> replaced) {
   SchemaChange& change = recordSchemaChange(Entry::Kind::CreateView, nullptr);
   change.name = name;
   change.view = std::move(replaced);
}

void UndoLog::recordDropView(View view) { recordSchemaChange(Entry::Kind::DropView, nullptr).view = std::move(view); }

void UndoLog::recordCreateIndex(Table& table, const std::string& name) { recordSchemaChange(Entry::Kind::CreateIndex, &table).name = name; }

void UndoLog::recordDropIndex(Table& table, const UniqueIndex& index) {
   SchemaChange& change = recordSchemaChange(Entry::Kind::DropIndex, &table);
   change.name = index.name();
   change.indexColumns = index.columns();
   change.uniqueKind = index.kind();
}

void UndoLog::recordDropIndex(Table& table, const SecondaryIndex& index) {
   SchemaChange& change = recordSchemaChange(Entry::Kind::DropIndex, &table);
   change.name = index.name();
   change.indexColumns = index.columns();
   change.indexMethod = index.method();
}

void UndoLog::recordAddColumn(Table& table) { recordSchemaChange(Entry::Kind::AddColumn, &table, table.columnCount() - 1); }

void UndoLog::recordDropColumn(Table& table, size_t position, std::unique_ptr<Column> column, std::vector<size_t> primaryKey) {
   SchemaChange& change = recordSchemaChange(Entry::Kind::DropColumn, &table, position);
   change.droppedColumn = std::move(column);
   change.indexColumns = std::move(primaryKey);
}

void UndoLog::recordSetPrimaryKey(Table& table) { recordSchemaChange(Entry::Kind::SetPrimaryKey, &table).indexColumns = table.primaryKey(); }

void UndoLog::recordReplaceColumn(Table& table, size_t position, std::unique_ptr<Column> old) {
   recordSchemaChange(Entry::Kind::ReplaceColumn, &table, position).droppedColumn = std::move(old);
}

void UndoLog::recordRenameColumn(Table& table, size_t position) {
   recordSchemaChange(Entry::Kind::RenameColumn, &table, position).name = table.column(position).name();
}

void UndoLog::recordSetChecks(Table& table) { recordSchemaChange(Entry::Kind::SetChecks, &table).checks = table.checks(); }

void UndoLog::recordSetForeignKeys(Table& table) { recordSchemaChange(Entry::Kind::SetForeignKeys, &table).foreignKeys = table.foreignKeys(); }

void UndoLog::recordSetDefault(Table& table, size_t position) {
   recordSchemaChange(Entry::Kind::SetDefault, &table, position).name = table.column(position).defaultSql();
}

void UndoLog::recordSetNotNull(Table& table, size_t position, bool becameNotNull, std::vector<uint8_t> nullFlags) {
   SchemaChange& change = recordSchemaChange(Entry::Kind::SetNotNull, &table, position);
   entries_.back().oldNull = becameNotNull;
   change.nullFlags = std::move(nullFlags);
}

void UndoLog::recordRenameTable(const std::string& from, const std::string& to) {
   SchemaChange& change = recordSchemaChange(Entry::Kind::RenameTable, nullptr);
   change.name = from;
   change.newName = to;
}

bool UndoLog::changesSchemaAfter(size_t mark) const {
   for (size_t i = mark; i < entries_.size(); ++i) {
      Entry::Kind kind = entries_[i].kind;
      if (kind != Entry::Kind::Append && kind != Entry::Kind::Delete && kind != Entry::Kind::Update) return true;
   }
   return false;
}

void UndoLog::recordCreateSequence(const std::string& name) { recordSchemaChange(Entry::Kind::CreateSequence, nullptr).name = name; }

void UndoLog::recordDropSequence(std::unique_ptr<Sequence> sequence) { recordSchemaChange(Entry::Kind::DropSequence, nullptr).sequence = std::move(sequence); }

void UndoLog::recordAlterSequence(const Sequence& sequence) {
   SchemaChange& change = recordSchemaChange(Entry::Kind::AlterSequence, nullptr);
   change.name = sequence.name;
   change.sequence = std::make_unique<Sequence>(sequence);
}

void UndoLog::rollbackTo(size_t mark, Catalog& catalog) {
   while (entries_.size() > mark) {
      Entry& e = entries_.back();
      switch (e.kind) {
         case Entry::Kind::Append: e.table->truncate(e.row); break;
         case Entry::Kind::Delete: e.table->setDeleted(e.row, false); break;
         case Entry::Kind::Update: e.table->restoreValue(e.column, e.row, e.oldValue, e.oldNull); break;
         case Entry::Kind::CreateTable: catalog.dropTable(e.schema->name); break;
         case Entry::Kind::DropTable: catalog.createTable(std::move(e.schema->droppedTable)); break;
         case Entry::Kind::CreateSequence: catalog.dropSequence(e.schema->name); break;
         case Entry::Kind::DropSequence: catalog.restoreSequence(std::move(e.schema->sequence)); break;
         case Entry::Kind::AlterSequence: {
            // As PostgreSQL's: the whole sequence as it was before, its counter too.
            Sequence& now = *catalog.findSequence(e.schema->name);
            uint64_t id = now.id;
            now = *e.schema->sequence;
            now.id = id;
            now.unlogged = true;
            break;
         }
         case Entry::Kind::CreateView:
            catalog.dropView(e.schema->name);
            if (e.schema->view) catalog.createView(std::move(*e.schema->view), false);
            break;
         case Entry::Kind::DropView: catalog.createView(std::move(*e.schema->view), false); break;
         case Entry::Kind::CreateIndex:
            if (!e.table->dropSecondaryIndex(e.schema->name)) e.table->dropUniqueIndex(e.schema->name);
            break;
         case Entry::Kind::DropIndex:
            if (e.schema->uniqueKind) e.table->addUniqueIndex(e.schema->name, e.schema->indexColumns, *e.schema->uniqueKind);
            else e.table->addSecondaryIndex(std::make_unique<SecondaryIndex>(e.schema->name, e.schema->indexColumns, e.schema->indexMethod));
            break;
         case Entry::Kind::AddColumn: e.table->removeColumn(e.column); break;
         case Entry::Kind::DropColumn:
            e.table->insertColumn(e.column, std::move(e.schema->droppedColumn));
            e.table->setPrimaryKey(std::move(e.schema->indexColumns));
            break;
         case Entry::Kind::ReplaceColumn: e.table->replaceColumn(e.column, std::move(e.schema->droppedColumn)); break;
         case Entry::Kind::SetPrimaryKey: e.table->setPrimaryKey(std::move(e.schema->indexColumns)); break;
         case Entry::Kind::RenameColumn: e.table->column(e.column).setName(e.schema->name); break;
         case Entry::Kind::RenameTable: catalog.renameTable(e.schema->newName, e.schema->name); break;
         case Entry::Kind::SetDefault: e.table->column(e.column).setDefaultSql(e.schema->name); break;
         case Entry::Kind::SetChecks: e.table->setChecks(std::move(e.schema->checks)); break;
         case Entry::Kind::SetForeignKeys: e.table->setForeignKeys(std::move(e.schema->foreignKeys)); break;
         case Entry::Kind::SetNotNull:
            if (e.oldNull) e.table->column(e.column).allowNulls(e.schema->nullFlags);
            else e.table->column(e.column).dropNullFlags();
            break;
      }
      entries_.pop_back();
   }
}

}  // namespace kiln
