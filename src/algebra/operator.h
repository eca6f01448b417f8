// Logical/physical operators. A plan is a tree of these over IUs; codegen has one translator each.
#pragma once

#include <cstdint>
#include <limits>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "algebra/expression.h"

namespace kiln {

class Table;

enum class OperatorKind : uint8_t {
   TableScan,
   IndexScan,
   Values,
   Filter,
   Map,
   Aggregate,
   Sort,
   Limit,
   Join,
   UnionAll,
   Series,
   Window,
   RecursiveUnion,
   WorkTableScan,
   WithShared,
   SharedScan
};

struct Operator {
   OperatorKind kind;
   std::vector<std::unique_ptr<Operator>> children;
   double estimatedRows = 0;  // the optimizer's estimate of the rows it produces (joins: set when ordered)

   explicit Operator(OperatorKind kind) : kind(kind) {}
   virtual ~Operator() = default;
   Operator& child() const { return *children[0]; }
};

struct TableScan : Operator {
   Table* table;
   std::vector<const IU*> columns;  // one per table column
   const IU* rowId = nullptr;  // the row's position, for UPDATE and DELETE
   TableScan(Table* table) : Operator(OperatorKind::TableScan), table(table) {}
};

class UniqueIndex;
class SecondaryIndex;

/// Rows of a table found through an index instead of a scan: the rows whose first keys.size()
/// index columns equal `keys` and whose next index column lies between `low` and `high` (either
/// may be missing). A unique index with all its columns given is a point lookup. Without a
/// child, keys and bounds are constants or parameters and it produces the IUs of the TableScan
/// it replaces. With a child it is an index nested-loop join: one lookup per child row, with
/// keys that may read the child's IUs; it produces the child's IUs and the table's.
struct IndexScan : Operator {
   Table* table;
   const UniqueIndex* index = nullptr;
   const SecondaryIndex* secondary = nullptr;
   std::vector<const IU*> columns;  // one per table column
   const IU* rowId = nullptr;
   std::vector<ExprPtr> keys;  // equalities, in the index's column order
   // A column IN (list) that completes a unique key with the equalities: one point lookup per
   // value. The column is the index's `alternativesAt`-th; `keys` give the others.
   std::vector<ExprPtr> alternatives;
   size_t alternativesAt = 0;
   ExprPtr low, high;
   bool lowInclusive = true, highInclusive = true;
   ExprPtr condition;  // the conditions the lookup answers (estimates, EXPLAIN)
   // Ordered indexes: rows in descending key order, at most `limit` of them (0: all), and none
   // where the first index column after the equalities is NULL (min() and max() by index).
   bool descending = false;
   uint64_t limit = 0;
   bool nextNotNull = false;
   /// An index join that also hands on each child row without a match, with NULLs for the table's
   /// values (a left outer join).
   bool keepUnmatched = false;
   IndexScan(Table* table, const UniqueIndex* index) : Operator(OperatorKind::IndexScan), table(table), index(index) {}
   IndexScan(Table* table, const SecondaryIndex* index) : Operator(OperatorKind::IndexScan), table(table), secondary(index) {}
   const std::string& indexName() const;
   const std::vector<size_t>& indexColumns() const;
   /// A lookup of whole unique keys: one, or one per alternative.
   bool isPointLookup() const { return index && keys.size() + (alternatives.empty() ? 0 : 1) == indexColumns().size(); }
};

/// Constant rows (VALUES, SELECT without FROM).
struct Values : Operator {
   std::vector<const IU*> columns;
   std::vector<std::vector<ExprPtr>> rows;
   Values() : Operator(OperatorKind::Values) {}
};

struct Filter : Operator {
   ExprPtr condition;
   /// Physical choice for a filter right above a table scan: the scan first tests the parts of the
   /// condition it can on blocks of rows, with vector instructions (worth it where most rows fail).
   bool prefilterInScan = false;
   Filter() : Operator(OperatorKind::Filter) {}
};

struct Computation {
   const IU* output;
   ExprPtr expression;
};

/// Computes new IUs from expressions over the input's IUs.
struct Map : Operator {
   std::vector<Computation> computations;
   Map() : Operator(OperatorKind::Map) {}
};

enum class AggregateFunction : uint8_t {
   CountStar,
   Count,
   Sum,
   Avg,
   Min,
   Max,
   VarSamp,     // variance and standard deviation: double precision, by Youngs-Cramer as
   VarPop,      // PostgreSQL's float8 aggregates
   StddevSamp,
   StddevPop,
   StringAgg,   // the values joined, each but the first after its row's delimiter
   SingleValue,  // a scalar subquery's value: NULL for no row, error 21000 for more than one
   PercentileCont,  // ordered-set aggregates (WITHIN GROUP): the argument is the ordered value,
   PercentileDisc,  // `delimiter` the fraction (an expression of no row)
   Mode,
};

/// An ORDER BY item inside an aggregate call: string_agg(x, ', ' ORDER BY y).
struct AggregateOrder {
   ExprPtr expression;
   bool descending = false;
   bool nullsFirst = false;
   bool operator==(const AggregateOrder& other) const {
      return descending == other.descending && nullsFirst == other.nullsFirst && expression->equals(*other.expression);
   }
};

struct AggregateCall {
   AggregateFunction function;
   ExprPtr argument;  // null for COUNT(*)
   const IU* output;
   bool distinct = false;  // count(DISTINCT x), sum(DISTINCT x), ...
   ExprPtr delimiter = nullptr;  // string_agg's second argument; the percentiles' fraction
   bool descending = false;      // ordered-set aggregates: WITHIN GROUP (ORDER BY ... DESC)
   /// Binding only: the SELECT binder sorts the aggregation's input by it, and empties it.
   std::vector<AggregateOrder> order = {};
};

/// Hash aggregation; without keys it produces exactly one row.
struct Aggregate : Operator {
   std::vector<Computation> keys;
   std::vector<AggregateCall> aggregates;
   Aggregate() : Operator(OperatorKind::Aggregate) {}
};

struct SortKey {
   const IU* iu;
   bool descending = false;
   bool nullsFirst = false;
};

struct Sort : Operator {
   std::vector<SortKey> keys;
   Sort() : Operator(OperatorKind::Sort) {}
};

struct Limit : Operator {
   uint64_t limit = std::numeric_limits<uint64_t>::max();
   uint64_t offset = 0;
   Limit() : Operator(OperatorKind::Limit) {}
};

enum class JoinKind : uint8_t {
   Inner,       // pairs that satisfy the condition (no condition: the cross product)
   LeftOuter,   // and each left tuple without a partner, with NULLs on the right
   Semi,        // left tuples that have a partner (EXISTS, IN)
   Anti,        // left tuples without a partner (NOT EXISTS)
   NullAwareAnti,  // NOT IN: no partner, and no NULL among the right keys (a NULL left key: right empty)
   FullOuter,      // LeftOuter, and each right tuple without a partner, with NULLs on the left
};

/// A join of children[0] (left, the probe side) and children[1] (right, materialized: the build
/// side). Equality conjuncts between the sides become hash keys; the rest is checked per pair.
struct Join : Operator {
   JoinKind joinKind = JoinKind::Inner;
   ExprPtr condition;  // may be null: every pair
   /// Physical choice for outer, semi and anti joins with a small left side: the left side is
   /// hashed and marked by the right side's probes, then read back.
   bool buildLeft = false;
   /// Physical choice for a hash join: the scan whose rows probe it first tests their integer keys
   /// against a bitmap of the build side's (worth it where most probing rows find no partner).
   bool probeKeyBitmap = false;
   explicit Join(JoinKind kind) : Operator(OperatorKind::Join), joinKind(kind) {}
};

/// The tuples of all children, one after another: children[i]'s IU inputs[i][c] becomes columns[c].
struct UnionAll : Operator {
   std::vector<const IU*> columns;
   std::vector<std::vector<const IU*>> inputs;
   UnionAll() : Operator(OperatorKind::UnionAll) {}
};

/// WITH RECURSIVE's union: children[0] (the non-recursive term) runs once, then children[1] (the
/// recursive term) runs again and again, its WorkTableScans reading the rows the previous run
/// added, until a run adds none. `distinct` (UNION): a row equal to one seen before is not added.
struct RecursiveUnion : Operator {
   std::vector<const IU*> columns;
   std::vector<std::vector<const IU*>> inputs;  // per child, as UnionAll's
   bool distinct = false;
   /// The query reads at most this many of its rows, in the order they are made (a LIMIT right
   /// above it): the recursion may stop once it has made them, as PostgreSQL's does.
   uint64_t rowsRead = std::numeric_limits<uint64_t>::max();
   RecursiveUnion() : Operator(OperatorKind::RecursiveUnion) {}
};

/// The working table of a RecursiveUnion (which it is inside of, in the recursive term).
struct WorkTableScan : Operator {
   const RecursiveUnion* source;
   std::vector<const IU*> columns;  // source->columns' values
   explicit WorkTableScan(const RecursiveUnion* source) : Operator(OperatorKind::WorkTableScan), source(source) {}
};

/// A subplan the query uses more than once (a view or CTE named twice, a subquery repeating a
/// join), computed once: children[0] runs first and its tuples fill a buffer, then children[1]'s
/// tuples are this operator's, and the SharedScans in children[1] read the buffer.
struct WithShared : Operator {
   int id = 0;  // names it in EXPLAIN (s1, s2, ...)
   /// The IUs children[0] produces, listed when it became shared (a later rewrite of children[0],
   /// such as an index join, may produce them in another order).
   std::vector<const IU*> columns;
   WithShared() : Operator(OperatorKind::WithShared) {}
};

/// The tuples of a WithShared's buffer, under IUs of its own: columns[c] holds the value of the
/// source's columns[c].
struct SharedScan : Operator {
   const WithShared* source;
   std::vector<const IU*> columns;
   explicit SharedScan(const WithShared* source) : Operator(OperatorKind::SharedScan), source(source) {}
};

/// For each input tuple, one tuple per value of `output` in start, start + step, ... up to stop (down
/// to it for a negative step), none when a bound is NULL: PostgreSQL's generate_series, and the
/// copies of a row that INTERSECT ALL and EXCEPT ALL emit. The step is a nonzero constant.
/// generate_series(start, stop), or with `unnest` the elements of the array `start` (no `stop`).
struct Series : Operator {
   ExprPtr start, stop;
   int64_t step = 1;
   std::optional<Interval> interval;  // timestamps: the step instead (never zero)
   bool unnest = false;
   const IU* output = nullptr;
   const IU* ordinality = nullptr;  // WITH ORDINALITY: 1, 2, ... (a BIGINT)
   bool keepEmpty = false;  // an input tuple without values comes once, output NULL (LEFT JOIN)
   Series() : Operator(OperatorKind::Series) {}
};

enum class WindowFunction : uint8_t { RowNumber, Rank, DenseRank, PercentRank, CumeDist, Ntile, Lag, Lead, FirstValue, LastValue, NthValue, Aggregate };

enum class FrameBound : uint8_t { UnboundedPreceding, Preceding, CurrentRow, Following, UnboundedFollowing };

/// ROWS counts rows; GROUPS counts peer groups (rows equal in the ORDER BY keys); RANGE
/// measures in the values of its one ORDER BY key, and its CURRENT ROW includes the row's peers.
enum class FrameMode : uint8_t { Range, Rows, Groups };

/// EXCLUDE: which rows around the current one leave its frame (TIES: its peers but not itself).
enum class FrameExclusion : uint8_t { NoOthers, CurrentRow, Group, Ties };

/// The rows an aggregate, first_value, last_value or nth_value reads, relative to the current row.
struct WindowFrame {
   FrameMode mode = FrameMode::Range;
   FrameBound start = FrameBound::UnboundedPreceding, end = FrameBound::CurrentRow;
   int64_t startOffset = 0, endOffset = 0;  // ROWS, GROUPS: for Preceding and Following
   Value startDistance, endDistance;        // RANGE: the same, a non-negative number or interval
   FrameExclusion exclusion = FrameExclusion::NoOthers;
};

struct WindowCall {
   WindowFunction function;
   std::vector<const IU*> arguments;  // value, offset, default (lag/lead); count (ntile); value, n (nth_value); null: absent
   AggregateCall aggregate;           // for Aggregate: its argument reads arguments[0], a delimiter arguments[1]; output as below
   const IU* output = nullptr;
   WindowFrame frame;
};

/// Window functions of one PARTITION BY / ORDER BY: each input row comes out once, with the
/// calls' values for it. Keys and arguments are IUs of the input (a Map below computes them).
struct Window : Operator {
   std::vector<const IU*> partitionBy;
   std::vector<SortKey> orderBy;
   std::vector<WindowCall> calls;
   Window() : Operator(OperatorKind::Window) {}
};

const char* joinKindName(JoinKind kind);
const char* windowFunctionName(const WindowCall& call);

/// The IUs an operator's output carries.
std::vector<const IU*> producedIUs(const Operator& op);

/// A query: the operator tree, and which IUs the result shows under which names.
struct QueryPlan {
   IUSet ius;
   std::unique_ptr<Operator> root;
   bool optimized = false;  // optimize() ran: it leaves the plan as it is
   std::vector<std::string> columnNames;
   std::vector<const IU*> columns;
};

const char* aggregateName(AggregateFunction function);

}  // namespace kiln
