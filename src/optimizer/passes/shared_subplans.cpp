#include "optimizer/passes/shared_subplans.h"

#include <algorithm>
#include <numeric>
#include <unordered_map>

namespace kiln {

namespace {

/// Compares two subplans operator by operator. An IU of one corresponds to an IU of the other
/// when the same operator position makes them; expressions must read corresponding IUs, so a
/// subplan reading an IU made outside it (a correlated reference) matches none.
class SubplanMatcher {
   public:
   bool matches(const Operator& a, const Operator& b);

   private:
   bool define(const IU* a, const IU* b) {
      if (!(a->type == b->type)) return false;
      auto [it, inserted] = correspondence_.emplace(a, b);
      return inserted || it->second == b;
   }
   bool defineAll(const std::vector<const IU*>& a, const std::vector<const IU*>& b) {
      if (a.size() != b.size()) return false;
      for (size_t i = 0; i < a.size(); ++i)
         if (!define(a[i], b[i])) return false;
      return true;
   }
   bool corresponds(const IU* a, const IU* b) const {
      auto it = correspondence_.find(a);
      return it != correspondence_.end() && it->second == b;
   }
   bool same(const Expr* a, const Expr* b) const {
      if (!a || !b) return a == b;
      return a->equals(*b, [this](const IU* x, const IU* y) { return corresponds(x, y); });
   }

   std::unordered_map<const IU*, const IU*> correspondence_;
};

bool SubplanMatcher::matches(const Operator& a, const Operator& b) {
   if (a.kind != b.kind || a.children.size() != b.children.size()) return false;
   for (size_t i = 0; i < a.children.size(); ++i)
      if (!matches(*a.children[i], *b.children[i])) return false;
   switch (a.kind) {
      case OperatorKind::TableScan: {
         auto &x = static_cast<const TableScan&>(a), &y = static_cast<const TableScan&>(b);
         // Row positions serve UPDATE and DELETE, which change the table they read.
         return x.table == y.table && !x.rowId && !y.rowId && defineAll(x.columns, y.columns);
      }
      case OperatorKind::Values: {
         auto &x = static_cast<const Values&>(a), &y = static_cast<const Values&>(b);
         if (x.rows.size() != y.rows.size()) return false;
         for (size_t r = 0; r < x.rows.size(); ++r) {
            if (x.rows[r].size() != y.rows[r].size()) return false;
            for (size_t c = 0; c < x.rows[r].size(); ++c)
               if (!same(x.rows[r][c].get(), y.rows[r][c].get())) return false;
         }
         return defineAll(x.columns, y.columns);
      }
      case OperatorKind::Filter: return same(static_cast<const Filter&>(a).condition.get(), static_cast<const Filter&>(b).condition.get());
      case OperatorKind::Map: {
         auto &x = static_cast<const Map&>(a), &y = static_cast<const Map&>(b);
         if (x.computations.size() != y.computations.size()) return false;
         for (size_t i = 0; i < x.computations.size(); ++i)
            if (!same(x.computations[i].expression.get(), y.computations[i].expression.get()) || !define(x.computations[i].output, y.computations[i].output))
               return false;
         return true;
      }
      case OperatorKind::Aggregate: {
         auto &x = static_cast<const Aggregate&>(a), &y = static_cast<const Aggregate&>(b);
         if (x.keys.size() != y.keys.size() || x.aggregates.size() != y.aggregates.size()) return false;
         for (size_t i = 0; i < x.keys.size(); ++i)
            if (!same(x.keys[i].expression.get(), y.keys[i].expression.get()) || !define(x.keys[i].output, y.keys[i].output)) return false;
         for (size_t i = 0; i < x.aggregates.size(); ++i) {
            const AggregateCall &f = x.aggregates[i], &g = y.aggregates[i];
            if (f.function != g.function || f.distinct != g.distinct || !same(f.argument.get(), g.argument.get()) ||
                !same(f.delimiter.get(), g.delimiter.get()) || !define(f.output, g.output))
               return false;
         }
         return true;
      }
      case OperatorKind::Sort: {
         auto &x = static_cast<const Sort&>(a), &y = static_cast<const Sort&>(b);
         return std::equal(x.keys.begin(), x.keys.end(), y.keys.begin(), y.keys.end(), [this](const SortKey& k, const SortKey& l) {
            return corresponds(k.iu, l.iu) && k.descending == l.descending && k.nullsFirst == l.nullsFirst;
         });
      }
      case OperatorKind::Limit: {
         auto &x = static_cast<const Limit&>(a), &y = static_cast<const Limit&>(b);
         return x.limit == y.limit && x.offset == y.offset;
      }
      case OperatorKind::Join: {
         auto &x = static_cast<const Join&>(a), &y = static_cast<const Join&>(b);
         return x.joinKind == y.joinKind && x.buildLeft == y.buildLeft && same(x.condition.get(), y.condition.get());
      }
      case OperatorKind::UnionAll: {
         auto &x = static_cast<const UnionAll&>(a), &y = static_cast<const UnionAll&>(b);
         for (size_t i = 0; i < x.inputs.size(); ++i)
            if (!std::equal(x.inputs[i].begin(), x.inputs[i].end(), y.inputs[i].begin(), y.inputs[i].end(),
                            [this](const IU* k, const IU* l) { return corresponds(k, l); }))
               return false;
         return defineAll(x.columns, y.columns);
      }
      // Not compared: WITH RECURSIVE's parts, which run again and again, windows and series;
      // index scans come later.
      default: return false;
   }
}

/// Tuples all operators of a subplan are expected to produce: what computing it costs.
double work(const Operator& op, const CardinalityEstimator& estimates) {
   double total = estimates.rows(op);
   for (auto& child : op.children) total += work(*child, estimates);
   return total;
}

/// Sharing writes the result once and reads it at each use, and saves computing it at each use
/// but one. A buffered row is taken to cost about as much as two tuples an operator produces.
bool worthSharing(const Operator& subplan, size_t uses, const CardinalityEstimator& estimates) {
   constexpr double bufferedRowCost = 2;
   return double(uses - 1) * work(subplan, estimates) > bufferedRowCost * double(uses + 1) * estimates.rows(subplan);
}

/// An operator of the plan in preorder: where it hangs and how many operators its subtree has,
/// so that the subtree is the preorder range [index, index + size).
struct Position {
   std::unique_ptr<Operator>* slot;
   size_t size = 1;
};

size_t collectPositions(std::unique_ptr<Operator>& slot, std::vector<Position>& out) {
   size_t index = out.size();
   out.push_back({&slot});
   for (auto& child : slot->children) out[index].size += collectPositions(child, out);
   return out[index].size;
}

}  // namespace

std::unique_ptr<Operator> shareRepeatedSubplans(std::unique_ptr<Operator> root, const CardinalityEstimator& estimates) {
   std::vector<Position> positions;
   collectPositions(root, positions);
   // The largest subtrees first: a subtree of one already shared is not shared again.
   std::vector<size_t> bySize(positions.size());
   std::iota(bySize.begin(), bySize.end(), 0);
   std::stable_sort(bySize.begin(), bySize.end(), [&](size_t a, size_t b) { return positions[a].size > positions[b].size; });
   std::vector<bool> taken(positions.size());
   std::vector<std::vector<size_t>> groups;  // the positions of each shared subplan's uses
   for (size_t i = 0; i < bySize.size(); ++i) {
      size_t first = bySize[i];
      // A single operator (a scan) costs no more than reading its result back.
      if (positions[first].size < 2) break;
      if (taken[first]) continue;
      const Operator& subplan = **positions[first].slot;
      std::vector<size_t> uses{first};
      // Alike subtrees have the same size, and of the same size, none lies inside another.
      for (size_t j = i + 1; j < bySize.size() && positions[bySize[j]].size == positions[first].size; ++j)
         if (!taken[bySize[j]] && SubplanMatcher().matches(subplan, **positions[bySize[j]].slot)) uses.push_back(bySize[j]);
      if (uses.size() < 2 || !worthSharing(subplan, uses.size(), estimates)) continue;
      for (size_t use : uses) std::fill_n(taken.begin() + long(use), positions[use].size, true);
      groups.push_back(std::move(uses));
   }
   for (auto& uses : groups) {
      auto shared = std::make_unique<WithShared>();
      shared->id = int(&uses - groups.data()) + 1;
      for (size_t use : uses) {
         std::unique_ptr<Operator>& slot = *positions[use].slot;
         auto scan = std::make_unique<SharedScan>(shared.get());
         scan->columns = producedIUs(*slot);
         if (shared->children.empty()) {
            shared->columns = scan->columns;
            shared->children.push_back(std::move(slot));
         }
         slot = std::move(scan);
      }
      shared->children.push_back(std::move(root));
      root = std::move(shared);
   }
   return root;
}

}  // namespace kiln
