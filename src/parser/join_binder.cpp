// The joins of FROM: JOIN ... ON, USING and NATURAL (the common columns once, first, as in
// PostgreSQL), and aliases that rename a join's columns: (a JOIN b ...) AS j(c1, ...) hides a
// and b; a JOIN b USING (x) AS j only adds j.x. The side of an outer join that may be NULL
// cannot read a recursive query's working table (PostgreSQL's rule).
#include <algorithm>

#include "parser/select_binder.h"
#include "parser/type_rules.h"

namespace kiln {

namespace {

/// Whether `op` reads the work table of `source`, the recursive query being bound (not another
/// recursive CTE's, which is finished where this one reads it).
bool readsWorkTable(const Operator& op, const RecursiveUnion* source) {
   if (op.kind == OperatorKind::WorkTableScan && static_cast<const WorkTableScan&>(op).source == source) return true;
   return std::any_of(op.children.begin(), op.children.end(), [&](auto& c) { return readsWorkTable(*c, source); });
}

/// NATURAL JOIN's columns: the names of the left side's columns [leftStart, rightStart) that the
/// right side's (the rest) has too, in the left's order.
std::vector<std::string> commonColumnNames(const std::vector<ScopeColumn>& columns, size_t leftStart, size_t rightStart) {
   std::vector<std::string> names;
   for (size_t l = leftStart; l < rightStart; ++l) {
      if (columns[l].qualifiedOnly || std::find(names.begin(), names.end(), columns[l].name) != names.end()) continue;
      for (size_t r = rightStart; r < columns.size(); ++r)
         if (!columns[r].qualifiedOnly && columns[r].name == columns[l].name) {
            names.push_back(columns[l].name);
            break;
         }
   }
   return names;
}

/// COALESCE(l, r) in their common type: FULL JOIN's merged USING column.
ExprPtr coalesce(const IU* l, const IU* r) {
   SqlType type = types::common(l->type, r->type).value_or(l->type);
   auto e = std::make_unique<Expr>(ExprKind::Case, type);
   e->hasElse = true;
   auto test = std::make_unique<Expr>(ExprKind::IsNull, SqlType::boolean());
   test->negated = true;
   test->nullable = false;
   test->children.push_back(Expr::columnRef(l));
   e->children.push_back(std::move(test));
   e->children.push_back(ExpressionBinder::coerce(Expr::columnRef(l), type));
   e->children.push_back(ExpressionBinder::coerce(Expr::columnRef(r), type));
   return e;
}

}  // namespace

ExprPtr SelectBinder::bindUsing(const std::vector<std::string>& names, size_t leftStart, size_t rightStart, JoinSide keep, Map& merged,
                                std::vector<const IU*>& usingColumns) {
   // USING (x): left.x = right.x, and an unqualified x means the left (RIGHT JOIN: right) one,
   // FULL JOIN: COALESCE(left.x, right.x), computed above the join.
   auto& columns = scope_.columns();
   size_t rightEnd = columns.size();
   std::vector<ExprPtr> equalities;
   for (size_t u = 0; u < names.size(); ++u) {
      const std::string& name = names[u];
      if (std::find(names.begin(), names.begin() + long(u), name) != names.begin() + long(u))
         throw Error("42701", "column name \"" + name + "\" appears more than once in USING clause");
      auto find = [&](size_t from, size_t to, const char* side) -> ScopeColumn& {
         ScopeColumn* found = nullptr;
         for (size_t c = from; c < to; ++c) {
            if (columns[c].name != name || columns[c].qualifiedOnly) continue;
            if (found) throw Error("42702", "common column name \"" + name + "\" appears more than once in " + side + " table");
            found = &columns[c];
         }
         if (!found) throw Error("42703", "column \"" + name + "\" specified in USING clause does not exist in " + side + " table");
         return *found;
      };
      ScopeColumn& l = find(leftStart, rightStart, "left");
      ScopeColumn& r = find(rightStart, rightEnd, "right");
      (keep == JoinSide::Right ? l : r).qualifiedOnly = true;
      if (keep == JoinSide::Merged) {
         l.qualifiedOnly = true;
         ExprPtr value = coalesce(l.iu, r.iu);
         const IU* iu = ius_.make(value->type, true, name);
         merged.computations.push_back({iu, std::move(value)});
         usingColumns.push_back(iu);
      } else {
         usingColumns.push_back((keep == JoinSide::Right ? r : l).iu);
      }
      ExprPtr a = Expr::columnRef(l.iu), b = Expr::columnRef(r.iu);
      ExpressionBinder::unify(a, b, "=", 0);
      auto equal = std::make_unique<Expr>(ExprKind::Comparison, SqlType::boolean());
      equal->op = uint8_t(CompareOp::Eq);
      equal->nullable = a->nullable || b->nullable;
      equal->children.push_back(std::move(a));
      equal->children.push_back(std::move(b));
      equalities.push_back(std::move(equal));
   }
   for (auto& c : merged.computations) columns.push_back({"", c.output->name, c.output});
   // SELECT * lists the USING columns first, in USING's order, as PostgreSQL does.
   auto rank = [&](const ScopeColumn& c) {
      auto u = std::find(usingColumns.begin(), usingColumns.end(), c.iu);
      return c.qualifiedOnly || u == usingColumns.end() ? usingColumns.size() : size_t(u - usingColumns.begin());
   };
   std::stable_sort(columns.begin() + long(leftStart), columns.end(), [&](auto& a, auto& b) { return rank(a) < rank(b); });
   return Expr::conjunction(std::move(equalities));
}

std::unique_ptr<Operator> SelectBinder::bindJoin(const PgQuery__JoinExpr& joinExpr) {
   size_t leftStart = scope_.columns().size();
   bool rightJoin = joinExpr.jointype == PG_QUERY__JOIN_TYPE__JOIN_RIGHT;
   bool fullJoin = joinExpr.jointype == PG_QUERY__JOIN_TYPE__JOIN_FULL;
   bool leftNullable = rightJoin || fullJoin, rightNullable = joinExpr.jointype != PG_QUERY__JOIN_TYPE__JOIN_INNER && !rightJoin;
   nullableSides_ += leftNullable;
   auto left = bindFromItem(*joinExpr.larg);
   nullableSides_ -= leftNullable;
   size_t rightStart = scope_.columns().size();
   JoinKind kind = joinExpr.jointype == PG_QUERY__JOIN_TYPE__JOIN_INNER ? JoinKind::Inner : fullJoin ? JoinKind::FullOuter : JoinKind::LeftOuter;
   const PgQuery__RangeSubselect* lateral = lateralSubquery(*joinExpr.rarg);
   if (lateral && (rightJoin || fullJoin)) {
      // Without a reference to the left side it is an ordinary derived table.
      Bound sub = bindSubquery(*lateral->subquery);
      if (!sub.correlated.empty() || !sub.deferred.empty() || sub.row)
         throw Error("42P10", "invalid reference to FROM-clause entry: the combining JOIN type must be INNER or LEFT for a LATERAL reference");
   } else if (lateral) {
      if (joinExpr.is_natural || joinExpr.n_using_clause) throw Error("0A000", "NATURAL and USING joins with LATERAL are not supported yet");
      // Bound in the place of root_ (the FROM items before the join), where domainOf looks for
      // the tables of the values it reads.
      std::swap(root_, left);
      bindLateral(*lateral, root_, leftStart, kind, joinExpr.quals);
      std::swap(root_, left);
      if (joinExpr.alias) aliasJoin(*joinExpr.alias, leftStart);
      return left;
   }
   bool leftJoin = kind == JoinKind::LeftOuter && !rightJoin;
   if (joinExpr.rarg->node_case == PG_QUERY__NODE__NODE_RANGE_FUNCTION && (kind == JoinKind::Inner || leftJoin) && !joinExpr.is_natural &&
       !joinExpr.n_using_clause) {
      auto joined = bindFunctionJoin(joinExpr, std::move(left), leftStart, leftJoin);
      if (joinExpr.alias) aliasJoin(*joinExpr.alias, leftStart);
      return joined;
   }
   nullableSides_ += rightNullable;
   auto right = bindFromItem(*joinExpr.rarg);
   nullableSides_ -= rightNullable;
   auto merged = std::make_unique<Map>();
   std::vector<const IU*> usingColumns;

   ExprPtr condition;
   if (joinExpr.is_natural || joinExpr.n_using_clause) {
      std::vector<std::string> names;
      for (size_t u = 0; u < joinExpr.n_using_clause; ++u) names.push_back(stringOf(joinExpr.using_clause[u]));
      if (joinExpr.is_natural) names = commonColumnNames(scope_.columns(), leftStart, rightStart);
      JoinSide keep = fullJoin ? JoinSide::Merged : rightJoin ? JoinSide::Right : JoinSide::Left;
      condition = bindUsing(names, leftStart, rightStart, keep, *merged, usingColumns);
      // NATURAL JOIN without common columns joins every pair.
      if (!condition && kind != JoinKind::Inner) condition = Expr::constantOf(Value::ofBool(true));
   } else if (joinExpr.quals) {
      condition = clauseBinder(clauses::joinCondition).bindCondition(*joinExpr.quals, "JOIN/ON");
   }
   if (condition) condition = takeCorrelatedConjuncts(std::move(condition), kind != JoinKind::Inner);
   if (rightJoin) std::swap(left, right);
   if (recursion_ && (kind == JoinKind::LeftOuter || kind == JoinKind::FullOuter) &&
       (readsWorkTable(*right, recursion_->source) || (kind == JoinKind::FullOuter && readsWorkTable(*left, recursion_->source))))
      throw Error("42P19", "recursive reference to query \"" + recursion_->name + "\" must not appear within an outer join");
   if (kind == JoinKind::LeftOuter || kind == JoinKind::FullOuter) {
      // The outer join's inner side (a full join: both sides) may now be NULL.
      for (const IU* iu : producedIUs(*right)) const_cast<IU*>(iu)->nullable = true;
      if (kind == JoinKind::FullOuter)
         for (const IU* iu : producedIUs(*left)) const_cast<IU*>(iu)->nullable = true;
   }
   auto join = std::make_unique<Join>(kind);
   join->condition = std::move(condition);
   join->children.push_back(std::move(left));
   join->children.push_back(std::move(right));
   if (joinExpr.join_using_alias) {
      // PostgreSQL 15's JOIN ... USING (x) AS j: j.x names the USING column; j has no other.
      std::string alias = joinExpr.join_using_alias->aliasname;
      if (scope_.hasTable(alias)) throw Error("42712", "table name \"" + alias + "\" specified more than once");
      for (const IU* iu : usingColumns) {
         auto named = std::find_if(scope_.columns().begin(), scope_.columns().end(), [&](auto& c) { return c.iu == iu; });
         scope_.columns().push_back({alias, named->name, iu, true});
      }
   }
   if (joinExpr.alias) aliasJoin(*joinExpr.alias, leftStart);
   if (merged->computations.empty()) return join;
   merged->children.push_back(std::move(join));
   return merged;
}

std::unique_ptr<Operator> SelectBinder::bindFunctionJoin(const PgQuery__JoinExpr& joinExpr, std::unique_ptr<Operator> left, size_t leftStart, bool leftJoin) {
   // A function may read the left side's columns (it is implicitly LATERAL); ON filters, or
   // for LEFT JOIN is the outer join's condition (TRUE only where the function reads the left side).
   auto joined = bindFunctionScan(*joinExpr.rarg->range_function, std::move(left), leftStart, leftJoin);
   ExprPtr on;
   if (joinExpr.quals) {
      on = takeCorrelatedConjuncts(clauseBinder(clauses::joinCondition).bindCondition(*joinExpr.quals, "JOIN/ON"), leftJoin);
   }
   if (leftJoin && joined->kind == OperatorKind::Join) {
      static_cast<Join&>(*joined).condition = std::move(on);
   } else if (leftJoin && on && !isTrue(*on)) {
      throw Error("0A000", "LEFT JOIN with a function that reads the left side is supported only ON true yet");
   } else if (on && !leftJoin) {
      auto filter = std::make_unique<Filter>();
      filter->condition = std::move(on);
      filter->children.push_back(std::move(joined));
      joined = std::move(filter);
   }
   return joined;
}

ExprPtr SelectBinder::takeCorrelatedConjuncts(ExprPtr condition, bool outerJoin) {
   if (!isCorrelated(*condition)) return condition;
   // An outer query's value in ON: an inner join's conjuncts reading it are conditions of the
   // subquery as WHERE's are, unless the join may be NULL-extended by an outer join around it.
   if (outerJoin || nullableSides_ > 0)
      throw Error("0A000", "an outer query's value in the ON condition of an outer join in a subquery is not supported yet", condition->position);
   std::vector<ExprPtr> local;
   for (ExprPtr& conjunct : Expr::conjuncts(std::move(condition))) (isCorrelated(*conjunct) ? correlated_ : local).push_back(std::move(conjunct));
   return Expr::conjunction(std::move(local));
}

void SelectBinder::aliasJoin(const PgQuery__Alias& alias, size_t start) {
   // The join's columns are what an unqualified name may mean (SELECT * lists); the names of
   // the tables inside the join are hidden, as in PostgreSQL.
   auto& columns = scope_.columns();
   std::vector<const IU*> ius;
   std::vector<std::string> names;
   for (size_t c = start; c < columns.size(); ++c)
      if (!columns[c].qualifiedOnly) {
         ius.push_back(columns[c].iu);
         names.push_back(columns[c].name);
      }
   columns.erase(columns.begin() + long(start), columns.end());
   addToScope(alias.aliasname, &alias, ius, names, 0);
}

}  // namespace kiln
