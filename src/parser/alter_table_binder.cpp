#include "parser/alter_table_binder.h"

#include <algorithm>
#include <optional>

#include "parser/column_definition_binder.h"
#include "parser/expression_binder.h"
#include "parser/foreign_key_binder.h"
#include "parser/pg_parser.h"
#include "parser/session_identity.h"
#include "parser/type_rules.h"

namespace kiln {

namespace {

/// The table's name; empty when it is missing and IF EXISTS says to do nothing.
std::string tableName(const PgQuery__RangeVar& relation, bool missingOk, const Catalog& catalog) {
   std::string name = relation.relname;
   if (catalog.findTable(name)) return name;
   if (missingOk) return "";
   if (catalog.findView(name)) throw Error("42809", "\"" + name + "\" is not a table", relation.location + 1);
   throw Error("42P01", "relation \"" + name + "\" does not exist", relation.location + 1);
}

/// The error for an ALTER TABLE form kiln does not have, naming the form.
Error unsupportedForm(PgQuery__AlterTableType type) {
   std::string form;
   switch (type) {
      case PG_QUERY__ALTER_TABLE_TYPE__AT_AddConstraint: form = "ADD CONSTRAINT other than PRIMARY KEY, UNIQUE, CHECK and FOREIGN KEY"; break;
      default:
         return Error("0A000",
                      "this form of ALTER TABLE is not supported yet (only ADD COLUMN, DROP COLUMN, ALTER COLUMN TYPE, SET/DROP DEFAULT, SET/DROP NOT NULL, "
                      "ADD/DROP CONSTRAINT and RENAME are)");
   }
   return Error("0A000", "ALTER TABLE ... " + form + " is not supported yet");
}

/// `droppingConstraints`: the statement drops a constraint too (maybe the primary key).
AlterTableStatement::Action addColumn(const PgQuery__AlterTableCmd& command, const std::string& table, const Catalog& catalog, bool droppingConstraints) {
   ColumnDefinition bound = bindColumnDefinition(*command.def->column_def, table, catalog);
   // Before the column is filled (its NULLs would fail first), as PostgreSQL checks it.
   const Table* existing = catalog.findTable(table);
   if (bound.primaryKeyPosition && existing && !existing->primaryKey().empty() && !droppingConstraints)
      throw Error("42P16", "multiple primary keys for table \"" + table + "\" are not allowed", bound.primaryKeyPosition);
   AlterTableStatement::Action action;
   action.kind = AlterTableStatement::Action::Kind::AddColumn;
   action.name = bound.column.name;
   action.column = std::move(bound.column);
   action.columnDefault = std::move(bound.columnDefault);
   action.missingOk = command.missing_ok;
   for (const CheckDefinition& check : bound.checks) action.checks.push_back({check.name, deparseExpression(*check.expression)});
   for (const PgQuery__Constraint* references : bound.references) refuseUnsupported(*references);
   return action;
}

/// ALTER COLUMN c SET DEFAULT expression | DROP DEFAULT, checked against the column as it is, or
/// as an ADD COLUMN of the statement (`earlier`) makes it.
AlterTableStatement::Action setDefault(const PgQuery__AlterTableCmd& command, const Table* table, const std::vector<AlterTableStatement::Action>& earlier,
                                       const Catalog& catalog) {
   AlterTableStatement::Action action;
   action.kind = AlterTableStatement::Action::Kind::SetDefault;
   action.name = command.name;
   if (!table) return action;  // IF EXISTS
   std::optional<ColumnInfo> column;
   for (auto& added : earlier)
      if (added.kind == AlterTableStatement::Action::Kind::AddColumn && added.name == action.name) column = added.column;
   int position = table->findColumn(action.name);
   if (!column && position >= 0) {
      const Column& existing = table->column(size_t(position));
      column = ColumnInfo{existing.name(), existing.type(), existing.notNull(), {}};
   }
   if (!column) throw Error("42703", "column \"" + action.name + "\" of relation \"" + table->name() + "\" does not exist");
   if (command.def) action.columnDefault.sql = checkedDefault(*command.def, *column, catalog);
   return action;
}

/// ADD [CONSTRAINT name] FOREIGN KEY and ADD COLUMN ... REFERENCES: bound over the table as
/// the other actions leave it (its keys as they are, its columns dropped and added), checked last.
void addForeignKeys(const PgQuery__AlterTableStmt& alter, const Table& table, AlterTableStatement& result, const Catalog& catalog) {
   std::vector<ForeignKeyDefinition> definitions;
   for (size_t i = 0; i < alter.n_cmds; ++i) {
      const PgQuery__AlterTableCmd& command = *alter.cmds[i]->alter_table_cmd;
      if (command.subtype == PG_QUERY__ALTER_TABLE_TYPE__AT_AddConstraint && command.def->constraint->contype == PG_QUERY__CONSTR_TYPE__CONSTR_FOREIGN)
         definitions.push_back({command.def->constraint, ""});
      if (command.subtype == PG_QUERY__ALTER_TABLE_TYPE__AT_AddColumn) {
         const PgQuery__ColumnDef& def = *command.def->column_def;
         for (size_t c = 0; c < def.n_constraints; ++c)
            if (def.constraints[c]->constraint->contype == PG_QUERY__CONSTR_TYPE__CONSTR_FOREIGN)
               definitions.push_back({def.constraints[c]->constraint, def.colname});
      }
   }
   if (definitions.empty()) return;
   KeyedTable keyed = keyedTable(table);
   for (const AlterTableStatement::Action& action : result.actions) {
      if (action.kind == AlterTableStatement::Action::Kind::AddColumn) keyed.columns.push_back(action.column);
      if (action.kind == AlterTableStatement::Action::Kind::DropColumn)
         for (ColumnInfo& column : keyed.columns)
            if (column.name == action.name) column.name.clear();  // no name finds it (its keys go with it)
   }
   AlterTableStatement::Action action;
   action.kind = AlterTableStatement::Action::Kind::AddForeignKeys;
   action.foreignKeys = bindForeignKeys(definitions, keyed, catalog);
   result.actions.push_back(std::move(action));
}

}  // namespace

namespace {

/// ALTER TABLE, SEQUENCE or VIEW ... OWNER TO: the one role owns everything already, so only it
/// (by name, or as CURRENT_USER and its kin) may be named; another is 42704, as an unknown role is.
bool changesOwnerOnly(const PgQuery__AlterTableStmt& alter, const Catalog& catalog) {
   if (alter.n_cmds == 0) return false;
   for (size_t i = 0; i < alter.n_cmds; ++i)
      if (alter.cmds[i]->alter_table_cmd->subtype != PG_QUERY__ALTER_TABLE_TYPE__AT_ChangeOwner) return false;
   const PgQuery__RangeVar& relation = *alter.relation;
   std::string name = relation.relname;
   bool exists = catalog.findTable(name) || catalog.findView(name) || catalog.findSequence(name);
   if (!exists && !alter.missing_ok) throw Error("42P01", "relation \"" + name + "\" does not exist", relation.location + 1);
   for (size_t i = 0; i < alter.n_cmds; ++i) {
      const PgQuery__RoleSpec& role = *alter.cmds[i]->alter_table_cmd->newowner;
      if (role.roletype == PG_QUERY__ROLE_SPEC_TYPE__ROLESPEC_CSTRING && std::string(role.rolename) != sessionUser)
         throw Error("42704", "role \"" + std::string(role.rolename) + "\" does not exist", role.location + 1);
      if (role.roletype == PG_QUERY__ROLE_SPEC_TYPE__ROLESPEC_PUBLIC) throw Error("42704", "role \"public\" does not exist", role.location + 1);
   }
   return true;
}

}  // namespace

AlterTableStatement bindAlterTable(const PgQuery__AlterTableStmt& alter, const Catalog& catalog) {
   if (changesOwnerOnly(alter, catalog)) {
      AlterTableStatement result;
      if (alter.objtype == PG_QUERY__OBJECT_TYPE__OBJECT_SEQUENCE) result.tag = "ALTER SEQUENCE";
      if (alter.objtype == PG_QUERY__OBJECT_TYPE__OBJECT_VIEW) result.tag = "ALTER VIEW";
      return result;
   }
   if (alter.objtype != PG_QUERY__OBJECT_TYPE__OBJECT_TABLE) throw Error("0A000", "only ALTER TABLE is supported, not ALTER of other kinds of objects");
   AlterTableStatement result;
   result.table = tableName(*alter.relation, alter.missing_ok, catalog);
   bool droppingConstraints = false;
   for (size_t i = 0; i < alter.n_cmds; ++i) droppingConstraints |= alter.cmds[i]->alter_table_cmd->subtype == PG_QUERY__ALTER_TABLE_TYPE__AT_DropConstraint;
   for (size_t i = 0; i < alter.n_cmds; ++i) {
      const PgQuery__AlterTableCmd& command = *alter.cmds[i]->alter_table_cmd;
      switch (command.subtype) {
         case PG_QUERY__ALTER_TABLE_TYPE__AT_AddColumn:
            result.actions.push_back(addColumn(command, alter.relation->relname, catalog, droppingConstraints));
            break;
         case PG_QUERY__ALTER_TABLE_TYPE__AT_DropColumn: {
            AlterTableStatement::Action action;
            action.kind = AlterTableStatement::Action::Kind::DropColumn;
            action.name = command.name;
            action.missingOk = command.missing_ok;
            action.cascade = command.behavior == PG_QUERY__DROP_BEHAVIOR__DROP_CASCADE;
            result.actions.push_back(std::move(action));
            break;
         }
         case PG_QUERY__ALTER_TABLE_TYPE__AT_AlterColumnType: {
            const PgQuery__ColumnDef& def = *command.def->column_def;
            AlterTableStatement::Action action;
            action.kind = AlterTableStatement::Action::Kind::SetType;
            action.name = command.name;
            action.column.type = types::resolve(*def.type_name);
            if (def.raw_default) action.columnDefault.sql = deparseExpression(*def.raw_default);
            result.actions.push_back(std::move(action));
            break;
         }
         case PG_QUERY__ALTER_TABLE_TYPE__AT_AddConstraint: {
            const PgQuery__Constraint& constraint = *command.def->constraint;
            if (constraint.contype == PG_QUERY__CONSTR_TYPE__CONSTR_CHECK) {
               if (constraint.skip_validation)
                  throw Error("0A000", "ALTER TABLE ... ADD CONSTRAINT ... CHECK ... NOT VALID is not supported yet", constraint.location + 1);
               if (containsSubquery(*constraint.raw_expr)) throw Error("0A000", "cannot use subquery in check constraint", constraint.location + 1);
               break;  // below, after the columns they may add
            }
            if (constraint.contype == PG_QUERY__CONSTR_TYPE__CONSTR_FOREIGN) {
               refuseUnsupported(constraint);
               break;  // below, after the columns they may add
            }
            bool primary = constraint.contype == PG_QUERY__CONSTR_TYPE__CONSTR_PRIMARY;
            if ((!primary && constraint.contype != PG_QUERY__CONSTR_TYPE__CONSTR_UNIQUE) || *constraint.indexname || constraint.n_including)
               throw unsupportedForm(command.subtype);
            break;  // below, after the columns they may add
         }
         case PG_QUERY__ALTER_TABLE_TYPE__AT_DropConstraint: {
            AlterTableStatement::Action action;
            action.kind = AlterTableStatement::Action::Kind::DropConstraint;
            action.name = command.name;
            action.missingOk = command.missing_ok;
            action.cascade = command.behavior == PG_QUERY__DROP_BEHAVIOR__DROP_CASCADE;
            result.actions.push_back(std::move(action));
            break;
         }
         case PG_QUERY__ALTER_TABLE_TYPE__AT_ColumnDefault:
         case PG_QUERY__ALTER_TABLE_TYPE__AT_SetNotNull:
         case PG_QUERY__ALTER_TABLE_TYPE__AT_DropNotNull: break;  // below, after the columns they may add
         default: throw unsupportedForm(command.subtype);
      }
   }
   // PostgreSQL drops columns first, then changes types, then adds columns, then changes defaults
   // and NOT NULL.
   auto pass = [](const AlterTableStatement::Action& action) {
      bool drops = action.kind == AlterTableStatement::Action::Kind::DropColumn || action.kind == AlterTableStatement::Action::Kind::DropConstraint;
      return drops ? 0 : action.kind == AlterTableStatement::Action::Kind::SetType ? 1 : 2;
   };
   std::stable_sort(result.actions.begin(), result.actions.end(), [&](auto& a, auto& b) { return pass(a) < pass(b); });
   const Table* table = catalog.findTable(result.table);
   for (size_t i = 0; i < alter.n_cmds; ++i) {
      const PgQuery__AlterTableCmd& command = *alter.cmds[i]->alter_table_cmd;
      if (command.subtype == PG_QUERY__ALTER_TABLE_TYPE__AT_ColumnDefault) result.actions.push_back(setDefault(command, table, result.actions, catalog));
      if (command.subtype == PG_QUERY__ALTER_TABLE_TYPE__AT_SetNotNull || command.subtype == PG_QUERY__ALTER_TABLE_TYPE__AT_DropNotNull) {
         AlterTableStatement::Action action;
         action.kind = AlterTableStatement::Action::Kind::SetNotNull;
         action.name = command.name;
         action.column.notNull = command.subtype == PG_QUERY__ALTER_TABLE_TYPE__AT_SetNotNull;
         result.actions.push_back(std::move(action));
      }
   }
   // Keys last, over the columns as the other actions leave them (a new column's PRIMARY KEY or
   // UNIQUE too).
   for (size_t i = 0; i < alter.n_cmds; ++i) {
      const PgQuery__AlterTableCmd& command = *alter.cmds[i]->alter_table_cmd;
      if (command.subtype == PG_QUERY__ALTER_TABLE_TYPE__AT_AddColumn) {
         const PgQuery__ColumnDef& column = *command.def->column_def;
         for (size_t c = 0; c < column.n_constraints; ++c) {
            const PgQuery__Constraint& constraint = *column.constraints[c]->constraint;
            bool primary = constraint.contype == PG_QUERY__CONSTR_TYPE__CONSTR_PRIMARY;
            if (!primary && constraint.contype != PG_QUERY__CONSTR_TYPE__CONSTR_UNIQUE) continue;
            AlterTableStatement::Action action;
            action.kind = AlterTableStatement::Action::Kind::AddKey;
            action.name = constraint.conname;
            action.primaryKey = primary;
            action.keyColumns = {column.colname};
            result.actions.push_back(std::move(action));
         }
      }
      if (command.subtype != PG_QUERY__ALTER_TABLE_TYPE__AT_AddConstraint) continue;
      const PgQuery__Constraint& constraint = *command.def->constraint;
      AlterTableStatement::Action action;
      if (constraint.contype == PG_QUERY__CONSTR_TYPE__CONSTR_CHECK) {
         action.kind = AlterTableStatement::Action::Kind::AddCheck;
         action.checks.push_back({constraint.conname ? constraint.conname : "", deparseExpression(*constraint.raw_expr)});
         result.actions.push_back(std::move(action));
         continue;
      }
      if (constraint.contype == PG_QUERY__CONSTR_TYPE__CONSTR_FOREIGN) continue;  // below
      action.kind = AlterTableStatement::Action::Kind::AddKey;
      action.name = constraint.conname;
      action.primaryKey = constraint.contype == PG_QUERY__CONSTR_TYPE__CONSTR_PRIMARY;
      for (size_t k = 0; k < constraint.n_keys; ++k) action.keyColumns.push_back(stringOf(constraint.keys[k]));
      result.actions.push_back(std::move(action));
   }
   if (table) addForeignKeys(alter, *table, result, catalog);
   if (result.table.empty()) result.actions.clear();
   return result;
}

AlterTableStatement bindRename(const PgQuery__RenameStmt& rename, const Catalog& catalog) {
   bool renamesTable = rename.rename_type == PG_QUERY__OBJECT_TYPE__OBJECT_TABLE;
   bool renamesColumn = rename.rename_type == PG_QUERY__OBJECT_TYPE__OBJECT_COLUMN && rename.relation_type == PG_QUERY__OBJECT_TYPE__OBJECT_TABLE;
   if (!renamesTable && !renamesColumn) throw Error("0A000", "only ALTER TABLE ... RENAME [COLUMN] and RENAME TO are supported, not renaming other objects");
   AlterTableStatement result;
   result.table = tableName(*rename.relation, rename.missing_ok, catalog);
   if (result.table.empty()) return result;
   AlterTableStatement::Action action;
   action.kind = renamesTable ? AlterTableStatement::Action::Kind::RenameTable : AlterTableStatement::Action::Kind::RenameColumn;
   action.name = renamesTable ? rename.newname : rename.subname;
   action.newName = rename.newname;
   result.actions.push_back(std::move(action));
   return result;
}

}  // namespace kiln
