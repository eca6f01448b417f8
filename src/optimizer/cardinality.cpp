#include "optimizer/cardinality.h"

#include <algorithm>

#include "storage/table.h"

namespace kiln {

namespace {

bool readsColumnAndConstant(const Expr& e) {
   std::vector<const IU*> ius;
   e.collectIUs(ius);
   return ius.size() == 1;
}

}  // namespace

double selectivity(const Expr& e) {
   // Textbook defaults until statistics refine them.
   switch (e.kind) {
      case ExprKind::Comparison:
         switch (e.compareOp()) {
            case CompareOp::Eq:
            case CompareOp::IsNotDistinct: return readsColumnAndConstant(e) ? 0.05 : 0.1;
            case CompareOp::Ne:
            case CompareOp::IsDistinct: return 0.9;
            default: return 0.33;
         }
      case ExprKind::And: {
         double s = 1;
         for (auto& c : e.children) s *= selectivity(*c);
         return s;
      }
      case ExprKind::Or: {
         double s = 0;
         for (auto& c : e.children) s += selectivity(*c);
         return std::min(1.0, s);
      }
      case ExprKind::Not: return 1 - selectivity(*e.children[0]);
      case ExprKind::Like: return e.negated ? 0.9 : 0.1;
      case ExprKind::InList: return e.negated ? 0.9 : std::min(1.0, 0.05 * double(e.children.size() - 1));
      case ExprKind::IsNull: return e.negated ? 0.95 : 0.05;
      default: return 0.5;
   }
}

double estimateRows(const Operator& op) {
   switch (op.kind) {
      case OperatorKind::TableScan: return std::max<double>(1, double(static_cast<const TableScan&>(op).table->rowCount()));
      case OperatorKind::Values: return std::max<double>(1, double(static_cast<const Values&>(op).rows.size()));
      case OperatorKind::Filter: return std::max(1.0, estimateRows(op.child()) * selectivity(*static_cast<const Filter&>(op).condition));
      case OperatorKind::Aggregate: {
         auto& aggregate = static_cast<const Aggregate&>(op);
         if (aggregate.keys.empty()) return 1;
         return std::max(1.0, estimateRows(op.child()) / 10);
      }
      case OperatorKind::Limit: {
         auto& limit = static_cast<const Limit&>(op);
         return std::min(estimateRows(op.child()), double(limit.limit));
      }
      case OperatorKind::Join: {
         auto& join = static_cast<const Join&>(op);
         if (join.estimatedRows > 0) return join.estimatedRows;
         double left = estimateRows(*op.children[0]), right = estimateRows(*op.children[1]);
         switch (join.joinKind) {
            case JoinKind::Semi:
            case JoinKind::Anti:
            case JoinKind::NullAwareAnti: return std::max(1.0, left / 2);
            case JoinKind::LeftOuter: return std::max(left, join.condition ? std::max(left, right) : left * right);
            case JoinKind::Inner: return join.condition ? std::max(left, right) : left * right;
         }
         return left;
      }
      default: return estimateRows(op.child());
   }
}

}  // namespace kiln
