#include "engine/alter_table.h"

#include <algorithm>

#include "engine/statement_executor.h"
#include "parser/copy_defaults_binder.h"

namespace kiln {

namespace {

using Action = AlterTableStatement::Action;

std::string inRelation(const std::string& column, const Table& table) { return "column \"" + column + "\" of relation \"" + table.name() + "\""; }

/// Fills the column just appended to `table` with each row's DEFAULT (as COPY fills the columns
/// its list leaves out), or NULL.
void fillAddedColumn(Table& table, const Catalog& catalog, StatementStats& stats) {
   size_t added = table.columnCount() - 1;
   Column& column = table.column(added);
   std::vector<size_t> others(added);
   for (size_t c = 0; c < added; ++c) others[c] = c;
   CopyDefaults defaults = bindCopyDefaults(table, others, catalog);
   if (!defaults.columns.empty()) {
      std::vector<std::unique_ptr<Column>> filled = defaultColumns(table, defaults, table.rowCount(), stats);
      column.appendColumn(std::move(*filled[added]));
      return;
   }
   if (column.notNull() && table.liveRowCount() > 0) throw Error("23502", inRelation(column.name(), table) + " contains null values");
   // Deleted rows of a NOT NULL column hold a zero, as no query reads them.
   const uint8_t zero[16] = {};
   for (size_t row = 0; row < table.rowCount(); ++row) {
      if (column.notNull())
         column.appendRaw(zero, false);
      else
         column.appendNull();
   }
}

void addColumn(DatabaseImpl& database, Table& table, const Action& action, StatementStats& stats) {
   if (table.findColumn(action.name) >= 0) {
      if (action.missingOk) return;  // IF NOT EXISTS (PostgreSQL says so in a NOTICE)
      throw Error("42701", inRelation(action.name, table) + " already exists");
   }
   auto column = std::make_unique<Column>(action.column.name, action.column.type, action.column.notNull);
   column->setDefaultSql(action.columnDefault.sql);
   column->setIdentity(action.columnDefault.identity);
   table.addColumn(std::move(column));
   database.undo.recordAddColumn(table);  // before filling it: a failing DEFAULT takes it out again
   fillAddedColumn(table, database.catalog, stats);
}

void dropColumn(DatabaseImpl& database, Table& table, const Action& action) {
   int position = table.findColumn(action.name);
   if (position < 0) {
      if (action.missingOk) return;
      throw Error("42703", inRelation(action.name, table) + " does not exist");
   }
   if (table.columnCount() == 1) throw Error("0A000", "dropping the last column of a table is not supported (kiln has no tables without columns)");
   // The table's indexes on the column go with it, as in PostgreSQL.
   std::vector<std::string> unique, secondary;
   for (auto& index : table.uniqueIndexes())
      if (index->covers(size_t(position))) unique.push_back(index->name());
   for (auto& index : table.secondaryIndexes())
      if (index->covers(size_t(position))) secondary.push_back(index->name());
   for (auto& name : unique) {
      for (auto& index : table.uniqueIndexes())
         if (index->name() == name) {
            database.undo.recordDropIndex(table, name, index->columns(), true, SecondaryIndex::Method::Hash);
            break;
         }
      table.dropUniqueIndex(name);
   }
   for (auto& name : secondary) {
      std::unique_ptr<SecondaryIndex> index = table.dropSecondaryIndex(name);
      database.undo.recordDropIndex(table, name, index->columns(), false, index->method());
   }
   std::vector<size_t> primaryKey = table.primaryKey();
   database.undo.recordDropColumn(table, size_t(position), table.removeColumn(size_t(position)), std::move(primaryKey));
}

void renameColumn(DatabaseImpl& database, Table& table, const Action& action) {
   int position = table.findColumn(action.name);
   if (position < 0) throw Error("42703", "column \"" + action.name + "\" does not exist");
   if (table.findColumn(action.newName) >= 0) throw Error("42701", inRelation(action.newName, table) + " already exists");
   database.undo.recordRenameColumn(table, size_t(position));
   table.column(size_t(position)).setName(action.newName);
}

void setDefault(DatabaseImpl& database, Table& table, const Action& action) {
   int position = table.findColumn(action.name);
   if (position < 0) throw Error("42703", inRelation(action.name, table) + " does not exist");
   Column& column = table.column(size_t(position));
   // kiln's identity columns are also its serials, whose DEFAULT PostgreSQL would change.
   if (column.identity() != Column::Identity::None)
      throw Error("0A000", "ALTER COLUMN ... SET/DROP DEFAULT of an identity or serial column is not supported yet");
   database.undo.recordSetDefault(table, size_t(position));
   column.setDefaultSql(action.columnDefault.sql);
}

void setNotNull(DatabaseImpl& database, Table& table, const Action& action) {
   int position = table.findColumn(action.name);
   if (position < 0) throw Error("42703", inRelation(action.name, table) + " does not exist");
   Column& column = table.column(size_t(position));
   bool notNull = action.column.notNull;
   if (column.notNull() == notNull) return;
   if (notNull) {
      for (size_t row = 0; row < table.rowCount(); ++row)
         if (column.isNullAt(row) && !table.isDeleted(row)) throw Error("23502", inRelation(column.name(), table) + " contains null values");
   } else {
      const auto& key = table.primaryKey();
      if (std::find(key.begin(), key.end(), size_t(position)) != key.end()) throw Error("42P16", "column \"" + column.name() + "\" is in a primary key");
      if (column.identity() != Column::Identity::None)
         throw Error("0A000", "ALTER COLUMN ... DROP NOT NULL of an identity or serial column is not supported yet");
   }
   if (notNull) {
      database.undo.recordSetNotNull(table, size_t(position), true, column.dropNullFlags());
   } else {
      column.allowNulls();
      database.undo.recordSetNotNull(table, size_t(position), false, {});
   }
}

}  // namespace

std::shared_ptr<ResultData> alterTable(DatabaseImpl& database, AlterTableStatement& alter) {
   auto result = std::make_shared<ResultData>();
   result->statusTag = "ALTER TABLE";
   if (alter.table.empty()) return result;  // IF EXISTS, and there is no such table
   Table* table = database.catalog.findTable(alter.table);
   if (!table) throw Error("42P01", "relation \"" + alter.table + "\" does not exist");
   for (const Action& action : alter.actions) {
      switch (action.kind) {
         case Action::Kind::AddColumn: addColumn(database, *table, action, result->stats); break;
         case Action::Kind::DropColumn: dropColumn(database, *table, action); break;
         case Action::Kind::RenameColumn: renameColumn(database, *table, action); break;
         case Action::Kind::SetDefault: setDefault(database, *table, action); break;
         case Action::Kind::SetNotNull: setNotNull(database, *table, action); break;
         case Action::Kind::RenameTable: {
            std::string from = table->name();
            database.catalog.renameTable(from, action.name);
            database.undo.recordRenameTable(from, action.name);
            break;
         }
      }
   }
   return result;
}

}  // namespace kiln
