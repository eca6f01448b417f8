#include "storage/redo.h"

#include "storage/table_image.h"

namespace kiln {

namespace {

// CreateIndex's kind of index. Logs written before the kinds of unique indexes were kept have
// OlderUnique for all of them (Table::olderUniqueKind).
enum class IndexKindCode : uint8_t { Secondary, OlderUnique, UniqueConstraint, PrimaryKey, UniqueIndex };

IndexKindCode indexKindCode(UniqueKind kind) {
   switch (kind) {
      case UniqueKind::Index: return IndexKindCode::UniqueIndex;
      case UniqueKind::Constraint: return IndexKindCode::UniqueConstraint;
      case UniqueKind::PrimaryKey: return IndexKindCode::PrimaryKey;
   }
   return IndexKindCode::UniqueIndex;
}
enum class RedoOp : uint8_t {
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
   CreateSequence,
   DropSequence,
   SequenceState,
   ReplaceColumn,
   SetPrimaryKey,
   SetChecks,
   SetForeignKeys
};

Table& tableNamed(Catalog& catalog, const std::string& name) {
   Table* table = catalog.findTable(name);
   if (!table) throw Error("XX001", "corrupt log: it names table \"" + name + "\", which does not exist");
   return *table;
}

}  // namespace

void encodeRedo(const UndoLog& undo, size_t from, size_t to, const Catalog& catalog, BinaryWriter& out) {
   for (size_t i = from; i < to; ++i) {
      const UndoLog::Entry& e = undo.entry(i);
      switch (e.kind) {
         case UndoLog::Entry::Kind::Append: {
            const Table& table = *e.table;
            out.put(RedoOp::Append);
            out.putString(table.name());
            out.put(uint64_t(table.rowCount() - e.row));
            for (size_t row = e.row; row < table.rowCount(); ++row)
               for (size_t c = 0; c < table.columnCount(); ++c) writeCell(table.column(c), row, out);
            break;
         }
         case UndoLog::Entry::Kind::Delete:
            out.put(RedoOp::Delete);
            out.putString(e.table->name());
            out.put(uint64_t(e.row));
            break;
         case UndoLog::Entry::Kind::Update:
            out.put(RedoOp::Update);
            out.putString(e.table->name());
            out.put(uint32_t(e.column));
            out.put(uint64_t(e.row));
            writeCell(e.table->column(e.column), e.row, out);
            break;
         case UndoLog::Entry::Kind::CreateTable: {
            const Table& table = *catalog.findTable(e.schema->name);
            out.put(RedoOp::CreateTable);
            writeTableDefinition(table, out);
            // A separate record, so that logs written before CHECK constraints read as they were.
            if (!table.checks().empty()) {
               out.put(RedoOp::SetChecks);
               out.putString(table.name());
               writeChecks(table, out);
            }
            if (!table.foreignKeys().empty()) {
               out.put(RedoOp::SetForeignKeys);
               out.putString(table.name());
               writeForeignKeys(table, out);
            }
            break;
         }
         case UndoLog::Entry::Kind::SetForeignKeys:
            out.put(RedoOp::SetForeignKeys);
            out.putString(e.table->name());
            writeForeignKeys(*e.table, out);
            break;
         case UndoLog::Entry::Kind::SetChecks:
            out.put(RedoOp::SetChecks);
            out.putString(e.table->name());
            writeChecks(*e.table, out);
            break;
         case UndoLog::Entry::Kind::DropTable:
            out.put(RedoOp::DropTable);
            out.putString(e.schema->droppedTable->name());
            break;
         case UndoLog::Entry::Kind::CreateView: {
            const View& view = *catalog.findView(e.schema->name);
            out.put(RedoOp::CreateView);
            out.putString(view.name);
            out.putString(view.definition);
            out.put(uint32_t(view.columnNames.size()));
            for (auto& name : view.columnNames) out.putString(name);
            break;
         }
         case UndoLog::Entry::Kind::DropView:
            out.put(RedoOp::DropView);
            out.putString(e.schema->view->name);
            break;
         case UndoLog::Entry::Kind::CreateIndex: {
            // The index as it is now (made by this statement).
            out.put(RedoOp::CreateIndex);
            out.putString(e.table->name());
            out.putString(e.schema->name);
            IndexKindCode kind = IndexKindCode::Secondary;
            std::vector<size_t> columns;
            SecondaryIndex::Method method = SecondaryIndex::Method::BTree;
            for (auto& index : e.table->uniqueIndexes())
               if (index->name() == e.schema->name) kind = indexKindCode(index->kind()), columns = index->columns();
            for (auto& index : e.table->secondaryIndexes())
               if (index->name() == e.schema->name) columns = index->columns(), method = index->method();
            out.put(kind);
            out.put(uint8_t(method));
            out.put(uint32_t(columns.size()));
            for (size_t c : columns) out.put(uint32_t(c));
            break;
         }
         case UndoLog::Entry::Kind::DropIndex:
            out.put(RedoOp::DropIndex);
            out.putString(e.table->name());
            out.putString(e.schema->name);
            break;
         case UndoLog::Entry::Kind::AddColumn: {
            // The column and every row's value (a volatile DEFAULT gave each its own).
            const Column& column = e.table->column(e.column);
            out.put(RedoOp::AddColumn);
            out.putString(e.table->name());
            writeColumnDefinition(column, out);
            for (size_t row = 0; row < e.table->rowCount(); ++row) writeCell(column, row, out);
            break;
         }
         case UndoLog::Entry::Kind::SetPrimaryKey:
            out.put(RedoOp::SetPrimaryKey);
            out.putString(e.table->name());
            out.put(uint32_t(e.table->primaryKey().size()));
            for (size_t c : e.table->primaryKey()) out.put(uint32_t(c));
            break;
         case UndoLog::Entry::Kind::ReplaceColumn: {
            const Column& column = e.table->column(e.column);
            out.put(RedoOp::ReplaceColumn);
            out.putString(e.table->name());
            out.put(uint32_t(e.column));
            writeColumnDefinition(column, out);
            for (size_t row = 0; row < e.table->rowCount(); ++row) writeCell(column, row, out);
            break;
         }
         case UndoLog::Entry::Kind::DropColumn:
            out.put(RedoOp::DropColumn);
            out.putString(e.table->name());
            out.put(uint32_t(e.column));
            break;
         case UndoLog::Entry::Kind::RenameColumn:
            out.put(RedoOp::RenameColumn);
            out.putString(e.table->name());
            out.put(uint32_t(e.column));
            out.putString(e.table->column(e.column).name());
            break;
         case UndoLog::Entry::Kind::SetDefault:
            out.put(RedoOp::SetDefault);
            out.putString(e.table->name());
            out.put(uint32_t(e.column));
            out.putString(e.table->column(e.column).defaultSql());
            break;
         case UndoLog::Entry::Kind::SetNotNull:
            out.put(RedoOp::SetNotNull);
            out.putString(e.table->name());
            out.put(uint32_t(e.column));
            out.put(uint8_t(e.table->column(e.column).notNull()));
            break;
         case UndoLog::Entry::Kind::RenameTable:
            out.put(RedoOp::RenameTable);
            out.putString(e.schema->name);
            out.putString(e.schema->newName);
            break;
         case UndoLog::Entry::Kind::AlterSequence:
            out.put(RedoOp::DropSequence);
            out.putString(e.schema->name);
            [[fallthrough]];
         case UndoLog::Entry::Kind::CreateSequence:
            out.put(RedoOp::CreateSequence);
            catalog.findSequence(e.schema->name)->write(out);
            break;
         case UndoLog::Entry::Kind::DropSequence:
            out.put(RedoOp::DropSequence);
            out.putString(e.schema->sequence->name);
            break;
      }
   }
   encodeSequenceStates(catalog, out);
}

void encodeSequenceStates(const Catalog& catalog, BinaryWriter& out) {
   if (!catalog.hasSequences()) return;  // no allocation per statement in the common case
   for (Sequence* sequence : catalog.sequences()) {
      if (!sequence->unlogged) continue;
      out.put(RedoOp::SequenceState);
      out.putString(sequence->name);
      out.put(sequence->lastValue);
      out.put(uint8_t(sequence->isCalled));
      sequence->unlogged = false;
   }
}

void applyRedo(BinaryReader& in, Catalog& catalog) {
   while (!in.atEnd()) {
      switch (in.get<RedoOp>()) {
         case RedoOp::Append: {
            Table& table = tableNamed(catalog, in.getString());
            uint64_t rows = in.get<uint64_t>();
            size_t before = table.rowCount();
            for (uint64_t r = 0; r < rows; ++r)
               for (size_t c = 0; c < table.columnCount(); ++c) appendCell(table.column(c), in);
            table.sealAppendedRows(before + rows);
            table.indexRows(before, before + rows);
            table.moveIdentitiesPast(before, before + rows);
            break;
         }
         case RedoOp::Delete: {
            Table& table = tableNamed(catalog, in.getString());
            table.setDeleted(in.get<uint64_t>(), true);
            break;
         }
         case RedoOp::Update: {
            Table& table = tableNamed(catalog, in.getString());
            uint32_t column = in.get<uint32_t>();
            uint64_t row = in.get<uint64_t>();
            uint8_t raw[16];
            std::string bytes;
            bool isNull = readCellRaw(table.column(column), in, raw, bytes);
            table.updateValue(column, row, raw, isNull);
            break;
         }
         case RedoOp::CreateTable: catalog.createTable(readTableDefinition(in)); break;
         case RedoOp::DropTable: catalog.dropTable(in.getString()); break;
         case RedoOp::CreateView: {
            View view;
            view.name = in.getString();
            view.definition = in.getString();
            view.columnNames.resize(in.get<uint32_t>());
            for (auto& name : view.columnNames) name = in.getString();
            catalog.createView(std::move(view), true);
            break;
         }
         case RedoOp::DropView: catalog.dropView(in.getString()); break;
         case RedoOp::CreateIndex: {
            Table& table = tableNamed(catalog, in.getString());
            std::string name = in.getString();
            auto kind = in.get<IndexKindCode>();
            auto method = SecondaryIndex::Method(in.get<uint8_t>());
            std::vector<size_t> columns(in.get<uint32_t>());
            for (auto& c : columns) c = in.get<uint32_t>();
            if (kind == IndexKindCode::OlderUnique) table.addUniqueIndex(name, columns, table.olderUniqueKind(name, columns));
            else if (kind != IndexKindCode::Secondary)
               table.addUniqueIndex(name, columns,
                                    kind == IndexKindCode::PrimaryKey         ? UniqueKind::PrimaryKey
                                    : kind == IndexKindCode::UniqueConstraint ? UniqueKind::Constraint
                                                                              : UniqueKind::Index);
            else table.addSecondaryIndex(std::make_unique<SecondaryIndex>(name, columns, method));
            break;
         }
         case RedoOp::DropIndex: {
            Table& table = tableNamed(catalog, in.getString());
            std::string name = in.getString();
            if (!table.dropSecondaryIndex(name)) table.dropUniqueIndex(name);
            break;
         }
         case RedoOp::AddColumn: {
            Table& table = tableNamed(catalog, in.getString());
            std::unique_ptr<Column> column = readColumnDefinition(in);
            for (size_t row = 0; row < table.rowCount(); ++row) appendCell(*column, in);
            table.addColumn(std::move(column));
            break;
         }
         case RedoOp::SetPrimaryKey: {
            Table& table = tableNamed(catalog, in.getString());
            std::vector<size_t> key(in.get<uint32_t>());
            for (auto& c : key) c = in.get<uint32_t>();
            table.setPrimaryKey(std::move(key));
            table.recognizeOlderPrimaryKey();  // an older log's ADD PRIMARY KEY made its index before
            break;
         }
         case RedoOp::ReplaceColumn: {
            Table& table = tableNamed(catalog, in.getString());
            uint32_t position = in.get<uint32_t>();
            std::unique_ptr<Column> column = readColumnDefinition(in);
            for (size_t row = 0; row < table.rowCount(); ++row) appendCell(*column, in);
            table.replaceColumn(position, std::move(column));
            break;
         }
         case RedoOp::DropColumn: {
            Table& table = tableNamed(catalog, in.getString());
            table.removeColumn(in.get<uint32_t>());
            break;
         }
         case RedoOp::RenameColumn: {
            Table& table = tableNamed(catalog, in.getString());
            uint32_t column = in.get<uint32_t>();
            table.column(column).setName(in.getString());
            break;
         }
         case RedoOp::SetDefault: {
            Table& table = tableNamed(catalog, in.getString());
            uint32_t column = in.get<uint32_t>();
            table.column(column).setDefaultSql(in.getString());
            break;
         }
         case RedoOp::SetNotNull: {
            Table& table = tableNamed(catalog, in.getString());
            uint32_t column = in.get<uint32_t>();
            if (in.get<uint8_t>()) table.column(column).dropNullFlags();
            else table.column(column).allowNulls();
            break;
         }
         case RedoOp::RenameTable: {
            std::string from = in.getString();
            catalog.renameTable(from, in.getString());
            break;
         }
         case RedoOp::SetChecks: {
            Table& table = tableNamed(catalog, in.getString());
            table.setChecks(readChecks(in));
            break;
         }
         case RedoOp::SetForeignKeys: {
            Table& table = tableNamed(catalog, in.getString());
            table.setForeignKeys(readForeignKeys(in));
            break;
         }
         case RedoOp::CreateSequence: catalog.createSequence(std::make_unique<Sequence>(Sequence::read(in))); break;
         case RedoOp::DropSequence: catalog.dropSequence(in.getString()); break;
         case RedoOp::SequenceState: {
            std::string name = in.getString();
            Sequence* sequence = catalog.findSequence(name);
            if (!sequence) throw Error("XX001", "corrupt log: it names sequence \"" + name + "\", which does not exist");
            sequence->lastValue = in.get<int64_t>();
            sequence->isCalled = in.get<uint8_t>() != 0;
            break;
         }
      }
   }
}

}  // namespace kiln
