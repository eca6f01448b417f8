// The leaves that recent inserts into a B+-tree went to, each with the range of keys it takes,
// so that an insert into one of them skips the descent from the root (a cache miss or more per
// level). Keys often come as several interleaved ascending runs: order numbers counting up in
// each of many districts, a transaction picking one at random. One remembered leaf serves a
// single run; these serve as many runs as they hold leaves.
// A remembered range is never wider than its leaf's: a leaf that splits (its range shrinks) or
// goes must be forgotten. Ranges are kept for keys held inside NodeKey only (no allocation).
#pragma once

#include <algorithm>
#include <cstdint>
#include <vector>

#include "storage/node_key.h"

namespace kiln {

template <typename Leaf>
class LeafHints {
   public:
   /// Leaves remembered at most (the one used longest ago makes room).
   static constexpr size_t capacity = 64;

   /// The remembered leaf whose range holds `key`, or nullptr.
   Leaf* find(const NodeKey& key) {
      if (hints_.empty()) return nullptr;
      // The leaf of the last hit first: a statement's rows mostly go to one leaf after another.
      if (last_ < hints_.size() && hints_[last_].covers(key)) return use(last_);
      // The last hint whose low bound is not above `key` (ranges do not overlap).
      auto after = std::upper_bound(hints_.begin(), hints_.end(), key, [](const NodeKey& k, const Hint& h) { return h.hasLow && k < h.low; });
      if (after == hints_.begin()) return nullptr;
      size_t at = size_t(after - hints_.begin()) - 1;
      return hints_[at].covers(key) ? use(at) : nullptr;
   }
   /// Remembers that `leaf` takes the keys in [low, high) (a missing bound: unbounded).
   void note(Leaf* leaf, const NodeKey* low, const NodeKey* high) {
      if ((low && !low->isInline()) || (high && !high->isInline())) return;
      forget(leaf);
      if (hints_.size() == capacity) {
         auto oldest = std::min_element(hints_.begin(), hints_.end(), [](const Hint& a, const Hint& b) { return a.used < b.used; });
         hints_.erase(oldest);
      }
      Hint hint{leaf, low ? *low : NodeKey(), high ? *high : NodeKey(), low != nullptr, high != nullptr, ++clock_};
      auto lowBefore = [](const Hint& a, const Hint& b) { return b.hasLow && (!a.hasLow || a.low < b.low); };
      auto at = std::upper_bound(hints_.begin(), hints_.end(), hint, lowBefore);
      last_ = size_t(hints_.insert(at, std::move(hint)) - hints_.begin());
   }
   /// Forgets `leaf` (it split or went).
   void forget(const Leaf* leaf) {
      for (size_t i = 0; i < hints_.size(); ++i)
         if (hints_[i].leaf == leaf) {
            hints_.erase(hints_.begin() + long(i));
            return;
         }
   }

   private:
   struct Hint {
      Leaf* leaf;
      NodeKey low, high;
      bool hasLow, hasHigh;
      uint64_t used;  // when last found (a tick of clock_)
      bool covers(const NodeKey& key) const { return (!hasLow || !(key < low)) && (!hasHigh || key < high); }
   };
   Leaf* use(size_t at) {
      last_ = at;
      hints_[at].used = ++clock_;
      return hints_[at].leaf;
   }

   std::vector<Hint> hints_;  // by low bound, the unbounded one first
   size_t last_ = 0;
   uint64_t clock_ = 0;
};

}  // namespace kiln
