#include "parser/on_conflict_binder.h"

#include <algorithm>

#include "parser/column_default.h"
#include "parser/expression_binder.h"
#include "parser/set_target.h"
#include "storage/table.h"
#include "storage/unique_index.h"

namespace kiln {

namespace {

/// The unique indexes the conflict target names: the one whose columns are exactly the listed
/// ones, or the constraint named; every unique index when there is no target.
std::vector<const UniqueIndex*> arbitersOf(const PgQuery__InferClause* infer, const Table& table) {
   std::vector<const UniqueIndex*> arbiters;
   if (!infer) {
      for (auto& index : table.uniqueIndexes()) arbiters.push_back(index.get());
      return arbiters;
   }
   if (infer->conname && *infer->conname) {
      // A constraint: CREATE UNIQUE INDEX makes none, as in PostgreSQL.
      for (auto& index : table.uniqueIndexes())
         if (index->name() == infer->conname && index->isConstraint()) return {index.get()};
      throw Error("42704", "constraint \"" + std::string(infer->conname) + "\" for table \"" + table.name() + "\" does not exist", infer->location + 1);
   }
   if (infer->where_clause) throw Error("0A000", "ON CONFLICT with a partial index predicate is not supported", infer->location + 1);
   std::vector<size_t> columns;
   for (size_t i = 0; i < infer->n_index_elems; ++i) {
      const PgQuery__IndexElem& element = *infer->index_elems[i]->index_elem;
      if (!element.name) throw Error("0A000", "ON CONFLICT on an expression is not supported", infer->location + 1);
      int column = table.findColumn(element.name);
      if (column < 0) throw Error("42703", "column \"" + std::string(element.name) + "\" does not exist", infer->location + 1);
      columns.push_back(size_t(column));
   }
   std::sort(columns.begin(), columns.end());
   for (auto& index : table.uniqueIndexes()) {
      std::vector<size_t> indexed = index->columns();
      std::sort(indexed.begin(), indexed.end());
      if (indexed == columns) arbiters.push_back(index.get());
   }
   if (arbiters.empty()) throw Error("42P10", "there is no unique or exclusion constraint matching the ON CONFLICT specification", infer->location + 1);
   return arbiters;
}

ExprPtr isNull(const IU* iu) {
   auto test = std::make_unique<Expr>(ExprKind::IsNull, SqlType::boolean());
   test->nullable = false;
   test->children.push_back(Expr::columnRef(iu));
   return test;
}

/// The proposed rows (`plan`'s root) left-joined with the row of `table` whose `key` columns
/// hold each one's values; the joined row's id is in the returned IU (NULL: no such row).
const IU* joinHolder(Table& table, const std::vector<size_t>& key, const std::vector<const IU*>& proposed, QueryPlan& plan, std::vector<const IU*>* existing) {
   auto scan = std::make_unique<TableScan>(&table);
   for (size_t c = 0; c < table.columnCount(); ++c) scan->columns.push_back(plan.ius.make(table.column(c).type(), true, table.column(c).name()));
   scan->rowId = plan.ius.make(SqlType::bigInt(), true, "row id");
   const IU* rowId = scan->rowId;
   std::vector<ExprPtr> keyEqualities;
   for (size_t c : key) keyEqualities.push_back(Expr::equality(Expr::columnRef(proposed[c]), Expr::columnRef(scan->columns[c])));
   if (existing) *existing = scan->columns;
   auto join = std::make_unique<Join>(JoinKind::LeftOuter);
   join->condition = Expr::conjunction(std::move(keyEqualities));
   join->children.push_back(std::move(plan.root));
   join->children.push_back(std::move(scan));
   plan.root = std::move(join);
   return rowId;
}

/// Puts `map` on top of `plan`'s root.
void addMap(std::unique_ptr<Map> map, QueryPlan& plan) {
   map->children.push_back(std::move(plan.root));
   plan.root = std::move(map);
}

ExprPtr nullOf(SqlType type) { return Expr::constantOf(Value::null(type)); }

}  // namespace

OnConflict bindOnConflict(const PgQuery__OnConflictClause& clause, Table& table, const std::string& tableName, const std::vector<const IU*>& proposed,
                          bool returning, QueryPlan& plan, std::vector<const IU*>& returned, const IU*& returnsRow, const Catalog& catalog) {
   OnConflict result;
   result.arbiters = arbitersOf(clause.infer, table);
   returnsRow = nullptr;
   auto compute = [&](Map& map, ExprPtr value, const std::string& name) {
      const IU* iu = plan.ius.make(value->type, value->nullable, name);
      map.computations.push_back({iu, std::move(value)});
      return iu;
   };
   if (clause.action == PG_QUERY__ON_CONFLICT_ACTION__ONCONFLICT_NOTHING) {
      result.action = OnConflict::Action::Nothing;
      if (returning) {
         // RETURNING is computed for the rows no arbiter's key holds (those inserted).
         std::vector<ExprPtr> free;
         for (const UniqueIndex* arbiter : result.arbiters) free.push_back(isNull(joinHolder(table, arbiter->columns(), proposed, plan, nullptr)));
         auto map = std::make_unique<Map>();
         returnsRow = compute(*map, Expr::conjunction(std::move(free)), "inserted");
         addMap(std::move(map), plan);
      }
      return result;
   }
   if (!clause.infer) throw Error("42601", "ON CONFLICT DO UPDATE requires inference specification or constraint name", clause.location + 1);
   result.arbiters.erase(result.arbiters.begin() + 1, result.arbiters.end());  // one row holds the key to update
   result.action = OnConflict::Action::Update;
   std::vector<const IU*> existing;
   const IU* rowId = joinHolder(table, result.arbiters[0]->columns(), proposed, plan, &existing);

   // SET and WHERE read the existing row under the table's name and the proposed one as EXCLUDED.
   // As in PostgreSQL, WHERE is computed only for a row in conflict, and SET where WHERE holds.
   Scope scope;
   for (size_t c = 0; c < table.columnCount(); ++c) scope.add(tableName, table.column(c).name(), existing[c]);
   for (size_t c = 0; c < table.columnCount(); ++c) scope.add("excluded", table.column(c).name(), proposed[c]);
   ExpressionBinder binder(scope, plan.ius, clauses::onConflictUpdate);
   binder.resolveSequencesIn(catalog);
   auto yield = [&](const IU* iu) {
      plan.columns.push_back(iu);
      plan.columnNames.push_back(iu->name);
   };
   std::vector<std::pair<size_t, ExprPtr>> assignments;
   for (size_t i = 0; i < clause.n_target_list; ++i) {
      const PgQuery__ResTarget& target = *clause.target_list[i]->res_target;
      size_t column = assignedColumn(target, table, result.columns);
      Column& assigned = table.column(column);
      const PgQuery__Node& given = *assignedValue(target);
      checkAssignable(target, assigned, given);
      result.columns.push_back(column);
      assignments.emplace_back(column, ExpressionBinder::assign(isDefault(given) ? defaultValueOf(assigned, plan.ius, catalog) : binder.bind(given),
                                                                assigned.type(), assigned.name()));
   }
   ExprPtr condition = clause.where_clause ? binder.bindCondition(*clause.where_clause, "WHERE") : Expr::constantOf(Value::ofBool(true));
   auto decide = std::make_unique<Map>();
   const IU* update = compute(*decide, Expr::caseWhen(isNull(rowId), nullOf(SqlType::boolean()), std::move(condition)), "update");
   addMap(std::move(decide), plan);
   auto assign = std::make_unique<Map>();
   std::vector<const IU*> updated = existing;
   for (auto& [column, value] : assignments) {
      updated[column] = compute(*assign, Expr::caseWhen(Expr::columnRef(update), std::move(value)), table.column(column).name());
   }
   addMap(std::move(assign), plan);
   result.rowIdColumn = plan.columns.size();
   yield(rowId);
   for (size_t column : result.columns) yield(updated[column]);
   yield(update);
   // The values after the statement read the new ones: a Map of their own, above.
   auto values = std::make_unique<Map>();
   returned.resize(table.columnCount());
   for (size_t c = 0; c < table.columnCount(); ++c) {
      returned[c] = plan.ius.make(table.column(c).type(), true, table.column(c).name());
      values->computations.push_back({returned[c], Expr::caseWhen(isNull(rowId), Expr::columnRef(proposed[c]), Expr::columnRef(updated[c]))});
   }
   if (returning) {
      auto inserted = isNull(rowId);
      auto e = std::make_unique<Expr>(ExprKind::Or, SqlType::boolean());
      e->nullable = true;
      e->children.push_back(std::move(inserted));
      e->children.push_back(Expr::columnRef(update));
      returnsRow = compute(*values, std::move(e), "returned");
   }
   addMap(std::move(values), plan);
   return result;
}

}  // namespace kiln
