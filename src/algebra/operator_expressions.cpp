#include "algebra/operator_expressions.h"

namespace kiln {

namespace {

void visitCall(AggregateCall& call, const std::function<void(ExprPtr&)>& visit) {
   if (call.argument) visit(call.argument);
   if (call.delimiter) visit(call.delimiter);
   for (AggregateOrder& order : call.order) visit(order.expression);
}

}  // namespace

void forEachExpression(Operator& op, const std::function<void(ExprPtr&)>& visit) {
   auto visitIf = [&](ExprPtr& e) {
      if (e) visit(e);
   };
   switch (op.kind) {
      case OperatorKind::IndexScan: {
         auto& scan = static_cast<IndexScan&>(op);
         for (ExprPtr& key : scan.keys) visit(key);
         for (ExprPtr& alternative : scan.alternatives) visit(alternative);
         visitIf(scan.low);
         visitIf(scan.high);
         visitIf(scan.condition);
         break;
      }
      case OperatorKind::Values:
         for (auto& row : static_cast<Values&>(op).rows)
            for (ExprPtr& e : row) visit(e);
         break;
      case OperatorKind::Filter: visitIf(static_cast<Filter&>(op).condition); break;
      case OperatorKind::Map:
         for (Computation& c : static_cast<Map&>(op).computations) visit(c.expression);
         break;
      case OperatorKind::Aggregate: {
         auto& aggregate = static_cast<Aggregate&>(op);
         for (Computation& key : aggregate.keys) visit(key.expression);
         for (AggregateCall& call : aggregate.aggregates) visitCall(call, visit);
         break;
      }
      case OperatorKind::Join: visitIf(static_cast<Join&>(op).condition); break;
      case OperatorKind::Series: {
         auto& series = static_cast<Series&>(op);
         visitIf(series.start);
         visitIf(series.stop);
         break;
      }
      case OperatorKind::Window:
         for (WindowCall& call : static_cast<Window&>(op).calls) visitCall(call.aggregate, visit);
         break;
      case OperatorKind::TableScan:
      case OperatorKind::Sort:
      case OperatorKind::Limit:
      case OperatorKind::UnionAll:
      case OperatorKind::RecursiveUnion:
      case OperatorKind::WorkTableScan:
      case OperatorKind::WithShared:
      case OperatorKind::SharedScan: break;
   }
   for (auto& child : op.children) forEachExpression(*child, visit);
}

}  // namespace kiln
