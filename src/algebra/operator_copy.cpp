#include "algebra/operator_copy.h"

namespace kiln {

namespace {

class Copier {
   public:
   Copier(IUSet& ius, std::unordered_map<const IU*, const IU*>& renamed) : ius_(ius), renamed_(renamed) {}

   /// Null once anything could not be copied.
   std::unique_ptr<Operator> copy(const Operator& op) {
      std::unique_ptr<Operator> result = copyOperator(op);
      if (!result) return nullptr;
      result->estimatedRows = op.estimatedRows;
      return failed_ ? nullptr : std::move(result);
   }

   private:
   const IU* own(const IU* iu) {
      if (!iu) return nullptr;
      const IU* fresh = ius_.make(iu->type, iu->nullable, iu->name);
      renamed_[iu] = fresh;
      return fresh;
   }
   const IU* read(const IU* iu) {
      if (!iu) return nullptr;
      auto found = renamed_.find(iu);
      if (found != renamed_.end()) return found->second;
      failed_ = true;  // produced outside the copied tree
      return iu;
   }
   ExprPtr read(const ExprPtr& e) {
      if (!e) return nullptr;
      ExprPtr copy = e->clone();
      reread(*copy);
      return copy;
   }
   void reread(Expr& e) {
      if (e.kind == ExprKind::ColumnRef) e.iu = read(e.iu);
      for (auto& child : e.children) reread(*child);
   }
   /// Copies the children into `to`: false when one could not be copied.
   bool copyChildren(const Operator& from, Operator& to) {
      for (auto& child : from.children) {
         auto copied = copy(*child);
         if (!copied) return false;
         to.children.push_back(std::move(copied));
      }
      return true;
   }

   std::unique_ptr<Operator> copyOperator(const Operator& op);

   IUSet& ius_;
   std::unordered_map<const IU*, const IU*>& renamed_;
   bool failed_ = false;
};

std::unique_ptr<Operator> Copier::copyOperator(const Operator& op) {
   switch (op.kind) {
      case OperatorKind::TableScan: {
         auto& scan = static_cast<const TableScan&>(op);
         auto copy = std::make_unique<TableScan>(scan.table);
         for (const IU* iu : scan.columns) copy->columns.push_back(own(iu));
         copy->rowId = own(scan.rowId);
         return copy;
      }
      case OperatorKind::Values: {
         auto& values = static_cast<const Values&>(op);
         auto copy = std::make_unique<Values>();
         for (auto& row : values.rows) {
            copy->rows.emplace_back();
            for (auto& e : row) copy->rows.back().push_back(read(e));
         }
         for (const IU* iu : values.columns) copy->columns.push_back(own(iu));
         return copy;
      }
      case OperatorKind::Filter: {
         auto copy = std::make_unique<Filter>();
         if (!copyChildren(op, *copy)) return nullptr;
         copy->condition = read(static_cast<const Filter&>(op).condition);
         copy->prefilterInScan = static_cast<const Filter&>(op).prefilterInScan;
         return copy;
      }
      case OperatorKind::Map: {
         auto copy = std::make_unique<Map>();
         if (!copyChildren(op, *copy)) return nullptr;
         for (auto& c : static_cast<const Map&>(op).computations) {
            ExprPtr e = read(c.expression);  // before its output exists: it reads only the input
            copy->computations.push_back({own(c.output), std::move(e)});
         }
         return copy;
      }
      case OperatorKind::Aggregate: {
         auto& aggregate = static_cast<const Aggregate&>(op);
         auto copy = std::make_unique<Aggregate>();
         if (!copyChildren(op, *copy)) return nullptr;
         for (auto& k : aggregate.keys) {
            ExprPtr e = read(k.expression);
            copy->keys.push_back({own(k.output), std::move(e)});
         }
         for (auto& a : aggregate.aggregates) {
            ExprPtr argument = read(a.argument);
            ExprPtr delimiter = read(a.delimiter);
            copy->aggregates.push_back({a.function, std::move(argument), own(a.output), a.distinct, std::move(delimiter), a.descending});
         }
         return copy;
      }
      case OperatorKind::Sort: {
         auto copy = std::make_unique<Sort>();
         if (!copyChildren(op, *copy)) return nullptr;
         for (auto& k : static_cast<const Sort&>(op).keys) copy->keys.push_back({read(k.iu), k.descending, k.nullsFirst});
         return copy;
      }
      case OperatorKind::Limit: {
         auto& limit = static_cast<const Limit&>(op);
         auto copy = std::make_unique<Limit>();
         if (!copyChildren(op, *copy)) return nullptr;
         copy->limit = limit.limit;
         copy->offset = limit.offset;
         return copy;
      }
      case OperatorKind::Join: {
         auto& join = static_cast<const Join&>(op);
         auto copy = std::make_unique<Join>(join.joinKind);
         if (!copyChildren(op, *copy)) return nullptr;
         copy->condition = read(join.condition);
         copy->buildLeft = join.buildLeft;
         copy->probeKeyBitmap = join.probeKeyBitmap;
         return copy;
      }
      case OperatorKind::UnionAll: {
         auto& unionAll = static_cast<const UnionAll&>(op);
         auto copy = std::make_unique<UnionAll>();
         if (!copyChildren(op, *copy)) return nullptr;
         for (auto& inputs : unionAll.inputs) {
            copy->inputs.emplace_back();
            for (const IU* iu : inputs) copy->inputs.back().push_back(read(iu));
         }
         for (const IU* iu : unionAll.columns) copy->columns.push_back(own(iu));
         return copy;
      }
      case OperatorKind::Series: {
         auto& series = static_cast<const Series&>(op);
         auto copy = std::make_unique<Series>();
         if (!copyChildren(op, *copy)) return nullptr;
         copy->start = read(series.start);
         if (series.stop) copy->stop = read(series.stop);
         copy->step = series.step;
         copy->interval = series.interval;
         copy->unnest = series.unnest;
         copy->keepEmpty = series.keepEmpty;
         copy->output = own(series.output);
         if (series.ordinality) copy->ordinality = own(series.ordinality);
         return copy;
      }
      // Index scans and shared subplans come only from the optimizer; a value a window or a
      // recursive query computes has no domain (yet).
      case OperatorKind::IndexScan:
      case OperatorKind::WithShared:
      case OperatorKind::SharedScan:
      case OperatorKind::Window:
      case OperatorKind::RecursiveUnion:
      case OperatorKind::WorkTableScan: return nullptr;
   }
   return nullptr;
}

}  // namespace

std::unique_ptr<Operator> copyWithOwnIUs(const Operator& op, IUSet& ius, std::unordered_map<const IU*, const IU*>& renamed) {
   return Copier(ius, renamed).copy(op);
}

}  // namespace kiln
