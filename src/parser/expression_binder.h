// Semantic analysis of scalar expressions: resolves names, types every node by PostgreSQL's
// rules, converts literals, and collects the calls its clause allows (clause_rules.h).
#pragma once

#include <functional>
#include <optional>
#include <string>
#include <vector>

#include <pg_query/pg_query.pb-c.h>

#include "algebra/aggregate_function.h"
#include "algebra/operator.h"
#include "parser/clause_rules.h"
#include "parser/scope.h"
#include "storage/catalog.h"

namespace kiln {

/// A window function call found while binding an expression; the query binds its OVER clause
/// (named windows are the query's) and makes the Window operators.
struct BoundWindowCall {
   const PgQuery__WindowDef* over;
   WindowFunction function;
   std::vector<ExprPtr> arguments;  // as WindowCall::arguments
   AggregateCall aggregate;         // for aggregates; its argument is arguments[0]
   const IU* output;
   int position;
};

/// A GROUPING(a, b, ...) call found while binding an expression; the query's aggregation gives
/// it its value in each grouping set (group_by_binder.cpp).
struct GroupingCall {
   std::vector<ExprPtr> arguments;
   const IU* output;
};

/// The calls a query's clauses allow and collect for it to compute: aggregates and GROUPING() by
/// its aggregation, window function calls by its Window operators, a set-returning function in
/// the select list by a Series. Each call is replaced by a reference to its output IU.
struct CollectedCalls {
   std::vector<AggregateCall> aggregates;
   std::vector<GroupingCall> groupings;
   std::vector<BoundWindowCall> windows;
   std::unique_ptr<Series> setReturning;  // without input
};

class ExpressionBinder {
   public:
   /// Binds expressions of `clause` (clause_rules.h): the calls it allows go to `calls`, required
   /// when it allows any; the others are its errors.
   ExpressionBinder(const Scope& scope, IUSet& ius, const ClauseRules& clause = clauses::other, CollectedCalls* calls = nullptr)
      : scope_(scope), ius_(ius), clause_(clause), calls_(calls) {}

   /// generate_series(start, stop [, step]) over integers: its arguments bound, in a Series
   /// without input or output (function_scan_binder.cpp).
   std::unique_ptr<Series> bindSeries(const PgQuery__FuncCall& call);
   /// unnest(array): a Series over the array's elements.
   std::unique_ptr<Series> bindUnnest(const PgQuery__FuncCall& call);
   std::unique_ptr<Series> bindMomentSeries(std::vector<ExprPtr> args, int position);

   /// Subqueries in expressions (scalar, EXISTS, x op ANY/ALL with x bound and given, one value
   /// or a row's) are bound by this callback (the query binder turns them into joins); without
   /// one they are an error. It yields the values of a scalar subquery's row, else the one
   /// boolean. It learns whether the subquery is inside an aggregate's argument (its value is
   /// then needed before the aggregation).
   using SubqueryCallback = std::function<std::vector<ExprPtr>(const PgQuery__SubLink&, std::vector<ExprPtr> left, bool insideAggregate)>;
   void bindSubqueriesWith(SubqueryCallback callback) { subquery_ = std::move(callback); }

   /// nextval('name') and its kin find sequences in `catalog` (without one, they are refused).
   void resolveSequencesIn(const Catalog& catalog) { catalog_ = &catalog; }

   ExprPtr bind(const PgQuery__Node& node);
   /// The values of a row constructor (a, b, ...) or ROW(...); of another expression, its value.
   std::vector<ExprPtr> bindRow(const PgQuery__Node& node);
   /// Binds a condition that must be boolean (WHERE, HAVING, ...); 42804 otherwise.
   ExprPtr bindCondition(const PgQuery__Node& node, const char* clause);

   /// Converts to `target` where PostgreSQL would do so implicitly; 42804 when it may not.
   static ExprPtr coerce(ExprPtr e, SqlType target);
   /// Converts a value stored into column `column` of type `target` (INSERT, UPDATE) to that type,
   /// where PostgreSQL assigns it; 42804 when it may not.
   static ExprPtr assign(ExprPtr e, SqlType target, const std::string& column);
   /// 42883 "function name(types) does not exist" for a call of `name` with `args`.
   static Error noSuchFunction(const std::string& name, const std::vector<ExprPtr>& args, int position);
   /// A call of function `id` with `args`, NULL when any argument is.
   static ExprPtr makeFunction(FunctionId id, SqlType type, std::vector<ExprPtr> args, int position);
   /// Makes array_agg's call a string_agg of the values' element texts.
   static void collectIntoArrayText(AggregateCall& aggregate, int position);
   /// array_agg's result of `type` from that string_agg's output `texts`.
   static ExprPtr arrayOfElementTexts(const IU* texts, SqlType type, int position);
   /// CAST(e AS target); 42846 when there is no such cast.
   static ExprPtr cast(ExprPtr e, SqlType target, int position);
   /// A CHAR(n) value as text with the blanks its output shows (rpad to n); others as they are:
   /// concat and the regular expression operators see char(n) padded, as in PostgreSQL.
   static ExprPtr withPadding(ExprPtr e);
   /// Converts both sides to their common type; 42883/42804 naming `what` when there is none.
   static void unify(ExprPtr& a, ExprPtr& b, const std::string& what, int position);
   /// `e` converted to `target` to compare with a value of that type.
   static ExprPtr coerceForComparison(ExprPtr e, SqlType target);
   /// (a, b, ...) op (c, d, ...) for rows of equal length, compared pair by pair from the left as
   /// PostgreSQL does: = is the AND of the pairs' equalities, <> the OR of their inequalities.
   static ExprPtr compareRows(const std::string& op, std::vector<ExprPtr> lefts, std::vector<ExprPtr> rights, int position);
   /// An expression node of `kind`, its children to come.
   static ExprPtr makeExpr(ExprKind kind, SqlType type, bool nullable, int position);
   /// The binary operator `op` of two bound operands, typed as PostgreSQL types it.
   static ExprPtr bindOperator(const std::string& op, ExprPtr left, ExprPtr right, int position);
   /// A call of the function `name` with bound arguments: the registry's (algebra/scalar_function.h)
   /// and a few the binder knows; 42883 when there is none for their types.
   ExprPtr bindFunction(const std::string& name, std::vector<ExprPtr> args, int position);
   /// nextval, currval, lastval and setval (sequence_functions_binder.cpp).
   ExprPtr bindSequenceFunction(const std::string& name, std::vector<ExprPtr>& args, int position);
   /// now(), CURRENT_TIMESTAMP, LOCALTIMESTAMP: the transaction's start.
   ExprPtr currentTimestamp(int position);
   enum class ArrayJoin : uint8_t { Operator, Cat, Append, Prepend };
   /// ||, array_cat, array_append and array_prepend with arrays.
   static ExprPtr bindArrayConcat(ExprPtr left, ExprPtr right, int position, ArrayJoin join);

   private:
   ExprPtr bindColumnRef(const PgQuery__ColumnRef& ref);
   ExprPtr bindConstant(const PgQuery__AConst& c);
   ExprPtr bindTypeCast(const PgQuery__TypeCast& c);
   /// The integer operators &, |, #, << and >>, and ~ (`right` null).
   ExprPtr bindBitwise(const std::string& op, ExprPtr left, ExprPtr right, int position);
   ExprPtr bindAExpr(const PgQuery__AExpr& e);
   ExprPtr bindRowComparison(const std::string& op, const PgQuery__RowExpr& left, const PgQuery__RowExpr& right, int position);
   /// row op (subquery): the subquery's one row compared with the row, NULL when it has none.
   ExprPtr bindRowSubqueryComparison(const std::string& op, const PgQuery__RowExpr& left, const PgQuery__SubLink& link, int position);
   /// value ~ pattern, ~*, !~ and !~* (regex_binder.cpp).
   ExprPtr bindRegexOperator(const std::string& op, ExprPtr value, ExprPtr pattern, int position);
   /// value SIMILAR TO pattern (op ~) or NOT SIMILAR TO (op !~), a match of the regular
   /// expression PostgreSQL makes of the pattern.
   ExprPtr bindSimilarTo(const std::string& op, const PgQuery__Node& value, const PgQuery__Node& pattern, int position);
   /// ARRAY[...] (array_binder.cpp); under a cast to `target`, its elements take that type.
   ExprPtr bindArrayConstructor(const PgQuery__AArrayExpr& array, const SqlType* target);
   /// array[index]...: the element, NULL out of range.
   ExprPtr bindSubscript(const PgQuery__AIndirection& indirection);
   /// a @> b, a <@ b and a && b.
   static ExprPtr bindArrayContainment(const std::string& op, ExprPtr left, ExprPtr right, int position);
   /// value op ANY (array) and value op ALL (array).
   ExprPtr bindArrayComparison(const std::string& op, ExprPtr value, ExprPtr array, bool all, int position);
   ExprPtr bindBoolExpr(const PgQuery__BoolExpr& e);
   ExprPtr bindCase(const PgQuery__CaseExpr& e);
   ExprPtr bindCoalesce(const PgQuery__CoalesceExpr& e);
   ExprPtr bindMinMax(const PgQuery__MinMaxExpr& e);
   ExprPtr bindFuncCall(const PgQuery__FuncCall& call);
   ExprPtr bindAggregate(const AggregateDefinition& definition, const std::string& name, const PgQuery__FuncCall& call);
   /// The aggregate's function and typed argument (FILTER included) by its entry's form and type
   /// rule; sets the result's type and nullability. `inWindow`: its argument may hold plain
   /// aggregates.
   AggregateCall bindAggregateCall(const AggregateDefinition& definition, const std::string& name, const PgQuery__FuncCall& call, SqlType& type, bool& nullable,
                                   bool inWindow);
   /// ORDER BY inside the call (not over a window); kept for string_agg alone.
   void bindAggregateOrder(const PgQuery__FuncCall& call, AggregateCall& aggregate, bool inWindow,
                           const std::function<ExprPtr(const PgQuery__Node&)>& bindInside);
   /// GROUPING(a, b, ...) (group_by_binder.cpp).
   ExprPtr bindGrouping(const PgQuery__GroupingFunc& call);
   /// f(...) OVER (...) (window_binder.cpp).
   ExprPtr bindWindowCall(const std::string& name, const PgQuery__FuncCall& call);
   /// generate_series or unnest in the select list.
   ExprPtr bindSetReturning(const PgQuery__FuncCall& call);

   const Scope& scope_;
   IUSet& ius_;
   const Catalog* catalog_ = nullptr;
   ClauseRules clause_;
   CollectedCalls* calls_;
   bool insideAggregate_ = false;
   bool insideWindow_ = false;
   bool insideSetReturning_ = false;
   const char* conditional_ = nullptr;  // while binding inside CASE or COALESCE: which
   SubqueryCallback subquery_;
   /// UPDATE's SET (a, b, ...) = (SELECT ...): the subquery's row, bound at its first column (the
   /// select list binds the columns in order) and read by the others.
   std::vector<ExprPtr> multiAssignedRow_;
};

/// 42601 unless a subquery compared with a row (or a value: width 1) has as many columns.
void requireSubqueryColumns(size_t columns, size_t width, int position);

/// Whether `e` is the constant TRUE.
inline bool isTrue(const Expr& e) { return e.kind == ExprKind::Constant && !e.constant().isNull && e.constant().boolean; }

/// The string a String node holds; "" for another node or none.
std::string stringOf(const PgQuery__Node* node);

/// The identifier a node names when it is a bare column reference ("x" in ORDER BY x), else "".
std::string bareColumnName(const PgQuery__Node& node);

}  // namespace kiln
