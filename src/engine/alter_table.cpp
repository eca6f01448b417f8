#include "engine/alter_table.h"

#include <algorithm>

#include "engine/check_validation.h"
#include "engine/foreign_keys.h"
#include "engine/row_changes.h"
#include "engine/statement_executor.h"
#include "parser/check_constraint_binder.h"
#include "parser/column_default.h"
#include "parser/copy_defaults_binder.h"
#include "parser/expression_binder.h"
#include "parser/modification_source.h"
#include "parser/pg_parser.h"

namespace kiln {

namespace {

using Action = AlterTableStatement::Action;

/// `name` as a quoted identifier, which reads back as exactly that name.
std::string quotedIdentifier(const std::string& name) {
   std::string quoted = "\"";
   for (char c : name) quoted += c == '"' ? std::string("\"\"") : std::string(1, c);
   return quoted + "\"";
}

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
      if (column.notNull()) column.appendRaw(zero, false);
      else column.appendNull();
   }
}

/// ADD [CONSTRAINT name] CHECK (...), and a new column's CHECK constraints: named and bound over
/// the columns as they are now, then tested on the rows there.
void addChecks(DatabaseImpl& database, Table& table, const std::vector<CheckConstraint>& written, StatementStats& stats) {
   std::vector<CheckConstraint> added = bindCheckTexts(written, table, database.catalog);
   database.undo.recordSetChecks(table);
   std::vector<CheckConstraint> checks = table.checks();
   checks.insert(checks.end(), added.begin(), added.end());
   table.setChecks(std::move(checks));
   validateChecks(table, added, 0, false, stats);
}

/// Drops the unique index `name` of `table` (undo logged).
void dropUniqueIndex(DatabaseImpl& database, Table& table, const std::string& name) {
   for (auto& index : table.uniqueIndexes())
      if (index->name() == name) {
         database.undo.recordDropIndex(table, *index);
         table.dropUniqueIndex(name);
         return;
      }
}

/// Drops `keys`, each from its table (undo logged): what CASCADE takes along.
void dropForeignKeys(DatabaseImpl& database, const std::vector<std::pair<Table*, const ForeignKey*>>& keys) {
   // By name: dropping one from a table moves the others the pointers point to.
   std::vector<std::pair<Table*, std::string>> named;
   for (auto [child, key] : keys) named.emplace_back(child, key->name);
   for (auto& [child, name] : named) {
      std::vector<ForeignKey> kept = child->foreignKeys();
      std::erase_if(kept, [&](const ForeignKey& key) { return key.name == name; });
      database.undo.recordSetForeignKeys(*child);
      child->setForeignKeys(std::move(kept));
   }
}

/// 2BP01 for dropping `what` when `dependents` (foreign keys) need it, unless CASCADE drops them.
void dropDependents(DatabaseImpl& database, const std::vector<std::pair<Table*, const ForeignKey*>>& dependents, bool cascade, const std::string& what,
                    const std::string& needed) {
   if (dependents.empty()) return;
   if (!cascade)
      throw Error("2BP01", "cannot drop " + what + " because other objects depend on it", 0,
                  "constraint " + dependents[0].second->name + " on table " + dependents[0].first->name() + " depends on " + needed,
                  "Use DROP ... CASCADE to drop the dependent objects too.");
   dropForeignKeys(database, dependents);
}

/// DROP CONSTRAINT of a PRIMARY KEY or UNIQUE constraint: its index goes, and with CASCADE the
/// foreign keys that need it. A primary key's columns stay NOT NULL, as in PostgreSQL.
void dropKey(DatabaseImpl& database, Table& table, const UniqueIndex& index, bool cascade) {
   std::string name = index.name();
   dropDependents(database, database.catalog.referencingThrough(table, index), cascade, "constraint " + name + " on table " + table.name(), "index " + name);
   if (index.kind() == UniqueKind::PrimaryKey) {
      database.undo.recordSetPrimaryKey(table);
      table.setPrimaryKey({});
   }
   dropUniqueIndex(database, table, name);
}

/// DROP CONSTRAINT of a CHECK, FOREIGN KEY, PRIMARY KEY or UNIQUE constraint.
void dropConstraint(DatabaseImpl& database, Table& table, const Action& action) {
   std::vector<ForeignKey> keys = table.foreignKeys();
   auto key = std::find_if(keys.begin(), keys.end(), [&](auto& k) { return k.name == action.name; });
   if (key != keys.end()) {
      keys.erase(key);
      database.undo.recordSetForeignKeys(table);
      table.setForeignKeys(std::move(keys));
      return;
   }
   for (auto& index : table.uniqueIndexes())
      if (index->name() == action.name && index->isConstraint()) return dropKey(database, table, *index, action.cascade);
   std::vector<CheckConstraint> checks = table.checks();
   auto it = std::find_if(checks.begin(), checks.end(), [&](auto& check) { return check.name == action.name; });
   if (it == checks.end()) {
      if (action.missingOk) return;  // IF EXISTS (PostgreSQL says so in a NOTICE)
      throw Error("42704", "constraint \"" + action.name + "\" of relation \"" + table.name() + "\" does not exist");
   }
   checks.erase(it);
   database.undo.recordSetChecks(table);
   table.setChecks(std::move(checks));
}

/// ADD [CONSTRAINT name] FOREIGN KEY, and a new column's REFERENCES: the rows there must hold.
void addForeignKeys(DatabaseImpl& database, Table& table, const std::vector<ForeignKey>& added) {
   database.undo.recordSetForeignKeys(table);
   std::vector<ForeignKey> keys = table.foreignKeys();
   keys.insert(keys.end(), added.begin(), added.end());
   table.setForeignKeys(std::move(keys));
   checkReferences(database.catalog, table, added, 0, table.rowCount());
}

/// Rewrites, in every table, the foreign keys `change` changes (undo logged).
template <typename Change>
void changeForeignKeys(DatabaseImpl& database, Change change) {
   for (const Table* constTable : database.catalog.tables()) {
      Table& table = const_cast<Table&>(*constTable);
      std::vector<ForeignKey> keys = table.foreignKeys();
      bool changed = false;
      for (ForeignKey& key : keys) changed = change(table, key) || changed;
      if (!changed) continue;
      database.undo.recordSetForeignKeys(table);
      table.setForeignKeys(std::move(keys));
   }
}

bool renameIn(std::vector<std::string>& names, const std::string& from, const std::string& to) {
   bool renamed = false;
   for (std::string& name : names)
      if (name == from) name = to, renamed = true;
   return renamed;
}

bool contains(const std::vector<std::string>& names, const std::string& name) { return std::find(names.begin(), names.end(), name) != names.end(); }

void addColumn(DatabaseImpl& database, Table& table, const Action& action, StatementStats& stats) {
   if (table.findColumn(action.name) >= 0) {
      if (action.missingOk) return;  // IF NOT EXISTS (PostgreSQL says so in a NOTICE)
      throw Error("42701", inRelation(action.name, table) + " already exists");
   }
   auto column = std::make_unique<Column>(action.column.name, action.column.type, action.column.notNull);
   column->setDefaultSql(action.columnDefault.sql);
   column->setIdentity(action.columnDefault.identity);
   *column->identityCounter() = action.columnDefault.identityStart;
   table.addColumn(std::move(column));
   database.undo.recordAddColumn(table);  // before filling it: a failing DEFAULT takes it out again
   fillAddedColumn(table, database.catalog, stats);
   if (!action.checks.empty()) addChecks(database, table, action.checks, stats);
}

void dropColumn(DatabaseImpl& database, Table& table, const Action& action) {
   int position = table.findColumn(action.name);
   if (position < 0) {
      if (action.missingOk) return;
      throw Error("42703", inRelation(action.name, table) + " does not exist");
   }
   if (table.columnCount() == 1) throw Error("0A000", "dropping the last column of a table is not supported (kiln has no tables without columns)");
   // Other tables' foreign keys to the column stop it, or go with CASCADE.
   const std::string& dropped = table.column(size_t(position)).name();
   auto dependents = database.catalog.referencing(table.name());
   std::erase_if(dependents, [&](auto& dependent) {
      auto [child, key] = dependent;
      return !contains(key->parentColumns, dropped) || (child == &table && contains(key->columns, dropped));
   });
   dropDependents(database, dependents, action.cascade, "column " + dropped + " of table " + table.name(), "column " + dropped + " of table " + table.name());
   // The table's own foreign keys over it go with it, as in PostgreSQL.
   std::vector<ForeignKey> keys;
   for (const ForeignKey& key : table.foreignKeys())
      if (!contains(key.columns, dropped)) keys.push_back(key);
   if (keys.size() != table.foreignKeys().size()) {
      database.undo.recordSetForeignKeys(table);
      table.setForeignKeys(std::move(keys));
   }
   // The table's indexes on the column go with it (and the constraints owning them), as in PostgreSQL.
   std::vector<std::string> unique, secondary;
   for (auto& index : table.uniqueIndexes())
      if (index->covers(size_t(position))) unique.push_back(index->name());
   for (auto& index : table.secondaryIndexes())
      if (index->covers(size_t(position))) secondary.push_back(index->name());
   for (auto& name : unique) dropUniqueIndex(database, table, name);
   for (auto& name : secondary) database.undo.recordDropIndex(table, *table.dropSecondaryIndex(name));
   // So do the CHECK constraints that read it.
   std::vector<CheckConstraint> checks;
   for (const CheckConstraint& check : table.checks())
      if (!checkReadsColumn(check.sql, table.column(size_t(position)).name())) checks.push_back(check);
   if (checks.size() != table.checks().size()) {
      database.undo.recordSetChecks(table);
      table.setChecks(std::move(checks));
   }
   std::vector<size_t> primaryKey = table.primaryKey();
   database.undo.recordDropColumn(table, size_t(position), table.removeColumn(size_t(position)), std::move(primaryKey));
}

/// The table's indexes on column `position`, dropped (undo logged) to be made again by remakeIndexes.
struct DroppedIndexes {
   struct Unique {
      std::string name;
      std::vector<size_t> columns;
      UniqueKind kind;
   };
   std::vector<Unique> unique;
   std::vector<std::unique_ptr<SecondaryIndex>> secondary;
};

DroppedIndexes dropIndexesOn(DatabaseImpl& database, Table& table, size_t position) {
   DroppedIndexes dropped;
   for (auto& index : table.uniqueIndexes())
      if (index->covers(position)) dropped.unique.push_back({index->name(), index->columns(), index->kind()});
   for (auto& index : dropped.unique) dropUniqueIndex(database, table, index.name);
   std::vector<std::string> secondary;
   for (auto& index : table.secondaryIndexes())
      if (index->covers(position)) secondary.push_back(index->name());
   for (auto& name : secondary) {
      dropped.secondary.push_back(table.dropSecondaryIndex(name));
      database.undo.recordDropIndex(table, *dropped.secondary.back());
   }
   return dropped;
}

/// Adds and fills a unique index (undo logged); 23505 naming it when the rows' keys collide.
void addUniqueIndex(DatabaseImpl& database, Table& table, const std::string& name, const std::vector<size_t>& columns, UniqueKind kind) {
   try {
      table.addUniqueIndex(name, columns, kind);
   } catch (const Error& error) {
      // "Key (a)=(1) already exists." says the insert of the second row.
      std::string detail = error.detail();
      if (size_t at = detail.rfind(" already exists."); at != std::string::npos) detail = detail.substr(0, at) + " is duplicated.";
      throw Error(error.sqlstate(), "could not create unique index \"" + name + "\"", 0, detail);
   }
   database.undo.recordCreateIndex(table, name);
}

void remakeIndexes(DatabaseImpl& database, Table& table, DroppedIndexes& dropped) {
   for (auto& index : dropped.unique) addUniqueIndex(database, table, index.name, index.columns, index.kind);
   for (auto& index : dropped.secondary) {
      std::string name = index->name();
      table.addSecondaryIndex(std::make_unique<SecondaryIndex>(name, index->columns(), index->method()));
      database.undo.recordCreateIndex(table, name);
   }
}

/// ALTER COLUMN ... TYPE [USING expression]: each row's new value is what UPDATE would assign to
/// a column of the new type, the USING expression's value or the old one; indexes on the
/// column are made again over the new values.
void setType(DatabaseImpl& database, Table& table, const Action& action, std::vector<std::string>& changed, StatementStats& stats) {
   int position = table.findColumn(action.name);
   if (position < 0) throw Error("42703", inRelation(action.name, table) + " does not exist");
   const Column& old = table.column(size_t(position));
   SqlType type = action.column.type;
   bool given = !action.columnDefault.sql.empty();
   if (type == old.type() && !given) return;  // nothing to convert
   if (old.identity() != Column::Identity::None && !type.isInteger()) throw Error("22023", "identity column type must be smallint, integer, or bigint");
   if (std::find(changed.begin(), changed.end(), old.name()) != changed.end()) throw Error("0A000", "cannot alter type of column \"" + old.name() + "\" twice");
   bool inForeignKey = false;
   for (const ForeignKey& key : table.foreignKeys()) inForeignKey = inForeignKey || contains(key.columns, old.name());
   for (auto [child, key] : database.catalog.referencing(table.name())) inForeignKey = inForeignKey || contains(key->parentColumns, old.name());
   if (inForeignKey) throw Error("0A000", "ALTER COLUMN TYPE of a column in a foreign key is not supported yet");
   changed.push_back(old.name());
   std::string valueSql = "SELECT " + (given ? action.columnDefault.sql : quotedIdentifier(old.name()));
   ParsedScript parsed(valueSql);
   const PgQuery__Node* value = parsed.statement(0).select_stmt->target_list[0]->res_target->val;
   if (containsSubquery(*value)) throw Error("0A000", "cannot use subquery in transform expression");
   PgQuery__RangeVar relation = PG_QUERY__RANGE_VAR__INIT;
   std::string tableName = table.name();
   relation.relname = tableName.data();
   relation.inh = true;
   ModificationSource source;
   ExprPtr assigned;
   try {
      source = bindModificationSource(nullptr, relation, nullptr, 0, nullptr, {value}, {ColumnInfo{old.name(), type, old.notNull(), {}}}, table,
                                      database.catalog, {});
      assigned = ExpressionBinder::assign(Expr::columnRef(source.plan->columns[0]), type, old.name());
   } catch (const Error& error) {
      if (error.sqlstate() != "42804") throw;
      throw Error("42804", std::string(given ? "result of USING clause for column \"" : "column \"") + old.name() + "\" cannot be cast automatically to type " +
                              type.toString());
   }
   QueryPlan& plan = *source.plan;
   for (const Operator* op = plan.root.get(); op; op = op->children.empty() ? nullptr : op->children[0].get()) {
      if (op->kind == OperatorKind::Aggregate) throw Error("42803", "aggregate functions are not allowed in transform expressions");
      if (op->kind == OperatorKind::Window) throw Error("42P20", "window functions are not allowed in transform expressions");
   }
   const IU* rowId = plan.columns.back();
   const IU* newValue = assigned->kind == ExprKind::ColumnRef ? assigned->iu : plan.ius.make(type, assigned->nullable, old.name());
   if (assigned->kind != ExprKind::ColumnRef) {
      auto map = std::make_unique<Map>();
      map->computations.push_back({newValue, std::move(assigned)});
      map->children.push_back(std::move(plan.root));
      plan.root = std::move(map);
   }
   plan.columns = {newValue, rowId};
   plan.columnNames = {old.name(), "row id"};
   auto column = std::make_unique<Column>(old.name(), type, old.notNull());
   column->setTableName(table.name());
   column->setDefaultSql(old.defaultSql());
   if (!old.defaultSql().empty()) {
      // The DEFAULT must be a value of the new type, as PostgreSQL converts it too.
      IUSet scratch;
      try {
         defaultValueOf(*column, scratch, database.catalog);
      } catch (const Error& error) {
         if (error.sqlstate() != "42804") throw;
         throw Error("42804", "default for column \"" + old.name() + "\" cannot be cast automatically to type " + type.toString());
      }
   }
   column->setIdentity(old.identity());
   *column->identityCounter() = old.nextIdentity();
   // Deleted rows hold a zero, as no query reads them.
   const uint8_t zero[16] = {};
   for (size_t row = 0; row < table.rowCount(); ++row) column->appendRaw(zero, false);
   try {
      runPlan(plan, stats, [&](RowBuffer& buffer, const RowLayout& layout) {
         storeIntoColumn(*column, std::span<char* const>(buffer.rows(), buffer.size()), layout, 0, 1);
      });
   } catch (const Error& error) {
      if (error.sqlstate() != "23502") throw;
      throw Error("23502", inRelation(old.name(), table) + " contains null values");
   }
   DroppedIndexes dropped = dropIndexesOn(database, table, size_t(position));
   database.undo.recordReplaceColumn(table, size_t(position), table.replaceColumn(size_t(position), std::move(column)));
   remakeIndexes(database, table, dropped);
   // The CHECK constraints that read the column must still hold over its new values (and bind
   // over its new type), as PostgreSQL makes them again.
   std::vector<CheckConstraint> reading;
   for (const CheckConstraint& check : table.checks())
      if (checkReadsColumn(check.sql, action.name)) reading.push_back(check);
   validateChecks(table, reading, 0, false, stats);
}

/// ADD [CONSTRAINT name] PRIMARY KEY (columns) or UNIQUE (columns): a unique index over the rows
/// there; a primary key's columns become NOT NULL.
void addKey(DatabaseImpl& database, Table& table, const Action& action) {
   const char* kind = action.primaryKey ? "primary key" : "unique";
   std::vector<size_t> columns;
   std::string defaultName = table.name();
   for (const std::string& name : action.keyColumns) {
      int position = table.findColumn(name);
      if (position < 0) throw Error("42703", "column \"" + name + "\" named in key does not exist");
      if (std::find(columns.begin(), columns.end(), size_t(position)) != columns.end())
         throw Error("42701", "column \"" + name + "\" appears twice in " + kind + " constraint");
      columns.push_back(size_t(position));
      defaultName += "_" + name;
   }
   std::string name = !action.name.empty() ? action.name : action.primaryKey ? table.name() + "_pkey" : defaultName + "_key";
   if (action.primaryKey && !table.primaryKey().empty()) throw Error("42P16", "multiple primary keys for table \"" + table.name() + "\" are not allowed");
   if (database.catalog.tableWithIndex(name)) throw Error("42P07", "relation \"" + name + "\" already exists");
   if (action.primaryKey) {
      for (size_t c : columns) {
         Column& column = table.column(c);
         if (column.notNull()) continue;
         for (size_t row = 0; row < table.rowCount(); ++row)
            if (column.isNullAt(row) && !table.isDeleted(row)) throw Error("23502", inRelation(column.name(), table) + " contains null values");
         database.undo.recordSetNotNull(table, c, true, column.dropNullFlags());
      }
   }
   addUniqueIndex(database, table, name, columns, action.primaryKey ? UniqueKind::PrimaryKey : UniqueKind::Constraint);
   if (action.primaryKey) {
      database.undo.recordSetPrimaryKey(table);
      table.setPrimaryKey(columns);
   }
}

void renameColumn(DatabaseImpl& database, Table& table, const Action& action) {
   int position = table.findColumn(action.name);
   if (position < 0) throw Error("42703", "column \"" + action.name + "\" does not exist");
   if (table.findColumn(action.newName) >= 0) throw Error("42701", inRelation(action.newName, table) + " already exists");
   database.undo.recordRenameColumn(table, size_t(position));
   table.column(size_t(position)).setName(action.newName);
   // Foreign keys name their columns: those of the table's own, and those referencing it.
   changeForeignKeys(database, [&](Table& owner, ForeignKey& key) {
      bool renamed = &owner == &table && renameIn(key.columns, action.name, action.newName);
      return (key.parent == table.name() && renameIn(key.parentColumns, action.name, action.newName)) || renamed;
   });
   // The CHECK constraints keep their text, which names columns: they read the new name now.
   std::vector<CheckConstraint> checks = table.checks();
   bool renamed = false;
   for (CheckConstraint& check : checks) {
      if (!checkReadsColumn(check.sql, action.name)) continue;
      check.sql = renameColumnInCheck(check.sql, action.name, action.newName);
      renamed = true;
   }
   if (renamed) {
      database.undo.recordSetChecks(table);
      table.setChecks(std::move(checks));
   }
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
   result->statusTag = alter.tag;
   if (alter.table.empty()) return result;  // IF EXISTS, and there is no such table
   Table* table = database.catalog.findTable(alter.table);
   if (!table) throw Error("42P01", "relation \"" + alter.table + "\" does not exist");
   std::vector<std::string> typeChanged;
   for (const Action& action : alter.actions) {
      switch (action.kind) {
         case Action::Kind::AddColumn: addColumn(database, *table, action, result->stats); break;
         case Action::Kind::DropColumn: dropColumn(database, *table, action); break;
         case Action::Kind::RenameColumn: renameColumn(database, *table, action); break;
         case Action::Kind::SetDefault: setDefault(database, *table, action); break;
         case Action::Kind::SetNotNull: setNotNull(database, *table, action); break;
         case Action::Kind::SetType: setType(database, *table, action, typeChanged, result->stats); break;
         case Action::Kind::AddKey: addKey(database, *table, action); break;
         case Action::Kind::AddCheck: addChecks(database, *table, action.checks, result->stats); break;
         case Action::Kind::DropConstraint: dropConstraint(database, *table, action); break;
         case Action::Kind::AddForeignKeys: addForeignKeys(database, *table, action.foreignKeys); break;
         case Action::Kind::RenameTable: {
            std::string from = table->name();
            database.catalog.renameTable(from, action.name);
            database.undo.recordRenameTable(from, action.name);
            // After the rename, so that the log renames the table before it rewrites its keys.
            changeForeignKeys(database, [&](Table&, ForeignKey& key) {
               if (key.parent != from) return false;
               key.parent = action.name;
               return true;
            });
            break;
         }
      }
   }
   return result;
}

}  // namespace kiln
