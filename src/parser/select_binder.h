// Semantic analysis of a SELECT: FROM (tables, joins, derived tables, CTEs), WHERE (including
// subqueries, which become joins), grouping and aggregates, the select list, ORDER BY, LIMIT.
#pragma once

#include <map>
#include <optional>
#include <unordered_set>

#include <pg_query/pg_query.pb-c.h>

#include "parser/expression_binder.h"
#include "parser/scope.h"
#include "parser/statement.h"
#include "storage/catalog.h"

namespace kiln {

struct SortDirection {
   bool descending = false;
   bool nullsFirst = false;
};
/// ASC/DESC and NULLS FIRST/LAST of an ORDER BY item, PostgreSQL's defaults filled in.
SortDirection sortDirection(const PgQuery__SortBy& sortBy);

/// A grouping set: indexes into GROUP BY's keys, ascending, each once.
using GroupingSet = std::vector<size_t>;

/// The name PostgreSQL gives an output column without an alias.
std::string outputName(const PgQuery__Node& node);
/// Whether `node` is `*` or `table.*`.
bool isAStarRef(const PgQuery__Node& node);

class SelectBinder {
   public:
   /// `outer` is the enclosing query's scope when this is a subquery: names it resolves there
   /// make the subquery correlated.
   SelectBinder(const PgQuery__SelectStmt& select, const Catalog& catalog, IUSet& ius, const std::vector<ColumnInfo>* insertTargets,
                const Scope* outer = nullptr, const SelectBinder* enclosing = nullptr);

   /// An operator a subquery adds to a clause's input, made while binding an expression and
   /// attached when the input is: a join (the input becomes its left child) or a map computing
   /// the subquery's value from the joins before it (the input becomes its child).
   struct PendingJoin {
      std::unique_ptr<Operator> op;  // without its first child yet
   };

   /// A correlated subquery with aggregates but no GROUP BY has one row for every outer row, also
   /// for an outer row that no row of the subquery matches (count 0, the other aggregates NULL):
   /// what follows its aggregation is computed by the enclosing query, above the outer join with
   /// the aggregate (grouped by the correlation), over count() values that are 0 where it is NULL.
   struct AggregateRow {
      std::vector<PendingJoin> joins;  // the subquery's own scalar subqueries
      ExprPtr present;  // whether the row is there (HAVING, LIMIT 0, OFFSET): a non-NULL boolean; null if always
      std::vector<ExprPtr> values;  // the select list
   };

   /// The query's operator tree, output IUs and output names.
   struct Bound {
      std::unique_ptr<Operator> root;
      std::vector<const IU*> columns;
      std::vector<std::string> names;
      /// Conditions of a correlated subquery that read the enclosing query's values; they become
      /// the condition of the join that replaces the subquery. With aggregation they compare the
      /// enclosing value with a grouping key of this query.
      std::vector<ExprPtr> correlated;
      std::unique_ptr<AggregateRow> row;  // instead of `columns`, for a correlated aggregate without GROUP BY
      /// A subquery's output that reads the enclosing query's values is computed by the enclosing
      /// query, above the join that replaces the subquery: deferred[c] is set and columns[c] null.
      /// Empty when there is no such output.
      std::vector<ExprPtr> deferred;
      /// Per column: an untyped literal ('...' or NULL), shown as text, which a set operation
      /// gives the other side's type (as PostgreSQL does: SELECT NULL UNION SELECT 1 is integer).
      std::vector<bool> untyped;
   };
   Bound bind();
   /// For UPDATE and DELETE: the scan of `table` (the first FROM item) also yields each row's
   /// position, as the last output column.
   void yieldRowIdOf(const Table* table) { rowIdTable_ = table; }
   /// For INSERT ... VALUES: the value DEFAULT stands for in target column i.
   void setInsertDefault(InsertDefault insertDefault) { insertDefault_ = std::move(insertDefault); }
   /// After bind(): the scan's value of each column of the table given to yieldRowIdOf.
   const std::vector<const IU*>& rowIdTableColumns() const { return rowIdTableColumns_; }
   /// After bind(): the names the FROM clause made visible.
   const Scope& scope() const { return scope_; }

   private:
   struct Target {
      const PgQuery__Node* node;  // null for a column that came from '*'
      const IU* iu;               // set for '*' columns
      std::string name;
      ExprPtr bound;
   };

   /// The end of bind() for every form of query (also UNION and VALUES): the comparison x op
   /// ANY/ALL asks for (compareOutput), the correlation, the result.
   Bound finishBinding();
   /// UNION, INTERSECT and EXCEPT (set_operation_binder.cpp).
   void bindSetOperation();
   /// ORDER BY and LIMIT/OFFSET over this query's outputs (for set operations and VALUES: by name or position).
   void bindOutputOrderAndLimit();
   void bindFrom();
   std::unique_ptr<Operator> bindFromItem(const PgQuery__Node& item);
   /// It may read the enclosing query's values: `directlyInFrom`, its conditions on them become
   /// this query's correlation; inside a JOIN, only where no condition reads them.
   std::unique_ptr<Operator> bindDerivedTable(const PgQuery__RangeSubselect& derived, bool directlyInFrom);
   // Joins (join_binder.cpp)
   /// A join condition without its conjuncts that read the enclosing query's values, which
   /// become this subquery's correlation (0A000 for an outer join's, or inside one); null if none is left.
   ExprPtr takeCorrelatedConjuncts(ExprPtr condition, bool outerJoin);
   std::unique_ptr<Operator> bindJoin(const PgQuery__JoinExpr& join);
   /// Which column an unqualified USING column name means: the left's, the right's (RIGHT JOIN)
   /// or their COALESCE (FULL JOIN).
   enum class JoinSide { Left, Right, Merged };
   /// USING (names) between the scope columns [leftStart, rightStart) and those from rightStart
   /// on: the join condition; COALESCE columns go to `merged`, the columns names mean to `usingColumns`.
   ExprPtr bindUsing(const std::vector<std::string>& names, size_t leftStart, size_t rightStart, JoinSide keep, Map& merged,
                     std::vector<const IU*>& usingColumns);
   /// [INNER | LEFT] JOIN function(...) [ON ...] with `left`, whose columns are the scope's from
   /// `leftStart` on (`leftJoin`: the LEFT JOIN).
   std::unique_ptr<Operator> bindFunctionJoin(const PgQuery__JoinExpr& joinExpr, std::unique_ptr<Operator> left, size_t leftStart, bool leftJoin);
   /// (join) AS alias(names): the scope columns from `start` on become the alias's.
   void aliasJoin(const PgQuery__Alias& alias, size_t start);
   /// The subquery of a LATERAL derived table, else null.
   static const PgQuery__RangeSubselect* lateralSubquery(const PgQuery__Node& item);
   /// Joins a LATERAL subquery (`kind` Inner or LeftOuter, ON `on` if given) to `left` (may be
   /// null), whose columns are the scope columns from `leftStart` on: it may read those. `left`
   /// stays as it is while the subquery is bound, for domains of its values (subquery_binder.cpp).
   void bindLateral(const PgQuery__RangeSubselect& derived, std::unique_ptr<Operator>& left, size_t leftStart, JoinKind kind, const PgQuery__Node* on);
   /// A function in FROM (function_scan_binder.cpp); `left` is what the FROM items before it
   /// produce (may be null), whose columns are the scope's from `leftStart` on: it is joined
   /// with them, or reads them (LATERAL). `keepLeft`: LEFT JOIN ... ON true.
   std::unique_ptr<Operator> bindFunctionScan(const PgQuery__RangeFunction& range, std::unique_ptr<Operator> left, size_t leftStart, bool keepLeft = false);
   void addToScope(const std::string& alias, const PgQuery__Alias* columnAliases, const std::vector<const IU*>& ius, const std::vector<std::string>& names,
                   int position);
   // WITH RECURSIVE (recursive_cte_binder.cpp)
   /// The query named by a recursive reference, while its recursive term is bound (with
   /// `source`) or its non-recursive term (without: a reference is an error).
   struct Recursion {
      std::string name;
      RecursiveUnion* source = nullptr;
      bool referenced = false;
   };
   /// A CTE of a WITH RECURSIVE: a RecursiveUnion when it reads itself, else bound as any CTE.
   /// `owner` is the query whose WITH has it, as its `index`th CTE.
   Bound bindRecursiveCte(const PgQuery__CommonTableExpr& cte, const SelectBinder* owner, size_t index);
   /// The WorkTableScan for a FROM item named `name` that refers to a recursive query being
   /// bound; null when it names no such query.
   std::unique_ptr<Operator> bindRecursiveReference(const PgQuery__RangeVar& range);
   const PgQuery__CommonTableExpr* findCte(const std::string& name) const;
   /// Looks among the first `visible` CTEs of this query's WITH, then outwards.
   const PgQuery__CommonTableExpr* findCte(const std::string& name, size_t visible) const;
   /// VALUES (values_binder.cpp).
   void bindValuesLists();
   /// The select list with each `*` expanded to its columns.
   void expandTargets();

   // The steps of bind() for a plain SELECT: its clauses bound, then made into operators
   // (select_binder.cpp, group_by_binder.cpp, select_list_binder.cpp, query_aggregation.cpp).
   void checkWithClause();
   void bindWhere();
   /// GROUP BY's distinct keys and, when it has any (ROLLUP, CUBE, GROUPING SETS, ()), its
   /// grouping sets (group_by_binder.cpp).
   void bindGroupBy();
   void bindSelectList();
   void bindHaving();
   /// An ORDER BY or DISTINCT ON item: an output (by alias or position) or an expression of its own.
   struct OrderItem {
      int target = -1;
      ExprPtr expression;
      bool descending = false;
      bool nullsFirst = false;
      bool same(const OrderItem& other) const;
   };
   /// `clause` ("ORDER BY" or "DISTINCT ON") names it in errors.
   OrderItem bindOrderItem(const PgQuery__Node& node, const std::string& clause, ExpressionBinder& binder);
   void bindOrderBy();
   /// DISTINCT ON's items, which ORDER BY must start with if it has any.
   void bindDistinctOn();
   bool hasDistinctOn() const;
   /// Each window call's OVER clause (window_binder.cpp).
   void bindWindowDefinitions();
   /// GROUP BY and the aggregates: the aggregation of root_ (when there is one), above it HAVING's
   /// filter. For a correlated aggregate without GROUP BY: the binding's end (see AggregateRow).
   std::optional<Bound> pushAggregation();
   /// After the aggregation the select list, HAVING, the windows, ORDER BY and DISTINCT ON read
   /// its outputs: GROUP BY's keys and the calls; 42803 for another column.
   void readGroups();
   /// The select list's outputs, computed (with the keys of DISTINCT ON and ORDER BY that are not
   /// outputs) by projection_, pushed above root_.
   struct Projection {
      std::vector<const IU*> outputs;
      std::vector<const IU*> distinctOnKeys;
      std::vector<SortKey> sortKeys;
   };
   Projection pushProjection();
   /// DISTINCT or DISTINCT ON; DISTINCT's outputs replace the projection's.
   void pushDistinct(Projection& projection);
   void pushOrderByAndLimit(std::vector<SortKey> sortKeys);
   /// The result's columns: `outputs`, named by the select list, and the row id yieldRowIdOf asks for.
   void yieldOutputs(std::vector<const IU*> outputs);
   /// LIMIT and OFFSET: non-negative integer constants, nullopt for none or ALL.
   struct LimitAndOffset {
      std::optional<uint64_t> limit, offset;
   };
   LimitAndOffset bindLimit();
   void pushSortAndLimit(std::vector<SortKey> keys, const LimitAndOffset& limits);

   /// The index of GROUP BY's key `node` (an output's position or alias, or an expression) in
   /// `keys`, where it is added unless it repeats one.
   size_t bindGroupKey(const PgQuery__Node& node, ExpressionBinder& binder, std::vector<Computation>& keys);
   // ORDER BY inside aggregate calls (aggregate_order.cpp)
   /// The distinct ORDER BYs of the calls whose result depends on it; the others' are dropped.
   std::vector<const std::vector<AggregateOrder>*> aggregateOrders(std::vector<AggregateCall>& aggregates);
   /// Sorts root_, the aggregation's input, by `order`, which all ordered calls share.
   void sortAggregateInput(std::vector<AggregateCall>& aggregates, const std::vector<AggregateOrder>& order);
   /// Pushes the aggregation of root_ by `keys` where calls have different `orders` (two or more).
   void aggregateByOrders(const std::vector<Computation>& keys, std::vector<AggregateCall>& aggregates,
                          const std::vector<const std::vector<AggregateOrder>*>& orders);
   /// Pushes the aggregation of root_ by each of `sets`, the rows of all sets under `keys`'
   /// outputs (NULL for a key not in a row's set), the aggregates' and the GROUPING() calls'.
   void aggregateByGroupingSets(const std::vector<Computation>& keys, const std::vector<AggregateCall>& aggregates, const std::vector<GroupingSet>& sets,
                                const std::vector<GroupingCall>& groupings);
   ExprPtr overGroups(ExprPtr e, const std::vector<Computation>& keys);
   const IU* materialize(ExprPtr e, const std::string& name);
   std::string qualifiedName(const IU* iu) const;
   void push(std::unique_ptr<Operator> op) {
      op->children.push_back(std::move(root_));
      root_ = std::move(op);
   }
   void attach(std::vector<PendingJoin>& joins) { attach(root_, joins); }
   static void attach(std::unique_ptr<Operator>& input, std::vector<PendingJoin>& joins);
   /// Binds subqueries as joins added to `joins`, or, inside an aggregate's argument, to
   /// `aggregateInputJoins` when given.
   ExpressionBinder::SubqueryCallback subqueriesJoinedTo(std::vector<PendingJoin>& joins, std::vector<PendingJoin>* aggregateInputJoins = nullptr);
   /// The binder of an expression of `clause` over this query's FROM items; the subqueries it
   /// allows are joined to its input: added to `joins`.
   ExpressionBinder clauseBinder(const ClauseRules& clause, std::vector<PendingJoin>* joins = nullptr);
   /// The binder of a clause computed after the aggregation (the select list, HAVING, ORDER BY,
   /// DISTINCT ON, window definitions): the calls it allows go to clauses_.calls; its subqueries
   /// are joined above the aggregation (lateJoins_), or below it inside an aggregate's argument.
   ExpressionBinder groupedClauseBinder(const ClauseRules& clause);
   /// A subquery joined above this query's aggregation reads this query's grouping keys, not its
   /// input's columns: rewrites `op`'s expressions; 42803 for an ungrouped column.
   void overGroupsInSubquery(Operator& op, const std::vector<std::pair<const Expr*, const IU*>>& keys, const std::vector<const IU*>& ungrouped);

   // Window functions (window_binder.cpp)
   /// A window call's OVER clause, bound.
   struct WindowSpec {
      std::vector<ExprPtr> partitionBy;
      std::vector<ExprPtr> orderBy;
      std::vector<SortDirection> directions;
      WindowFrame frame;
   };
   /// Where a window's PARTITION BY, ORDER BY and frame come from (named windows may lend them).
   struct WindowSource {
      const PgQuery__WindowDef* partition;
      const PgQuery__WindowDef* order;
      const PgQuery__WindowDef* frame;
   };
   WindowSource resolveWindow(const PgQuery__WindowDef& def, bool isNamed);
   /// The WINDOW clause's window `name`, among its first `visible` entries.
   const PgQuery__WindowDef& namedWindow(const std::string& name, size_t visible, int position);
   WindowFrame bindFrame(const PgQuery__WindowDef& def, const std::vector<ExprPtr>& orderBy);
   /// Adds the Window operators, and Maps computing their keys and arguments, above root_: one
   /// Window per distinct PARTITION BY / ORDER BY.
   void pushWindows(std::vector<BoundWindowCall>& calls, std::vector<WindowSpec>& specs);

   // Subqueries (subquery_binder.cpp)
   /// EXISTS, IN and their negations as a WHERE conjunct: a semi or anti join; false when
   /// `conjunct` is not of that form.
   bool bindSubqueryConjunct(const PgQuery__Node& conjunct);
   /// A scalar subquery in an expression: a join that provides the values of its row.
   std::vector<ExprPtr> bindScalarSubquery(const PgQuery__SubLink& sublink, std::vector<PendingJoin>& joins);
   /// ARRAY(subquery): its rows' values in its order, '{}' for none.
   ExprPtr bindArraySubquery(const PgQuery__SubLink& sublink, std::vector<PendingJoin>& joins);
   /// EXISTS in an expression (not a WHERE conjunct): a join that provides whether there are rows.
   ExprPtr bindExistsValue(const PgQuery__SubLink& sublink, std::vector<PendingJoin>& joins);
   /// `left` op ANY/ALL (subquery) in an expression (not a WHERE conjunct), `left` a value or a
   /// row's: a join that provides how many of the outer row's comparisons are TRUE, FALSE and
   /// NULL, and the value from those.
   ExprPtr bindQuantifiedValue(const PgQuery__SubLink& sublink, std::vector<ExprPtr> left, std::vector<PendingJoin>& joins);
   /// The comparison of x op ANY/ALL (subquery), which the subquery computes for x as its output.
   struct OutputComparison {
      std::vector<ExprPtr> left;  // x, a value or a row's, which reads the enclosing query's values
      std::string name;
      int position;
   };
   /// Makes this subquery's output `left op output` instead of its output (see OutputComparison).
   void compareOutput();
   /// What the enclosing query asks of a subquery: its rows (IN, ANY, ALL, LATERAL), whether
   /// there are any (EXISTS as a WHERE conjunct), or a value of its rows per outer row (a scalar
   /// subquery; EXISTS, IN, ANY and ALL in an expression).
   enum class SubqueryUse { Rows, Existence, Value };
   Bound bindSubquery(const PgQuery__Node& query, SubqueryUse use = SubqueryUse::Rows, std::unique_ptr<OutputComparison> compared = nullptr);
   /// Splits the correlated conjuncts off a WHERE conjunct list (they read outer values).
   bool isCorrelated(const Expr& e) const;
   void decorrelateGroups(std::vector<Computation>& keys);
   /// The subquery's side of a correlated condition inner = outer; null for another condition.
   const Expr* innerSide(const Expr& predicate) const;
   /// This subquery's side of each correlation, which tells the rows of one outer row apart
   /// (after correlateThroughDomains, all correlations are inner = outer).
   std::vector<const Expr*> correlationPartition();
   /// Turns the correlated conditions other than inner = outer into this query's filter over
   /// the domains of the outer values they read (0A000 for a value without a domain): then its
   /// rows for one outer row are those of its domain values.
   void correlateThroughDomains();
   /// Aggregates whose arguments read outer values along with this query's columns (max(u.a +
   /// t.a)) read instead the domains of those values joined to this query's input (domainOf), and
   /// this query is grouped by them: each outer value has its own aggregate.
   void aggregateOverDomains(std::vector<AggregateCall>& aggregates);
   /// LIMIT/OFFSET of a correlated subquery per outer row (partition_limit.cpp): a Window
   /// numbering the rows of each correlation value in `order`, and a Filter.
   void limitPerCorrelation(const std::vector<SortKey>& order, std::optional<uint64_t> limit, std::optional<uint64_t> offset);
   /// Keeps the rows from OFFSET + 1 to OFFSET + LIMIT of each partition by `partitionBy`, in
   /// `order` (see partition_limit.cpp).
   void limitPerPartition(const std::vector<const IU*>& partitionBy, const std::vector<SortKey>& order, std::optional<uint64_t> limit,
                          std::optional<uint64_t> offset);
   /// Lets `sub`'s conditions that read a query two levels out read instead a domain of those
   /// values joined to this query's input (only while its input is built: before aggregation).
   void passOuterValues(Bound& sub);
   /// The domain joined to this query's input for an enclosing query's value; null when its
   /// values are unknown (it is not a table's column).
   const IU* domainOf(const IU* outer);
   /// Joins this query's input with the domains of `outers` not joined yet: one domain of the
   /// values that one operator of the enclosing queries computes (see domainOf).
   void addDomains(const std::vector<const IU*>& outers);
   /// Joins this query's input with `domain`, whose keys are the domains of `values`, and
   /// correlates it by them.
   void joinDomain(std::unique_ptr<Aggregate> domain, const std::vector<const IU*>& values);
   /// Ends the binding of a correlated aggregate without GROUP BY (see AggregateRow) after its
   /// aggregation; `counts` are its count() outputs, `emptied` whether LIMIT 0 or OFFSET drop its row.
   Bound bindAggregateRow(ExprPtr having, const std::vector<const IU*>& counts, bool emptied);
   /// The outer join with a subquery that is an AggregateRow and its own scalar subqueries, added
   /// to `joins`; after them its values may be read.
   void joinAggregateRow(Bound& sub, std::vector<PendingJoin>& joins);

   const PgQuery__SelectStmt& select_;
   const Catalog& catalog_;
   IUSet& ius_;
   const std::vector<ColumnInfo>* insertTargets_;
   const SelectBinder* enclosing_;
   /// A plain SELECT's clauses as bound, from which the operators above FROM and WHERE are made.
   struct Clauses {
      std::vector<Computation> groupKeys;
      std::vector<GroupingSet> groupingSets;  // empty for a plain GROUP BY
      CollectedCalls calls;                   // of the clauses bound by groupedClauseBinder
      /// Subqueries in aggregates' arguments, joined below the aggregation.
      std::vector<PendingJoin> aggregateInputJoins;
      ExprPtr having;
      std::vector<OrderItem> orderBy;
      std::vector<OrderItem> distinctOn;
      std::vector<WindowSpec> windowSpecs;  // of calls.windows
   };
   Clauses clauses_;
   /// How many of the enclosing query's CTEs this query may see: a CTE sees only those before it.
   size_t enclosingCtesVisible_ = SIZE_MAX;
   Bound result_;
   Scope scope_;
   std::unique_ptr<Operator> root_;
   std::vector<Target> targets_;
   std::unordered_set<const IU*> aggregateOutputs_;
   std::unordered_set<const IU*> untypedOutputs_;  // outputs that are untyped literals, made text
   std::unique_ptr<Map> projection_ = std::make_unique<Map>();
   std::vector<ExprPtr> correlated_;
   std::vector<PendingJoin> lateJoins_;  // for subqueries in the select list, HAVING and ORDER BY
   std::unordered_set<const IU*> lateValues_;
   std::vector<std::pair<const IU*, const IU*>> domains_;  // an outer query's IU, its domain here
   bool beforeAggregation_ = false;
   /// How many outer joins the FROM item being bound is on the nullable side of: an inner join's
   /// ON conjunct reading outer values is a correlated condition like WHERE's only outside them.
   int nullableSides_ = 0;
   Recursion* recursion_ = nullptr;
   std::unique_ptr<OutputComparison> compared_;
   SubqueryUse use_ = SubqueryUse::Rows;  // EXISTS: a LIMIT above 0 without OFFSET changes nothing
   const Table* rowIdTable_ = nullptr;
   InsertDefault insertDefault_;
   std::vector<const IU*> rowIdTableColumns_;
   const IU* rowId_ = nullptr;
};

}  // namespace kiln
