#include "parser/check_constraint_binder.h"

#include <algorithm>
#include <functional>
#include <set>

#include "parser/constraint_names.h"
#include "parser/expression_binder.h"
#include "parser/pg_parser.h"

namespace kiln {

namespace {

/// Calls `visit` on every column reference in the parse tree under `message`.
void forEachColumnRef(ProtobufCMessage* message, const std::function<void(PgQuery__ColumnRef&)>& visit) {
   visitMessages(message, [&](ProtobufCMessage& m) {
      if (m.descriptor == &pg_query__column_ref__descriptor) visit(reinterpret_cast<PgQuery__ColumnRef&>(m));
      return true;
   });
}

/// The column a reference names (its last part), or nullptr for t.*.
PgQuery__Node* columnPart(PgQuery__ColumnRef& ref) {
   if (ref.n_fields == 0) return nullptr;
   PgQuery__Node* last = ref.fields[ref.n_fields - 1];
   return last->node_case == PG_QUERY__NODE__NODE_STRING ? last : nullptr;
}

/// A check's expression, parsed from its SQL text.
struct ParsedCheck {
   explicit ParsedCheck(const std::string& sql) : script("SELECT " + sql) {}
   PgQuery__Node& expression() const { return *script.statement(0).select_stmt->target_list[0]->res_target->val; }
   ParsedScript script;
};

/// Binds a check over `scope`; errors as PostgreSQL's for what a CHECK may not hold (sequence functions
/// are refused: the statements that test a check do not resolve them).
ExprPtr bindCheck(const PgQuery__Node& expression, const Scope& scope, IUSet& ius, int position) {
   if (containsSubquery(expression)) throw Error("0A000", "cannot use subquery in check constraint", position);
   return ExpressionBinder(scope, ius, clauses::checkConstraint).bindCondition(expression, "CHECK");
}

}  // namespace

std::vector<CheckConstraint> bindCheckDefinitions(const std::vector<CheckDefinition>& definitions, const std::string& tableName,
                                                  const std::vector<ColumnInfo>& columns, const std::vector<CheckConstraint>& existing,
                                                  const Catalog& catalog) {
   IUSet ius;
   Scope scope;
   std::vector<const IU*> columnIUs;
   for (const ColumnInfo& column : columns) {
      columnIUs.push_back(ius.make(column.type, !column.notNull, column.name));
      scope.add(tableName, column.name, columnIUs.back());
   }
   // Names a generated one must avoid: PostgreSQL's are unique among the schema's constraints.
   std::set<std::string> taken = constraintNames(catalog);
   // The table's own constraints, which a given name must not repeat.
   std::set<std::string> ofTable = constraintNamesOf(catalog.findTable(tableName));
   for (const CheckConstraint& check : existing) ofTable.insert(check.name), taken.insert(check.name);
   std::vector<CheckConstraint> bound;
   for (const CheckDefinition& definition : definitions) {
      ExprPtr check = bindCheck(*definition.expression, scope, ius, definition.position);
      std::vector<const IU*> read;
      check->collectIUs(read);
      std::set<std::string> readColumns;
      for (const IU* iu : read)
         for (size_t c = 0; c < columns.size(); ++c)
            if (columnIUs[c] == iu) readColumns.insert(columns[c].name);
      // The text keeps bare column names, so that renaming the table leaves it valid.
      ParsedCheck parsed(deparseExpression(*definition.expression));
      std::vector<std::pair<PgQuery__ColumnRef*, size_t>> qualified;  // put back before the tree is freed
      forEachColumnRef(&parsed.expression().base, [&](PgQuery__ColumnRef& ref) {
         if (ref.n_fields > 1 && columnPart(ref)) {
            qualified.emplace_back(&ref, ref.n_fields);
            ref.fields += ref.n_fields - 1;
            ref.n_fields = 1;
         }
      });
      CheckConstraint constraint{definition.name, deparseExpression(parsed.expression())};
      for (auto [ref, count] : qualified) {
         ref->fields -= count - 1;
         ref->n_fields = count;
      }
      if (constraint.name.empty()) {
         std::string column = readColumns.size() == 1 ? *readColumns.begin() : "";
         constraint.name = objectName(tableName, column, "check");
         for (int pass = 1; taken.count(constraint.name); ++pass) constraint.name = objectName(tableName, column, "check" + std::to_string(pass));
      } else if (ofTable.count(constraint.name)) {
         throw Error("42710", "constraint \"" + constraint.name + "\" for relation \"" + tableName + "\" already exists");
      }
      taken.insert(constraint.name);
      ofTable.insert(constraint.name);
      bound.push_back(std::move(constraint));
   }
   return bound;
}

std::vector<CheckConstraint> bindCheckTexts(const std::vector<CheckConstraint>& written, const Table& table, const Catalog& catalog) {
   std::vector<std::unique_ptr<ParsedCheck>> parsed;
   std::vector<CheckDefinition> definitions;
   for (const CheckConstraint& check : written) {
      parsed.push_back(std::make_unique<ParsedCheck>(check.sql));
      definitions.push_back({check.name, &parsed.back()->expression(), 0});
   }
   std::vector<ColumnInfo> columns;
   for (size_t c = 0; c < table.columnCount(); ++c) columns.push_back({table.column(c).name(), table.column(c).type(), table.column(c).notNull(), {}});
   return bindCheckDefinitions(definitions, table.name(), columns, table.checks(), catalog);
}

Checks yieldChecks(const Table& table, const std::vector<const IU*>& row, QueryPlan& plan) { return yieldChecks(table, table.checks(), row, plan); }

Checks yieldChecks(const Table& table, const std::vector<CheckConstraint>& constraints, const std::vector<const IU*>& row, QueryPlan& plan) {
   Checks checks;
   if (constraints.empty()) return checks;
   Scope scope;
   for (size_t c = 0; c < table.columnCount(); ++c) scope.add(table.name(), table.column(c).name(), row[c]);
   auto map = std::make_unique<Map>();
   checks.firstColumn = plan.columns.size();
   for (const CheckConstraint& check : constraints) {
      ParsedCheck parsed(check.sql);
      ExprPtr value = bindCheck(parsed.expression(), scope, plan.ius, 0);
      const IU* iu = plan.ius.make(SqlType::boolean(), value->nullable, check.name);
      map->computations.push_back({iu, std::move(value)});
      plan.columns.push_back(iu);
      plan.columnNames.push_back(check.name);
      checks.names.push_back(check.name);
   }
   map->children.push_back(std::move(plan.root));
   plan.root = std::move(map);
   return checks;
}

std::string renameColumnInCheck(const std::string& sql, const std::string& from, const std::string& to) {
   ParsedCheck parsed(sql);
   std::string newName = to;
   std::vector<std::pair<PgQuery__String*, char*>> renamed;  // put back before the tree is freed
   forEachColumnRef(&parsed.expression().base, [&](PgQuery__ColumnRef& ref) {
      PgQuery__Node* column = columnPart(ref);
      if (column && ref.n_fields == 1 && column->string->sval == from) {
         renamed.emplace_back(column->string, column->string->sval);
         column->string->sval = newName.data();
      }
   });
   std::string result = deparseExpression(parsed.expression());
   for (auto [string, sval] : renamed) string->sval = sval;
   return result;
}

bool checkReadsColumn(const std::string& sql, const std::string& column) {
   ParsedCheck parsed(sql);
   bool reads = false;
   forEachColumnRef(&parsed.expression().base, [&](PgQuery__ColumnRef& ref) {
      PgQuery__Node* part = columnPart(ref);
      reads = reads || (part && part->string->sval == column);
   });
   return reads;
}

}  // namespace kiln
