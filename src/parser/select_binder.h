// Semantic analysis of a SELECT: FROM (tables, joins, derived tables, CTEs), WHERE (including
// subqueries, which become joins), grouping and aggregates, the select list, ORDER BY, LIMIT.
#pragma once

#include <map>
#include <unordered_set>

#include <pg_query/pg_query.pb-c.h>

#include "parser/expression_binder.h"
#include "parser/scope.h"
#include "storage/catalog.h"

namespace kiln {

class SelectBinder {
   public:
   /// `outer` is the enclosing query's scope when this is a subquery: names it resolves there
   /// make the subquery correlated.
   SelectBinder(const PgQuery__SelectStmt& select, const Catalog& catalog, IUSet& ius, const std::vector<ColumnInfo>* insertTargets,
                const Scope* outer = nullptr, const SelectBinder* enclosing = nullptr);

   /// The query's operator tree, output IUs and output names.
   struct Bound {
      std::unique_ptr<Operator> root;
      std::vector<const IU*> columns;
      std::vector<std::string> names;
      /// Conditions of a correlated subquery that read the enclosing query's values; they become
      /// the condition of the join that replaces the subquery. With aggregation they compare the
      /// enclosing value with a grouping key of this query.
      std::vector<ExprPtr> correlated;
      bool decorrelated = false;  // grouped by its correlation keys
   };
   Bound bind();
   /// For UPDATE and DELETE: the scan of `table` (the first FROM item) also yields each row's
   /// position, as the last output column.
   void yieldRowIdOf(const Table* table) { rowIdTable_ = table; }

   private:
   struct Target {
      const PgQuery__Node* node;  // null for a column that came from '*'
      const IU* iu;               // set for '*' columns
      std::string name;
      ExprPtr bound;
   };
   /// A subquery's join, made while binding an expression and attached when the clause's input is.
   struct PendingJoin {
      std::unique_ptr<Join> join;  // without its left child yet
   };

   void bindSetOperation();
   /// ORDER BY and LIMIT/OFFSET over this query's outputs (for set operations: by name or position).
   void bindOutputOrderAndLimit();
   void bindFrom();
   std::unique_ptr<Operator> bindFromItem(const PgQuery__Node& item);
   std::unique_ptr<Operator> bindJoin(const PgQuery__JoinExpr& join);
   /// A function in FROM (function_scan_binder.cpp); `left` is what the FROM items before it
   /// produce (may be null): it is joined with them, or read by them (LATERAL).
   std::unique_ptr<Operator> bindFunctionScan(const PgQuery__RangeFunction& range, std::unique_ptr<Operator> left);
   void addToScope(const std::string& alias, const PgQuery__Alias* columnAliases, const std::vector<const IU*>& ius,
                   const std::vector<std::string>& names, int position);
   const PgQuery__CommonTableExpr* findCte(const std::string& name) const;
   /// Looks among the first `visible` CTEs of this query's WITH, then outwards.
   const PgQuery__CommonTableExpr* findCte(const std::string& name, size_t visible) const;
   void bindValuesLists();
   void expandTargets();
   void bindWhere();
   std::vector<Computation> bindGroupKeys();
   ExprPtr overGroups(ExprPtr e, const std::vector<Computation>& keys);
   const IU* materialize(ExprPtr e, const std::string& name);
   std::string qualifiedName(const IU* iu) const;
   void push(std::unique_ptr<Operator> op) {
      op->children.push_back(std::move(root_));
      root_ = std::move(op);
   }
   void attach(std::vector<PendingJoin>& joins);
   ExpressionBinder expressionBinder(std::vector<PendingJoin>& joins);

   // Subqueries (subquery_binder.cpp)
   /// EXISTS, IN and their negations as a WHERE conjunct: a semi or anti join; false when
   /// `conjunct` is not of that form.
   bool bindSubqueryConjunct(const PgQuery__Node& conjunct);
   /// A scalar subquery in an expression: a join that provides its value.
   ExprPtr bindScalarSubquery(const PgQuery__SubLink& sublink, std::vector<PendingJoin>& joins);
   Bound bindSubquery(const PgQuery__Node& query);
   /// Splits the correlated conjuncts off a WHERE conjunct list (they read outer values).
   bool isCorrelated(const Expr& e) const;
   void decorrelateGroups(std::vector<Computation>& keys);

   const PgQuery__SelectStmt& select_;
   const Catalog& catalog_;
   IUSet& ius_;
   const std::vector<ColumnInfo>* insertTargets_;
   const SelectBinder* enclosing_;
   /// How many of the enclosing query's CTEs this query may see: a CTE sees only those before it.
   size_t enclosingCtesVisible_ = SIZE_MAX;
   Bound result_;
   Scope scope_;
   std::unique_ptr<Operator> root_;
   std::vector<Target> targets_;
   std::unordered_set<const IU*> aggregateOutputs_;
   std::unique_ptr<Map> projection_ = std::make_unique<Map>();
   std::vector<ExprPtr> correlated_;
   std::vector<PendingJoin> lateJoins_;  // for subqueries in the select list, HAVING and ORDER BY
   std::unordered_set<const IU*> lateValues_;
   const Table* rowIdTable_ = nullptr;
   const IU* rowId_ = nullptr;
};

}  // namespace kiln
