#include "optimizer/plan_check.h"

#include <algorithm>

#include "optimizer/iu_sets.h"

namespace kiln {

namespace {

class PlanCheck {
   public:
   explicit PlanCheck(const char* after) : after_(after) {}

   void check(const Operator& op) {
      checkChildren(op);
      ancestors_.push_back(&op);
      for (auto& child : op.children) check(*child);
      ancestors_.pop_back();
      checkReads(op);
   }

   [[noreturn]] void fail(const std::string& what) const { throw Error("XX000", std::string("malformed plan after ") + after_ + ": " + what); }

   private:
   void checkChildren(const Operator& op) const {
      size_t count = op.children.size(), least = 1, most = 1;
      switch (op.kind) {
         case OperatorKind::TableScan:
         case OperatorKind::Values:
         case OperatorKind::WorkTableScan:
         case OperatorKind::SharedScan: least = most = 0; break;
         case OperatorKind::IndexScan: least = 0; break;
         case OperatorKind::Join:
         case OperatorKind::RecursiveUnion:
         case OperatorKind::WithShared: least = most = 2; break;
         case OperatorKind::UnionAll: most = SIZE_MAX; break;
         default: break;
      }
      if (count < least || count > most) fail(std::string(kindName(op)) + " with " + std::to_string(count) + " inputs");
      for (auto& child : op.children)
         if (!child) fail(std::string(kindName(op)) + " with an empty input");
   }

   /// `e` (if any) reads only `available`, its column references typed as their IUs.
   void checkExpr(const Expr* e, const std::vector<const IU*>& available, const Operator& op, bool condition = false) const {
      if (!e) return;
      if (condition && e->type.id != TypeId::Boolean) fail(std::string("a condition of ") + kindName(op) + " that is not Boolean");
      if (e->kind == ExprKind::ColumnRef) {
         if (!contains(available, e->iu)) fail(std::string(kindName(op)) + " reads " + e->iu->name + ", which its inputs do not produce");
         if (e->type.id != e->iu->type.id) fail(std::string(kindName(op)) + " reads " + e->iu->name + " as another type");
      }
      for (auto& child : e->children) checkExpr(child.get(), available, op);
   }

   void checkIUs(const std::vector<const IU*>& used, const std::vector<const IU*>& available, const Operator& op) const {
      for (const IU* iu : used)
         if (!iu || !contains(available, iu)) fail(std::string(kindName(op)) + " reads " + (iu ? iu->name : "no IU") + ", which its input does not produce");
   }

   bool isAncestor(const Operator* op) const { return std::find(ancestors_.begin(), ancestors_.end(), op) != ancestors_.end(); }

   void checkReads(const Operator& op) const {
      std::vector<const IU*> input;
      for (auto& child : op.children) {
         std::vector<const IU*> ius = producedIUs(*child);
         input.insert(input.end(), ius.begin(), ius.end());
      }
      switch (op.kind) {
         case OperatorKind::Filter: checkExpr(static_cast<const Filter&>(op).condition.get(), input, op, true); break;
         case OperatorKind::Map: {
            // A computation may read those before it.
            for (auto& c : static_cast<const Map&>(op).computations) {
               checkExpr(c.expression.get(), input, op);
               input.push_back(c.output);
            }
            break;
         }
         case OperatorKind::Aggregate: {
            auto& aggregate = static_cast<const Aggregate&>(op);
            for (auto& key : aggregate.keys) checkExpr(key.expression.get(), input, op);
            for (auto& call : aggregate.aggregates) {
               checkExpr(call.argument.get(), input, op);
               checkExpr(call.delimiter.get(), input, op);
            }
            break;
         }
         case OperatorKind::Sort: {
            for (const SortKey& key : static_cast<const Sort&>(op).keys) checkIUs({key.iu}, input, op);
            break;
         }
         case OperatorKind::Join: {
            auto& join = static_cast<const Join&>(op);
            std::vector<const IU*> left = producedIUs(*op.children[0]);
            for (const IU* iu : producedIUs(*op.children[1]))
               if (contains(left, iu) && join.joinKind != JoinKind::Semi && join.joinKind != JoinKind::Anti && join.joinKind != JoinKind::NullAwareAnti)
                  fail("both sides of a join produce " + iu->name);
            checkExpr(join.condition.get(), input, op, true);
            break;
         }
         case OperatorKind::IndexScan: {
            auto& scan = static_cast<const IndexScan&>(op);
            // Keys and bounds read the input's row (an index join) or nothing; the condition the row too.
            for (auto& key : scan.keys) checkExpr(key.get(), input, op);
            for (auto& alternative : scan.alternatives) checkExpr(alternative.get(), input, op);
            checkExpr(scan.low.get(), input, op);
            checkExpr(scan.high.get(), input, op);
            checkExpr(scan.condition.get(), producedIUs(op), op, true);
            break;
         }
         case OperatorKind::Series: {
            auto& series = static_cast<const Series&>(op);
            checkExpr(series.start.get(), input, op);
            checkExpr(series.stop.get(), input, op);
            break;
         }
         case OperatorKind::Window: {
            for (auto& call : static_cast<const Window&>(op).calls) checkIUs(call.arguments, input, op);
            auto& window = static_cast<const Window&>(op);
            checkIUs(window.partitionBy, input, op);
            for (const SortKey& key : window.orderBy) checkIUs({key.iu}, input, op);
            break;
         }
         case OperatorKind::UnionAll:
         case OperatorKind::RecursiveUnion: {
            auto& columns = op.kind == OperatorKind::UnionAll ? static_cast<const UnionAll&>(op).columns : static_cast<const RecursiveUnion&>(op).columns;
            auto& inputs = op.kind == OperatorKind::UnionAll ? static_cast<const UnionAll&>(op).inputs : static_cast<const RecursiveUnion&>(op).inputs;
            if (inputs.size() != op.children.size()) fail(std::string(kindName(op)) + " with a column list per input missing");
            for (size_t i = 0; i < inputs.size(); ++i) {
               if (inputs[i].size() != columns.size()) fail(std::string(kindName(op)) + " with an input of another width");
               checkIUs(inputs[i], producedIUs(*op.children[i]), op);
            }
            break;
         }
         case OperatorKind::WithShared: {
            checkIUs(static_cast<const WithShared&>(op).columns, producedIUs(*op.children[0]), op);
            break;
         }
         case OperatorKind::SharedScan: {
            auto& scan = static_cast<const SharedScan&>(op);
            if (!isAncestor(scan.source)) fail("a shared scan outside the subplan it reads");
            if (scan.columns.size() != scan.source->columns.size()) fail("a shared scan of another width than its subplan");
            break;
         }
         case OperatorKind::WorkTableScan: {
            if (!isAncestor(static_cast<const WorkTableScan&>(op).source)) fail("a working-table scan outside its recursive union");
            break;
         }
         default: break;
      }
   }

   static const char* kindName(const Operator& op) {
      static const char* names[] = {"TableScan", "IndexScan", "Values", "Filter",         "Map",           "Aggregate",  "Sort",      "Limit", "Join",
                                    "UnionAll",  "Series",    "Window", "RecursiveUnion", "WorkTableScan", "WithShared", "SharedScan"};
      return names[size_t(op.kind)];
   }

   const char* after_;
   std::vector<const Operator*> ancestors_;
};

}  // namespace

void checkPlan(const QueryPlan& plan, const char* after) {
   PlanCheck check(after);
   if (!plan.root) check.fail("no root");
   check.check(*plan.root);
   std::vector<const IU*> result = producedIUs(*plan.root);
   for (const IU* column : plan.columns)
      if (!contains(result, column)) check.fail("the result's column " + column->name + " is not produced by the root");
}

}  // namespace kiln
