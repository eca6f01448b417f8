#include "parser/sequence_binder.h"
#include "parser/statement.h"

#include <algorithm>
#include <optional>
#include <set>

#include "parser/alter_table_binder.h"
#include "parser/check_constraint_binder.h"
#include "parser/column_default.h"
#include "parser/column_definition_binder.h"
#include "parser/constraint_names.h"
#include "parser/copy_defaults_binder.h"
#include "parser/expression_binder.h"
#include "parser/foreign_key_binder.h"
#include "parser/on_conflict_binder.h"
#include "parser/pg_parser.h"
#include "parser/returning_binder.h"
#include "parser/schema_names.h"
#include "parser/type_rules.h"
#include "parser/update_delete_binder.h"

namespace kiln {

namespace {

Table& findTable(const Catalog& catalog, const PgQuery__RangeVar& relation) {
   Table* table = catalog.findTable(relation.relname);
   if (!table && catalog.findSequence(relation.relname))
      throw Error("42809", "cannot change sequence \"" + std::string(relation.relname) + "\"", relation.location + 1);
   if (!table) throw Error("42P01", "relation \"" + std::string(relation.relname) + "\" does not exist", relation.location + 1);
   return *table;
}

CreateTableStatement bindCreateTable(const PgQuery__CreateStmt& create, const Catalog& catalog) {
   CreateTableStatement result;
   result.name = create.relation->relname;
   result.ifNotExists = create.if_not_exists;
   std::vector<std::string> primaryKeyNames;
   std::vector<std::vector<std::string>> uniqueNames;
   std::vector<std::string> uniqueConstraintNames;  // one per unique key: CONSTRAINT's name, or empty
   std::vector<CheckDefinition> checks;  // in the order written, as PostgreSQL names them
   std::vector<ForeignKeyDefinition> foreignKeys;  // likewise
   auto addPrimaryKey = [&](std::vector<std::string> names, int position, std::string constraintName) {
      if (!primaryKeyNames.empty()) throw Error("42P16", "multiple primary keys for table \"" + result.name + "\" are not allowed", position);
      primaryKeyNames = std::move(names);
      result.primaryKeyName = constraintName.empty() ? result.name + "_pkey" : std::move(constraintName);
   };
   auto addUnique = [&](std::vector<std::string> names, std::string constraintName) {
      uniqueNames.push_back(std::move(names));
      uniqueConstraintNames.push_back(std::move(constraintName));
   };
   for (size_t i = 0; i < create.n_table_elts; ++i) {
      const PgQuery__Node& element = *create.table_elts[i];
      if (element.node_case == PG_QUERY__NODE__NODE_COLUMN_DEF) {
         ColumnDefinition bound = bindColumnDefinition(*element.column_def, result.name, catalog);
         for (auto& existing : result.columns)
            if (existing.name == bound.column.name)
               throw Error("42701", "column \"" + bound.column.name + "\" specified more than once", element.column_def->location + 1);
         if (bound.primaryKeyPosition) addPrimaryKey({bound.column.name}, bound.primaryKeyPosition, bound.primaryKeyName);
         if (bound.unique) addUnique({bound.column.name}, bound.uniqueName);
         checks.insert(checks.end(), bound.checks.begin(), bound.checks.end());
         for (const PgQuery__Constraint* references : bound.references) foreignKeys.push_back({references, bound.column.name});
         result.columns.push_back(std::move(bound.column));
         result.defaults.push_back(std::move(bound.columnDefault));
      } else if (element.node_case == PG_QUERY__NODE__NODE_CONSTRAINT) {
         const PgQuery__Constraint& constraint = *element.constraint;
         if (constraint.contype == PG_QUERY__CONSTR_TYPE__CONSTR_CHECK) {
            checks.push_back({constraint.conname ? constraint.conname : "", constraint.raw_expr, constraint.location + 1});
            continue;
         }
         if (constraint.contype == PG_QUERY__CONSTR_TYPE__CONSTR_FOREIGN) {
            foreignKeys.push_back({&constraint, ""});
            continue;
         }
         if (constraint.contype != PG_QUERY__CONSTR_TYPE__CONSTR_PRIMARY && constraint.contype != PG_QUERY__CONSTR_TYPE__CONSTR_UNIQUE)
            throw Error("0A000", "this table constraint is not supported yet", constraint.location + 1);
         std::vector<std::string> names;
         for (size_t k = 0; k < constraint.n_keys; ++k) names.push_back(stringOf(constraint.keys[k]));
         std::string constraintName = constraint.conname ? constraint.conname : "";
         if (constraint.contype == PG_QUERY__CONSTR_TYPE__CONSTR_UNIQUE) addUnique(std::move(names), std::move(constraintName));
         else addPrimaryKey(std::move(names), constraint.location + 1, std::move(constraintName));
      } else {
         throw Error("0A000", "this table element is not supported yet");
      }
   }
   auto columnIndex = [&](const std::string& name) {
      auto it = std::find_if(result.columns.begin(), result.columns.end(), [&](auto& c) { return c.name == name; });
      if (it == result.columns.end()) throw Error("42703", "column \"" + name + "\" named in key does not exist");
      return size_t(it - result.columns.begin());
   };
   for (auto& name : primaryKeyNames) {
      size_t index = columnIndex(name);
      result.columns[index].notNull = true;
      result.primaryKey.push_back(index);
   }
   for (size_t u = 0; u < uniqueNames.size(); ++u) {
      std::vector<size_t> key;
      // Named as PostgreSQL names them: t_a_key, t_a_b_key.
      std::string name = result.name;
      for (auto& column : uniqueNames[u]) {
         key.push_back(columnIndex(column));
         name += "_" + column;
      }
      result.uniqueKeys.push_back(std::move(key));
      result.uniqueKeyNames.push_back(uniqueConstraintNames[u].empty() ? name + "_key" : uniqueConstraintNames[u]);
   }
   result.checks = bindCheckDefinitions(checks, result.name, result.columns, {}, catalog);
   if (!foreignKeys.empty() && !(result.ifNotExists && catalog.findTable(result.name))) {
      KeyedTable self{result.name, result.columns, result.primaryKey, result.uniqueKeys};
      if (!result.primaryKey.empty()) self.uniqueKeys.push_back(result.primaryKey);
      result.foreignKeys = bindForeignKeys(foreignKeys, self, catalog);
   }
   return result;
}

CreateIndexStatement bindCreateIndex(const PgQuery__IndexStmt& create, const Catalog& catalog) {
   Table& table = findTable(catalog, *create.relation);
   CreateIndexStatement result{
      &table, create.idxname ? create.idxname : "", {}, bool(create.unique), SecondaryIndex::Method::BTree, bool(create.if_not_exists)};
   std::string method = create.access_method ? create.access_method : "btree";
   if (method == "hash") result.method = SecondaryIndex::Method::Hash;
   else if (method != "btree") throw Error("42704", "access method \"" + method + "\" does not exist");
   if (create.where_clause) throw Error("0A000", "partial indexes are not supported yet");
   std::string columnNames;
   for (size_t i = 0; i < create.n_index_params; ++i) {
      const PgQuery__IndexElem& element = *create.index_params[i]->index_elem;
      if (!element.name || !*element.name) throw Error("0A000", "indexes on expressions are not supported yet");
      int column = table.findColumn(element.name);
      if (column < 0) throw Error("42703", "column \"" + std::string(element.name) + "\" does not exist");
      result.columns.push_back(size_t(column));
      columnNames += (i ? "_" : "") + std::string(element.name);
   }
   if (result.name.empty()) {
      // PostgreSQL's ChooseRelationName: table_columns_idx (also for UNIQUE: _key is a
      // constraint's), then idx1, idx2, ... while taken.
      result.name = objectName(table.name(), columnNames, "idx");
      for (int pass = 1; catalog.hasRelationNamed(result.name); ++pass) result.name = objectName(table.name(), columnNames, "idx" + std::to_string(pass));
   }
   if (result.unique && result.method == SecondaryIndex::Method::Hash) throw Error("0A000", "access method \"hash\" does not support unique indexes");
   return result;
}

/// 2BP01 when `index` of `table` may not go: a constraint owns it, or a foreign key needs it.
void refuseDroppingIndex(const Catalog& catalog, const Table& table, const UniqueIndex& index) {
   const std::string& name = index.name();
   if (index.isConstraint())
      throw Error("2BP01", "cannot drop index " + name + " because constraint " + name + " on table " + table.name() + " requires it", 0, {},
                  "You can drop constraint " + name + " on table " + table.name() + " instead.");
   auto children = catalog.referencingThrough(table, index);
   if (!children.empty())
      throw Error("2BP01", "cannot drop index " + name + " because other objects depend on it", 0,
                  "constraint " + children[0].second->name + " on table " + children[0].first->name() + " depends on index " + name);
}

DropStatement bindDrop(const PgQuery__DropStmt& drop, const Catalog& catalog) {
   if (drop.remove_type == PG_QUERY__OBJECT_TYPE__OBJECT_INDEX) {
      DropStatement result;
      result.indexes = true;
      result.ifExists = drop.missing_ok;
      for (size_t i = 0; i < drop.n_objects; ++i) {
         const PgQuery__List& names = *drop.objects[i]->list;
         if (!inPublicSchema(names, drop.missing_ok)) continue;
         std::string name = stringOf(names.items[names.n_items - 1]);
         const Table* table = catalog.tableWithIndex(name);
         if (!table) {
            if (catalog.hasRelationNamed(name)) throw Error("42809", "\"" + name + "\" is not an index");
            if (drop.missing_ok) continue;
            throw Error("42704", "index \"" + name + "\" does not exist");
         }
         for (auto& index : table->uniqueIndexes())
            if (index->name() == name) refuseDroppingIndex(catalog, *table, *index);
         result.names.push_back(name);
      }
      return result;
   }
   bool views = drop.remove_type == PG_QUERY__OBJECT_TYPE__OBJECT_VIEW, sequences = drop.remove_type == PG_QUERY__OBJECT_TYPE__OBJECT_SEQUENCE;
   if (drop.remove_type != PG_QUERY__OBJECT_TYPE__OBJECT_TABLE && !views && !sequences)
      throw Error("0A000", "only DROP TABLE, DROP VIEW, DROP INDEX and DROP SEQUENCE are supported yet");
   DropStatement result;
   result.views = views;
   result.sequences = sequences;
   result.ifExists = drop.missing_ok;
   result.cascade = drop.behavior == PG_QUERY__DROP_BEHAVIOR__DROP_CASCADE;
   const char* wanted = views ? "view" : sequences ? "sequence" : "table";
   for (size_t i = 0; i < drop.n_objects; ++i) {
      const PgQuery__List& names = *drop.objects[i]->list;
      if (!inPublicSchema(names, drop.missing_ok)) continue;
      std::string name = stringOf(names.items[names.n_items - 1]);
      const char* found = catalog.findView(name) ? "view" : catalog.findSequence(name) ? "sequence" : catalog.findTable(name) ? "table" : nullptr;
      if (found && std::string(found) != wanted) throw Error("42809", "\"" + name + "\" is not a " + wanted);
      if (!found && !drop.missing_ok) throw Error("42P01", std::string(wanted) + " \"" + name + "\" does not exist");
      result.names.push_back(name);
   }
   return result;
}

CreateViewStatement bindCreateView(const PgQuery__ViewStmt& create, const std::string& text, const Catalog& catalog) {
   // Bound now so that a broken view is an error at creation, as in PostgreSQL.
   auto plan = bindSelect(*create.query->select_stmt, catalog);
   CreateViewStatement result;
   result.view = View{create.view->relname, text, plan->columnNames};
   result.replace = create.replace;
   if (create.n_aliases > plan->columnNames.size()) throw Error("42601", "CREATE VIEW specifies more column names than columns");
   for (size_t i = 0; i < create.n_aliases; ++i) result.view.columnNames[i] = stringOf(create.aliases[i]);
   return result;
}

std::vector<size_t> targetColumns(const Table& table, size_t n, PgQuery__Node** names) {
   std::vector<size_t> columns;
   if (n == 0) {
      for (size_t i = 0; i < table.columnCount(); ++i) columns.push_back(i);
      return columns;
   }
   for (size_t i = 0; i < n; ++i) {
      const PgQuery__Node& node = *names[i];
      std::string name = node.node_case == PG_QUERY__NODE__NODE_RES_TARGET ? node.res_target->name : stringOf(&node);
      int position = node.node_case == PG_QUERY__NODE__NODE_RES_TARGET ? node.res_target->location + 1 : 0;
      int index = table.findColumn(name);
      if (index < 0) throw Error("42703", "column \"" + name + "\" of relation \"" + table.name() + "\" does not exist", position);
      if (std::find(columns.begin(), columns.end(), size_t(index)) != columns.end())
         throw Error("42701", "column \"" + name + "\" specified more than once", position);
      columns.push_back(size_t(index));
   }
   return columns;
}

/// Where an expression starts in the SQL text (1-based), or 0 when unknown.
int nodePosition(const PgQuery__Node& node) {
   switch (node.node_case) {
      case PG_QUERY__NODE__NODE_A_CONST: return node.a_const->location + 1;
      case PG_QUERY__NODE__NODE_COLUMN_REF: return node.column_ref->location + 1;
      case PG_QUERY__NODE__NODE_FUNC_CALL: return node.func_call->location + 1;
      case PG_QUERY__NODE__NODE_TYPE_CAST: return node.type_cast->location + 1;
      case PG_QUERY__NODE__NODE_A_EXPR: return node.a_expr->location + 1;
      case PG_QUERY__NODE__NODE_RES_TARGET: return node.res_target->location + 1;
      default: return 0;
   }
}

/// The position of the source's `index`-th value (first row of VALUES, or the select list).
int sourcePosition(const PgQuery__SelectStmt& source, size_t index) {
   if (source.n_values_lists) {
      const PgQuery__List& row = *source.values_lists[0]->list;
      return index < row.n_items ? nodePosition(*row.items[index]) : 0;
   }
   return index < source.n_target_list ? nodePosition(*source.target_list[index]) : 0;
}

/// The name a statement's target table goes by: its alias, if it has one.
std::string visibleName(const PgQuery__RangeVar& relation) { return relation.alias ? relation.alias->aliasname : relation.relname; }

/// Whether the `i`-th value of every row of an INSERT's VALUES is DEFAULT.
bool onlyDefaults(const PgQuery__SelectStmt& source, size_t i) {
   if (!source.n_values_lists) return false;
   for (size_t r = 0; r < source.n_values_lists; ++r) {
      const PgQuery__List& row = *source.values_lists[r]->list;
      if (i >= row.n_items || row.items[i]->node_case != PG_QUERY__NODE__NODE_SET_TO_DEFAULT) return false;
   }
   return true;
}

/// The plan of one row without values, which the defaults of all columns fill.
std::unique_ptr<QueryPlan> defaultRow(const std::vector<SqlType>& parameterTypes) {
   auto plan = std::make_unique<QueryPlan>();
   for (size_t i = 0; i < parameterTypes.size(); ++i) plan->ius.parameter(i + 1) = parameterTypes[i];
   auto row = std::make_unique<Values>();
   row->rows.emplace_back();
   plan->root = std::move(row);
   return plan;
}

InsertStatement bindInsert(const PgQuery__InsertStmt& insert, const Catalog& catalog, const std::vector<SqlType>& parameterTypes) {
   Table& table = findTable(catalog, *insert.relation);
   std::vector<size_t> columns = targetColumns(table, insert.n_cols, insert.cols);
   std::vector<ColumnInfo> targets;
   for (size_t c : columns) targets.push_back({table.column(c).name(), table.column(c).type(), table.column(c).notNull(), {}});
   // WITH ... INSERT: its queries are visible to the rows' SELECT or VALUES, as if written there.
   const PgQuery__SelectStmt* source = insert.select_stmt ? insert.select_stmt->select_stmt : nullptr;
   PgQuery__SelectStmt withSource;
   if (insert.with_clause && source) {
      if (source->with_clause) throw Error("0A000", "WITH both before INSERT and in its query is not supported yet", insert.with_clause->location + 1);
      withSource = *source;
      withSource.with_clause = insert.with_clause;
      source = &withSource;
   }
   // INSERT ... DEFAULT VALUES: one row of nothing but defaults.
   auto plan = source ? bindSelect(*source, catalog, &targets, parameterTypes,
                                   [&](size_t i, IUSet& ius) { return defaultValueOf(table.column(columns[i]), ius, catalog); })
                      : defaultRow(parameterTypes);
   if (!insert.select_stmt) columns.clear();
   if (plan->columns.size() > columns.size())
      throw Error("42601", "INSERT has more expressions than target columns", sourcePosition(*insert.select_stmt->select_stmt, columns.size()));
   // Without a column list, the values go to the first columns and the rest take their defaults.
   if (insert.n_cols == 0 && plan->columns.size() < columns.size()) columns.resize(plan->columns.size());
   if (insert.override != PG_QUERY__OVERRIDING_KIND__OVERRIDING_SYSTEM_VALUE)
      for (size_t i = 0; i < columns.size(); ++i)
         if (table.column(columns[i]).identity() == Column::Identity::Always && !onlyDefaults(*insert.select_stmt->select_stmt, i))
            throw Error("428C9", "cannot insert a non-DEFAULT value into column \"" + table.column(columns[i]).name() + "\"", 0,
                        "Column \"" + table.column(columns[i]).name() + "\" is an identity column defined as GENERATED ALWAYS.");
   if (plan->columns.size() < columns.size()) {
      size_t missing = plan->columns.size();
      int position = missing < insert.n_cols ? nodePosition(*insert.cols[missing]) : 0;
      throw Error("42601", "INSERT has more target columns than expressions", position);
   }
   // A Map on top converts each value to its column's type; columns not named get NULL.
   auto map = std::make_unique<Map>();
   std::vector<const IU*> outputs(table.columnCount(), nullptr);
   for (size_t i = 0; i < table.columnCount(); ++i) {
      const Column& column = table.column(i);
      auto it = std::find(columns.begin(), columns.end(), i);
      ExprPtr value = it == columns.end() ? defaultValueOf(table.column(i), plan->ius, catalog) : Expr::columnRef(plan->columns[size_t(it - columns.begin())]);
      value = ExpressionBinder::assign(std::move(value), column.type(), column.name());
      if (value->kind == ExprKind::ColumnRef) {
         outputs[i] = value->iu;
         continue;
      }
      const IU* iu = plan->ius.make(column.type(), value->nullable, column.name());
      map->computations.push_back({iu, std::move(value)});
      outputs[i] = iu;
   }
   if (!map->computations.empty()) {
      map->children.push_back(std::move(plan->root));
      plan->root = std::move(map);
   }
   plan->columns = outputs;
   plan->columnNames.clear();
   for (size_t i = 0; i < table.columnCount(); ++i) plan->columnNames.push_back(table.column(i).name());
   std::vector<const IU*> returned = outputs;  // each column's value after the statement
   Checks checks = yieldChecks(table, outputs, *plan);
   OnConflict onConflict;
   Checks updateChecks;
   const IU* returnsRow = nullptr;
   if (insert.on_conflict_clause) {
      onConflict = bindOnConflict(*insert.on_conflict_clause, table, visibleName(*insert.relation), outputs, insert.n_returning_list > 0, *plan, returned,
                                  returnsRow, catalog);
      // An updated row's values after the statement are its new ones.
      if (onConflict.action == OnConflict::Action::Update) updateChecks = yieldChecks(table, returned, *plan);
   }
   Returning returning = bindReturning(insert.returning_list, insert.n_returning_list, tableScope(table, visibleName(*insert.relation), returned), *plan,
                                       returnsRow);
   return InsertStatement{&table, std::move(plan), std::move(returning), std::move(onConflict), std::move(checks), std::move(updateChecks)};
}

std::string optionText(const PgQuery__DefElem& option) {
   if (!option.arg) return "";
   switch (option.arg->node_case) {
      case PG_QUERY__NODE__NODE_STRING: return option.arg->string->sval;
      case PG_QUERY__NODE__NODE_INTEGER: return std::to_string(option.arg->integer->ival);
      case PG_QUERY__NODE__NODE_BOOLEAN: return option.arg->boolean->boolval ? "true" : "false";
      case PG_QUERY__NODE__NODE_A_CONST:
         if (option.arg->a_const->val_case == PG_QUERY__A__CONST__VAL_SVAL) return option.arg->a_const->sval->sval;
         if (option.arg->a_const->val_case == PG_QUERY__A__CONST__VAL_IVAL) return std::to_string(option.arg->a_const->ival->ival);
         return "";
      default: return "";
   }
}

bool optionFlag(const PgQuery__DefElem& option) {
   if (!option.arg) return true;
   std::string text = optionText(option);
   for (char& c : text) c = char(std::tolower(static_cast<unsigned char>(c)));
   if (text == "true" || text == "on" || text == "1") return true;
   if (text == "false" || text == "off" || text == "0") return false;
   throw Error("22023", std::string(option.defname) + " requires a Boolean value", option.location + 1);
}

/// HEADER's argument, as PostgreSQL's defGetCopyHeaderChoice reads it: none, the integer 0 or 1, a
/// Boolean word, or (COPY FROM only) MATCH, which checks the header's names against the columns.
void readHeaderChoice(const PgQuery__DefElem& option, bool from, CopyOptions& options) {
   options.header = true;
   if (!option.arg) return;
   const PgQuery__Node& arg = *option.arg;
   std::optional<int> integer;
   if (arg.node_case == PG_QUERY__NODE__NODE_INTEGER) integer = arg.integer->ival;
   if (arg.node_case == PG_QUERY__NODE__NODE_A_CONST && arg.a_const->val_case == PG_QUERY__A__CONST__VAL_IVAL) integer = arg.a_const->ival->ival;
   if (integer) {
      if (*integer == 0 || *integer == 1) {
         options.header = *integer == 1;
         return;
      }
   } else {
      // A quoted '1' is no Boolean here, unlike the integer.
      std::string text = optionText(option), lower = text;
      for (char& c : lower) c = char(std::tolower(static_cast<unsigned char>(c)));
      if (lower == "true" || lower == "on") return;
      if (lower == "false" || lower == "off") {
         options.header = false;
         return;
      }
      if (lower == "match") {
         if (!from) throw Error("0A000", "cannot use \"" + text + "\" with HEADER in COPY TO");
         options.headerMatch = true;
         return;
      }
   }
   throw Error("42601", "header requires a Boolean value or \"match\"");
}

/// The columns a FORCE_NULL or FORCE_NOT_NULL option names: of `table`, each among `columns` (those COPY reads).
std::vector<size_t> forcedColumns(const PgQuery__DefElem& option, const Table& table, const std::vector<size_t>& columns) {
   std::vector<size_t> forced = targetColumns(table, option.arg->list->n_items, option.arg->list->items);
   std::string name = option.defname;
   for (char& c : name) c = char(std::toupper(static_cast<unsigned char>(c)));
   for (size_t c : forced)
      if (std::find(columns.begin(), columns.end(), c) == columns.end())
         throw Error("42P10", name + " column \"" + table.column(c).name() + "\" not referenced by COPY");
   return forced;
}

/// COPY's WITH options, checked and completed as PostgreSQL's ProcessCopyOptions does it; `table`
/// and `columns` are what COPY FROM fills (nullptr for COPY TO).
CopyOptions copyOptions(const PgQuery__CopyStmt& copy, const Table* table, const std::vector<size_t>* columns) {
   CopyOptions options;
   std::optional<std::string> delimiter, nullString, quote, escape;
   std::vector<std::string> seen;
   const PgQuery__DefElem *forceQuote = nullptr, *forceNull = nullptr, *forceNotNull = nullptr;
   for (size_t i = 0; i < copy.n_options; ++i) {
      const PgQuery__DefElem& option = *copy.options[i]->def_elem;
      std::string name = option.defname;
      if (std::find(seen.begin(), seen.end(), name) != seen.end()) throw Error("42601", "conflicting or redundant options", option.location + 1);
      seen.push_back(name);
      if (name == "force_null" || name == "force_not_null" || name == "force_quote") {
         bool list = option.arg && option.arg->node_case == PG_QUERY__NODE__NODE_LIST;
         if (!list && !(name == "force_quote" && option.arg && option.arg->node_case == PG_QUERY__NODE__NODE_A_STAR))
            throw Error("22023", "argument to option \"" + name + "\" must be a list of column names", option.location + 1);
         (name == "force_null" ? forceNull : name == "force_not_null" ? forceNotNull : forceQuote) = &option;
      } else if (name == "format") {
         std::string format = optionText(option);
         if (format == "csv") options.csv = true;
         else if (format == "binary") throw Error("0A000", "COPY format \"binary\" is not supported", option.location + 1);
         else if (format != "text") throw Error("22023", "COPY format \"" + format + "\" not recognized", option.location + 1);
      } else if (name == "header") {
         readHeaderChoice(option, table != nullptr, options);
      } else if (name == "delimiter") {
         delimiter = optionText(option);
      } else if (name == "null") {
         nullString = optionText(option);
      } else if (name == "quote") {
         quote = optionText(option);
      } else if (name == "escape") {
         escape = optionText(option);
      } else if (name == "freeze" || name == "encoding") {
         throw Error("0A000", "COPY option \"" + name + "\" is not supported", option.location + 1);
      } else {
         throw Error("42601", "option \"" + name + "\" not recognized", option.location + 1);
      }
   }
   std::string delimiterText = delimiter.value_or(options.csv ? "," : "\t");
   options.nullString = nullString.value_or(options.csv ? "" : "\\N");
   if (delimiterText.size() != 1) throw Error("0A000", "COPY delimiter must be a single one-byte character");
   options.delimiter = delimiterText[0];
   if (options.delimiter == '\r' || options.delimiter == '\n') throw Error("22023", "COPY delimiter cannot be newline or carriage return");
   if (options.nullString.find_first_of("\r\n") != std::string::npos) throw Error("22023", "COPY null representation cannot use newline or carriage return");
   // A delimiter that text format's escapes would read otherwise.
   if (!options.csv && std::string_view("\\.abcdefghijklmnopqrstuvwxyz0123456789").find(options.delimiter) != std::string_view::npos)
      throw Error("22023", "COPY delimiter cannot be \"" + delimiterText + "\"");
   if (!options.csv && quote) throw Error("0A000", "COPY quote available only in CSV mode");
   if (options.csv) {
      std::string quoteText = quote.value_or("\"");
      if (quoteText.size() != 1) throw Error("0A000", "COPY quote must be a single one-byte character");
      options.quote = quoteText[0];
      if (options.delimiter == options.quote) throw Error("22023", "COPY delimiter and quote must be different");
   }
   if (!options.csv && escape) throw Error("0A000", "COPY escape available only in CSV mode");
   if (options.csv) {
      std::string escapeText = escape.value_or(std::string(1, options.quote));
      if (escapeText.size() != 1) throw Error("0A000", "COPY escape must be a single one-byte character");
      options.escape = escapeText[0];
   }
   bool from = table != nullptr;
   if (forceQuote && !options.csv) throw Error("0A000", "COPY force quote available only in CSV mode");
   if (forceQuote && from) throw Error("0A000", "COPY force quote only available using COPY TO");
   if (forceNotNull && !options.csv) throw Error("0A000", "COPY force not null available only in CSV mode");
   if (forceNotNull && !from) throw Error("0A000", "COPY force not null only available using COPY FROM");
   if (forceNull && !options.csv) throw Error("0A000", "COPY force null available only in CSV mode");
   if (forceNull && !from) throw Error("0A000", "COPY force null only available using COPY FROM");
   if (options.nullString.find(options.delimiter) != std::string::npos) throw Error("0A000", "COPY delimiter must not appear in the NULL specification");
   if (options.csv && options.nullString.find(options.quote) != std::string::npos)
      throw Error("0A000", "CSV quote character must not appear in the NULL specification");
   if (forceQuote) throw Error("0A000", "COPY FORCE_QUOTE is not supported yet", forceQuote->location + 1);
   // The columns, as PostgreSQL's BeginCopyFrom checks them.
   if (forceNotNull) options.forceNotNull = forcedColumns(*forceNotNull, *table, *columns);
   if (forceNull) options.forceNull = forcedColumns(*forceNull, *table, *columns);
   return options;
}

CopyStatement bindCopyFrom(const PgQuery__CopyStmt& copy, const Catalog& catalog) {
   if (!copy.relation) throw Error("42601", "COPY FROM needs a table, not a query");
   Table& table = findTable(catalog, *copy.relation);
   if (copy.is_program) throw Error("0A000", "COPY FROM PROGRAM is not supported");
   std::vector<size_t> columns = targetColumns(table, copy.n_attlist, copy.attlist);
   CopyDefaults defaults = bindCopyDefaults(table, columns, catalog);
   CopyOptions options = copyOptions(copy, &table, &columns);
   return CopyStatement{&table, std::move(columns), copy.filename ? copy.filename : "", std::move(options), std::nullopt, std::move(defaults)};
}

/// The double-quoted form of an identifier.
std::string quotedName(const std::string& name) {
   std::string quoted = "\"";
   for (char c : name) quoted += c == '"' ? std::string("\"\"") : std::string(1, c);
   return quoted + "\"";
}

CopyToStatement bindCopyTo(const PgQuery__CopyStmt& copy, const Catalog& catalog) {
   if (copy.is_program) throw Error("0A000", "COPY TO PROGRAM is not supported");
   CopyToStatement result{nullptr, copy.filename ? copy.filename : "", copyOptions(copy, nullptr, nullptr)};
   if (copy.query) {
      if (copy.query->node_case != PG_QUERY__NODE__NODE_SELECT_STMT) throw Error("0A000", "COPY (query) TO takes a SELECT or VALUES");
      result.plan = bindSelect(*copy.query->select_stmt, catalog);
      return result;
   }
   // COPY table TO is COPY (SELECT columns FROM table) TO.
   Table& table = findTable(catalog, *copy.relation);
   std::string columns;
   for (size_t c : targetColumns(table, copy.n_attlist, copy.attlist)) columns += (columns.empty() ? "" : ", ") + quotedName(table.column(c).name());
   std::string sql = "SELECT " + columns + " FROM " + quotedName(table.name());
   ParsedScript parsed(sql);
   result.plan = bindSelect(*parsed.statement(0).select_stmt, catalog);
   return result;
}

ExplainStatement bindExplain(const PgQuery__ExplainStmt& explain, const Catalog& catalog) {
   ExplainStatement result = bindExplainOptions(explain);
   const PgQuery__Node& query = *explain.query;
   bool modifies = query.node_case == PG_QUERY__NODE__NODE_INSERT_STMT || query.node_case == PG_QUERY__NODE__NODE_UPDATE_STMT ||
                   query.node_case == PG_QUERY__NODE__NODE_DELETE_STMT;
   if (query.node_case != PG_QUERY__NODE__NODE_SELECT_STMT && !modifies) throw Error("0A000", "EXPLAIN supports only SELECT, INSERT, UPDATE and DELETE");
   // EXPLAIN ANALYZE would have to make the changes, as PostgreSQL's does.
   if (modifies && result.analyze) throw Error("0A000", "EXPLAIN ANALYZE of INSERT, UPDATE and DELETE is not supported yet");
   switch (query.node_case) {
      case PG_QUERY__NODE__NODE_INSERT_STMT: result.plan = std::move(bindInsert(*query.insert_stmt, catalog, {}).plan); break;
      case PG_QUERY__NODE__NODE_UPDATE_STMT:
         result.plan = std::move(bindUpdate(*query.update_stmt, findTable(catalog, *query.update_stmt->relation), catalog, {}).plan);
         break;
      case PG_QUERY__NODE__NODE_DELETE_STMT:
         result.plan = std::move(bindDelete(*query.delete_stmt, findTable(catalog, *query.delete_stmt->relation), catalog, {}).plan);
         break;
      default: result.plan = bindSelect(*query.select_stmt, catalog);
   }
   return result;
}

}  // namespace

ExplainStatement bindExplainOptions(const PgQuery__ExplainStmt& explain) {
   ExplainStatement result;
   for (size_t i = 0; i < explain.n_options; ++i) {
      const PgQuery__DefElem& option = *explain.options[i]->def_elem;
      std::string name = option.defname;
      if (name == "analyze") result.analyze = optionFlag(option);
      else if (name == "verbose" || name == "ir") result.showIR = optionFlag(option);
      else if (name != "costs" && name != "timing" && name != "summary")
         throw Error("42601", "unrecognized EXPLAIN option \"" + name + "\"", option.location + 1);
   }
   return result;
}

/// CREATE TABLE ... AS `query`, and SELECT ... INTO (`query` itself, its INTO clause `into`).
CreateTableAsStatement bindCreateTableAs(const PgQuery__Node& query, const PgQuery__IntoClause& into, bool ifNotExists, const Catalog& catalog,
                                         const std::vector<SqlType>& parameterTypes) {
   if (query.node_case != PG_QUERY__NODE__NODE_SELECT_STMT) throw Error("0A000", "CREATE TABLE AS supports only a query yet");
   CreateTableAsStatement result;
   result.create.name = into.rel->relname;
   result.create.ifNotExists = ifNotExists;
   result.withData = !into.skip_data;
   result.plan = bindSelect(*query.select_stmt, catalog, nullptr, parameterTypes);
   const QueryPlan& plan = *result.plan;
   if (into.n_col_names > plan.columns.size()) throw Error("42601", "too many column names were specified");
   for (size_t i = 0; i < plan.columns.size(); ++i) {
      std::string name = i < into.n_col_names ? stringOf(into.col_names[i]) : plan.columnNames[i];
      for (auto& existing : result.create.columns)
         if (existing.name == name) throw Error("42701", "column \"" + name + "\" specified more than once");
      result.create.columns.push_back({name, plan.columns[i]->type, false, {}});
   }
   return result;
}

QueryPlan* planOf(Statement& statement) {
   return std::visit(
      [](auto& s) -> QueryPlan* {
         using T = std::decay_t<decltype(s)>;
         if constexpr (std::is_same_v<T, QueryStatement> || std::is_same_v<T, InsertStatement> || std::is_same_v<T, UpdateStatement> ||
                       std::is_same_v<T, DeleteStatement>)
            return s.plan.get();
         else return nullptr;
      },
      statement);
}

namespace {

/// What an unsupported statement is, as the user wrote it (a restored dump names them: COMMENT ON,
/// GRANT, CREATE FUNCTION, ...).
std::string unsupportedStatementName(const PgQuery__Node& node) {
   switch (node.node_case) {
      case PG_QUERY__NODE__NODE_COMMENT_STMT: return "COMMENT ON";
      case PG_QUERY__NODE__NODE_GRANT_STMT: return node.grant_stmt->is_grant ? "GRANT" : "REVOKE";
      case PG_QUERY__NODE__NODE_GRANT_ROLE_STMT: return node.grant_role_stmt->is_grant ? "GRANT of a role" : "REVOKE of a role";
      case PG_QUERY__NODE__NODE_ALTER_DEFAULT_PRIVILEGES_STMT: return "ALTER DEFAULT PRIVILEGES";
      case PG_QUERY__NODE__NODE_CREATE_FUNCTION_STMT: return "CREATE FUNCTION";
      case PG_QUERY__NODE__NODE_DO_STMT: return "DO";
      case PG_QUERY__NODE__NODE_CREATE_DOMAIN_STMT: return "CREATE DOMAIN";
      case PG_QUERY__NODE__NODE_COMPOSITE_TYPE_STMT:
      case PG_QUERY__NODE__NODE_CREATE_ENUM_STMT: return "CREATE TYPE";
      case PG_QUERY__NODE__NODE_CREATE_TRIG_STMT: return "CREATE TRIGGER";
      case PG_QUERY__NODE__NODE_CREATE_ROLE_STMT: return "CREATE ROLE";
      case PG_QUERY__NODE__NODE_CREATE_EXTENSION_STMT: return "CREATE EXTENSION";
      case PG_QUERY__NODE__NODE_CREATE_POLICY_STMT: return "CREATE POLICY";
      case PG_QUERY__NODE__NODE_CREATE_PUBLICATION_STMT: return "CREATE PUBLICATION";
      case PG_QUERY__NODE__NODE_ALTER_OWNER_STMT: return "ALTER ... OWNER TO of this kind of object";
      case PG_QUERY__NODE__NODE_LOCK_STMT: return "LOCK";
      case PG_QUERY__NODE__NODE_CLUSTER_STMT: return "CLUSTER";
      case PG_QUERY__NODE__NODE_REINDEX_STMT: return "REINDEX";
      default: return "this kind of statement";
   }
}

}  // namespace

Statement bindStatement(const PgQuery__Node& node, const std::string& text, const Catalog& catalog, const std::vector<SqlType>& parameterTypes) {
   checkSchemas(node);
   switch (node.node_case) {
      case PG_QUERY__NODE__NODE_SELECT_STMT:
         if (node.select_stmt->into_clause) return bindCreateTableAs(node, *node.select_stmt->into_clause, false, catalog, parameterTypes);
         return QueryStatement{bindSelect(*node.select_stmt, catalog, nullptr, parameterTypes)};
      case PG_QUERY__NODE__NODE_CREATE_TABLE_AS_STMT: {
         const PgQuery__CreateTableAsStmt& create = *node.create_table_as_stmt;
         if (create.objtype != PG_QUERY__OBJECT_TYPE__OBJECT_TABLE) throw Error("0A000", "materialized views are not supported yet");
         return bindCreateTableAs(*create.query, *create.into, create.if_not_exists, catalog, parameterTypes);
      }
      case PG_QUERY__NODE__NODE_CREATE_STMT: return bindCreateTable(*node.create_stmt, catalog);
      case PG_QUERY__NODE__NODE_DROP_STMT: return bindDrop(*node.drop_stmt, catalog);
      case PG_QUERY__NODE__NODE_VIEW_STMT: return bindCreateView(*node.view_stmt, text, catalog);
      case PG_QUERY__NODE__NODE_CREATE_SEQ_STMT: return bindCreateSequence(*node.create_seq_stmt);
      case PG_QUERY__NODE__NODE_ALTER_SEQ_STMT: return bindAlterSequence(*node.alter_seq_stmt, catalog);
      case PG_QUERY__NODE__NODE_INDEX_STMT: return bindCreateIndex(*node.index_stmt, catalog);
      case PG_QUERY__NODE__NODE_ALTER_TABLE_STMT: return bindAlterTable(*node.alter_table_stmt, catalog);
      case PG_QUERY__NODE__NODE_RENAME_STMT: return bindRename(*node.rename_stmt, catalog);
      case PG_QUERY__NODE__NODE_INSERT_STMT: return bindInsert(*node.insert_stmt, catalog, parameterTypes);
      case PG_QUERY__NODE__NODE_UPDATE_STMT: return bindUpdate(*node.update_stmt, findTable(catalog, *node.update_stmt->relation), catalog, parameterTypes);
      case PG_QUERY__NODE__NODE_DELETE_STMT: return bindDelete(*node.delete_stmt, findTable(catalog, *node.delete_stmt->relation), catalog, parameterTypes);
      case PG_QUERY__NODE__NODE_COPY_STMT:
         if (node.copy_stmt->is_from) return bindCopyFrom(*node.copy_stmt, catalog);
         return bindCopyTo(*node.copy_stmt, catalog);
      case PG_QUERY__NODE__NODE_EXPLAIN_STMT: return bindExplain(*node.explain_stmt, catalog);
      case PG_QUERY__NODE__NODE_VACUUM_STMT: {
         const PgQuery__VacuumStmt& analyze = *node.vacuum_stmt;
         if (analyze.is_vacuumcmd) throw Error("0A000", "VACUUM is not supported: kiln keeps no dead rows to reclaim");
         AnalyzeStatement result;
         for (size_t i = 0; i < analyze.n_rels; ++i) result.tables.push_back(&findTable(catalog, *analyze.rels[i]->vacuum_relation->relation));
         if (analyze.n_rels == 0)
            for (const Table* table : catalog.tables()) result.tables.push_back(const_cast<Table*>(table));
         return result;
      }
      default: throw Error("0A000", unsupportedStatementName(node) + " is not supported yet");
   }
}

}  // namespace kiln
