#include "optimizer/cardinality.h"

#include <algorithm>
#include <cmath>

#include "algebra/literal_slots.h"
#include "storage/table.h"

namespace kiln {

CardinalityEstimator::CardinalityEstimator(const Operator& root) { index(root); }

void CardinalityEstimator::index(const Operator& op) {
   if (op.kind == OperatorKind::TableScan) {
      auto& scan = static_cast<const TableScan&>(op);
      for (size_t c = 0; c < scan.columns.size(); ++c) columns_[scan.columns[c]] = &scan.table->column(c);
   }
   if (op.kind == OperatorKind::IndexScan) {
      auto& scan = static_cast<const IndexScan&>(op);
      for (size_t c = 0; c < scan.columns.size(); ++c) columns_[scan.columns[c]] = &scan.table->column(c);
   }
   for (auto& child : op.children) index(*child);
}

double CardinalityEstimator::distinct(const Expr& e, double rows) const {
   if (e.kind != ExprKind::ColumnRef) return 0;
   auto it = columns_.find(e.iu);
   if (it == columns_.end() || !it->second->statistics().valid()) return 0;
   return std::max(1.0, std::min(it->second->statistics().distinct, rows));
}

double CardinalityEstimator::joinKeyDistinct(const Expr& e, double rows) const {
   // A computed key has no more distinct values than the columns it reads have together.
   std::vector<const IU*> read;
   e.collectIUs(read);
   if (read.empty() || e.isVolatile()) return 0;
   std::sort(read.begin(), read.end());
   read.erase(std::unique(read.begin(), read.end()), read.end());
   double product = 1;
   for (const IU* iu : read) {
      double d = distinct(*Expr::columnRef(iu), rows);
      if (d == 0) return 0;
      product *= d;
      if (product >= rows) break;
   }
   return std::max(1.0, std::min(product, rows));
}

namespace {

double powerOfTen(int exponent) { return std::pow(10.0, exponent); }

/// A constant number, date or timestamp in the units a column of `type` stores (ColumnStatistics::min).
std::optional<double> storedNumber(const Value& v, SqlType type) {
   if (v.isNull) return std::nullopt;
   auto isInteger = [](TypeId id) { return id == TypeId::SmallInt || id == TypeId::Integer || id == TypeId::BigInt; };
   double number;
   if (isInteger(v.type.id)) number = double(v.integer);
   else if (v.type.id == TypeId::Decimal) number = double(v.decimal) / powerOfTen(v.type.scale);
   else if (v.type.isFloat()) number = v.floating;
   else if ((v.type.isMoment() || v.type.id == TypeId::Time) && type.id == v.type.id) return double(v.integer);
   else return std::nullopt;
   if (type.id == TypeId::Decimal) return number * powerOfTen(type.scale);
   if (isInteger(type.id) || type.isFloat()) return number;
   return std::nullopt;
}

// A range comparison with a value not known when planning.
constexpr double unknownBoundSelectivity = 0.33;
// Both ends of a range given by values known only when a prepared statement runs (`c >= $1 AND
// c < $2`): PostgreSQL's default for such a pair (DEFAULT_RANGE_INEQ_SEL). Two independent
// guesses of a third each took a ninth of the table for a range that is usually narrow.
constexpr double unknownRangeSelectivity = 0.005;

/// For `column op $n` (op <, <=, >, >=): the column and whether the parameter is its lower bound.
std::optional<std::pair<const IU*, bool>> parameterBound(const Expr& e) {
   if (e.kind != ExprKind::Comparison) return std::nullopt;
   CompareOp op = e.compareOp();
   if (op != CompareOp::Lt && op != CompareOp::Le && op != CompareOp::Gt && op != CompareOp::Ge) return std::nullopt;
   bool flipped = e.children[0]->withoutPrecisionCast().kind == ExprKind::Parameter;
   const Expr& column = e.children[flipped ? 1 : 0]->withoutPrecisionCast();
   const Expr& value = e.children[flipped ? 0 : 1]->withoutPrecisionCast();
   if (column.kind != ExprKind::ColumnRef || value.kind != ExprKind::Parameter) return std::nullopt;
   bool lower = (op == CompareOp::Gt || op == CompareOp::Ge) != flipped;
   return std::pair{column.iu, lower};
}

}  // namespace

std::optional<CardinalityEstimator::RangeShare> CardinalityEstimator::rangeShare(const Expr& e) const {
   if (e.kind != ExprKind::Comparison) return std::nullopt;
   CompareOp op = e.compareOp();
   if (op != CompareOp::Lt && op != CompareOp::Le && op != CompareOp::Gt && op != CompareOp::Ge) return std::nullopt;
   bool flipped = e.children[0]->kind == ExprKind::Constant;
   const Expr& column = e.children[flipped ? 1 : 0]->withoutPrecisionCast();
   const Expr& constant = *e.children[flipped ? 0 : 1];
   if (column.kind != ExprKind::ColumnRef || constant.kind != ExprKind::Constant) return std::nullopt;
   auto it = columns_.find(column.iu);
   if (it == columns_.end()) return std::nullopt;
   const ColumnStatistics& statistics = it->second->statistics();
   if (!statistics.valid() || !statistics.hasRange) return std::nullopt;
   // The share of the column's range below the value.
   auto shareBelow = [min = statistics.min, max = statistics.max, type = column.type](const Value& v) -> std::optional<double> {
      auto value = storedNumber(v, type);
      if (!value) return std::nullopt;
      return max > min ? std::clamp((*value - min) / (max - min), 0.0, 1.0) : (*value >= min ? 1.0 : 0.0);
   };
   auto share = shareBelow(constant.literalValue());
   if (!share) return std::nullopt;
   bool below = (op == CompareOp::Lt || op == CompareOp::Le) != flipped;  // keeps the values below the constant
   // A cached plan holds for another value whose estimate is about the same (a factor of two).
   guardLiteral(constant, LiteralSlots::Decision::RangeEstimate, [shareBelow, below](const Value& v) {
      auto s = shareBelow(v);
      if (!s) return int64_t(INT64_MIN);
      return int64_t(std::floor(std::log2(std::max(below ? *s : 1 - *s, 1e-6))));
   });
   return below ? RangeShare{column.iu, 0.0, *share} : RangeShare{column.iu, *share, 1.0};
}

double CardinalityEstimator::selectivity(const Expr& e) const {
   switch (e.kind) {
      case ExprKind::Comparison: {
         bool equality = e.compareOp() == CompareOp::Eq || e.compareOp() == CompareOp::IsNotDistinct;
         if (equality || e.compareOp() == CompareOp::Ne) {
            // column = constant: one of its distinct values.
            const Expr& a = *e.children[0];
            const Expr& b = *e.children[1];
            double d = std::max(distinct(a, 1e18), distinct(b, 1e18));
            double s = d > 0 ? 1 / d : 0.05;
            return equality ? s : 1 - s;
         }
         if (auto share = rangeShare(e)) return share->to - share->from;
         return unknownBoundSelectivity;
      }
      case ExprKind::And: {
         // Ranges on one column intersect (a BETWEEN keeps the share between its bounds);
         // everything else is taken as independent.
         double s = 1;
         std::unordered_map<const IU*, std::pair<double, double>> ranges;
         std::unordered_map<const IU*, std::pair<bool, bool>> parameterRanges;  // has a lower, an upper bound
         for (auto& c : e.children) {
            if (auto share = rangeShare(*c)) {
               auto& [from, to] = ranges.try_emplace(share->column, 0.0, 1.0).first->second;
               from = std::max(from, share->from);
               to = std::min(to, share->to);
               continue;
            }
            if (auto bound = parameterBound(*c)) {
               auto& [lower, upper] = parameterRanges[bound->first];
               (bound->second ? lower : upper) = true;
               continue;
            }
            s *= selectivity(*c);
         }
         for (auto& [column, range] : ranges) s *= std::max(0.0, range.second - range.first);
         for (auto& [column, bounds] : parameterRanges) s *= bounds.first && bounds.second ? unknownRangeSelectivity : unknownBoundSelectivity;
         return s;
      }
      case ExprKind::Or: {
         double s = 0;
         for (auto& c : e.children) s += selectivity(*c);
         return std::min(1.0, s);
      }
      case ExprKind::Not: return 1 - selectivity(*e.children[0]);
      case ExprKind::Like: return e.negated ? 0.9 : 0.1;
      case ExprKind::InList: {
         double d = distinct(*e.children[0], 1e18);
         double s = std::min(1.0, double(e.children.size() - 1) * (d > 0 ? 1 / d : 0.05));
         return e.negated ? 1 - s : s;
      }
      case ExprKind::IsNull: return e.negated ? 0.95 : 0.05;
      default: return 0.5;
   }
}

double CardinalityEstimator::joinSelectivity(const Expr& e, double leftRows, double rightRows) const {
   if (e.kind == ExprKind::Comparison && e.compareOp() == CompareOp::Eq) {
      // |R ⋈ S| = |R| |S| / max(distinct(r), distinct(s)): each value of the side with fewer
      // distinct values finds its partners among the other side's.
      double a = joinKeyDistinct(*e.children[0], std::max(leftRows, rightRows));
      double b = joinKeyDistinct(*e.children[1], std::max(leftRows, rightRows));
      double d = std::max(a, b);
      if (d <= 0) d = std::max(leftRows, rightRows);
      return 1 / d;
   }
   return selectivity(e);
}

double CardinalityEstimator::keyJoinSelectivity(const std::vector<const Expr*>& leftKeys, const std::vector<const Expr*>& rightKeys, double leftRows,
                                                double rightRows) const {
   auto keyDistinct = [&](const std::vector<const Expr*>& keys, double rows) {
      double product = 1;
      for (const Expr* key : keys) {
         double d = joinKeyDistinct(*key, rows);
         product *= d > 0 ? d : rows;
         if (product >= rows) return rows;
      }
      return std::max(1.0, product);
   };
   return 1 / std::max(keyDistinct(leftKeys, leftRows), keyDistinct(rightKeys, rightRows));
}

double CardinalityEstimator::partnerFraction(const Join& join, double leftRows, double rightRows) const {
   // With an equality key: the share of the left key's distinct values the right side has.
   // Any other condition makes it a guess.
   if (!join.condition) return rightRows > 0 ? 1 : 0;
   const Expr& c = *join.condition;
   if (c.kind != ExprKind::Comparison || c.compareOp() != CompareOp::Eq) return 0.5;
   std::vector<const IU*> rightIUs = producedIUs(*join.children[1]), firstIUs;
   c.children[0]->collectIUs(firstIUs);
   bool firstIsRight = !firstIUs.empty() && std::find(rightIUs.begin(), rightIUs.end(), firstIUs[0]) != rightIUs.end();
   const Expr& leftKey = *c.children[firstIsRight ? 1 : 0];
   const Expr& rightKey = *c.children[firstIsRight ? 0 : 1];
   // Without a statistic (a computed key), each row may be a distinct value.
   double l = joinKeyDistinct(leftKey, leftRows), r = joinKeyDistinct(rightKey, rightRows);
   if (l <= 0) l = leftRows;
   if (r <= 0) r = rightRows;
   return std::clamp(r / l, 0.05, 1.0);
}

double CardinalityEstimator::rows(const Operator& op) const {
   switch (op.kind) {
      case OperatorKind::TableScan: return std::max<double>(1, double(static_cast<const TableScan&>(op).table->liveRowCount()));
      case OperatorKind::IndexScan: {
         auto& scan = static_cast<const IndexScan&>(op);
         double perLookup = scan.isPointLookup() ? std::max<double>(1, double(scan.alternatives.size()))
                                                 : std::max<double>(1, double(scan.table->liveRowCount())) * selectivity(*scan.condition);
         if (scan.limit) perLookup = std::min(perLookup, double(scan.limit));
         return std::max(1.0, (scan.children.empty() ? 1 : rows(op.child())) * perLookup);
      }
      case OperatorKind::Values: return std::max<double>(1, double(static_cast<const Values&>(op).rows.size()));
      case OperatorKind::Filter: return std::max(1.0, rows(op.child()) * selectivity(*static_cast<const Filter&>(op).condition));
      case OperatorKind::Aggregate: {
         auto& aggregate = static_cast<const Aggregate&>(op);
         double input = rows(op.child());
         if (aggregate.keys.empty()) return 1;
         double groups = 1;
         for (auto& key : aggregate.keys) {
            double d = distinct(*key.expression, input);
            groups *= d > 0 ? d : std::max(1.0, input / 10);
         }
         return std::max(1.0, std::min(groups, input));
      }
      case OperatorKind::Limit: return std::min(rows(op.child()), double(static_cast<const Limit&>(op).limit));
      case OperatorKind::Window: return rows(op.child());  // one output row per input row
      case OperatorKind::Series: {
         // Constant bounds tell the length; otherwise (the copies of INTERSECT ALL) about one per row.
         auto& series = static_cast<const Series&>(op);
         double length = 1;
         if (series.unnest && series.start->kind == ExprKind::Constant && !series.start->constant().isNull)
            length = double(std::count(series.start->constant().string.begin(), series.start->constant().string.end(), ',') + 1);
         else if (series.unnest) length = 4;  // a guess
         else if (!series.interval && series.start->kind == ExprKind::Constant && series.stop->kind == ExprKind::Constant && !series.start->constant().isNull &&
                  !series.stop->constant().isNull)
            length = std::max(0.0, (double(series.stop->constant().integer) - double(series.start->constant().integer)) / double(series.step) + 1);
         return std::max(1.0, rows(op.child()) * length);
      }
      // A guess: the recursion runs a few times.
      case OperatorKind::RecursiveUnion: return std::max(1.0, rows(*op.children[0]) * 10);
      case OperatorKind::WorkTableScan: return std::max(1.0, rows(*static_cast<const WorkTableScan&>(op).source->children[0]));
      case OperatorKind::WithShared: return rows(*op.children[1]);
      case OperatorKind::SharedScan: return rows(*static_cast<const SharedScan&>(op).source->children[0]);
      case OperatorKind::UnionAll: {
         double total = 0;
         for (auto& child : op.children) total += rows(*child);
         return std::max(1.0, total);
      }
      case OperatorKind::Join: {
         auto& join = static_cast<const Join&>(op);
         if (join.estimatedRows > 0) return join.estimatedRows;
         double left = rows(*op.children[0]), right = rows(*op.children[1]);
         double s = join.condition ? joinSelectivity(*join.condition, left, right) : 1;
         switch (join.joinKind) {
            case JoinKind::Semi: return std::max(1.0, left * partnerFraction(join, left, right));
            case JoinKind::Anti:
            case JoinKind::NullAwareAnti: return std::max(1.0, left * (1 - partnerFraction(join, left, right)));
            case JoinKind::LeftOuter: return std::max(left, left * right * s);
            case JoinKind::FullOuter: return std::max(left + right, left * right * s);
            case JoinKind::Inner: return std::max(1.0, left * right * s);
         }
         return left;
      }
      default: return rows(op.child());
   }
}

}  // namespace kiln
