// A B+-tree from byte-string keys (OrderedKey) to row numbers; duplicates allowed. Leaves are
// linked, so a range is a walk along them. Deletion removes entries without rebalancing (an
// in-memory tree: underfull nodes cost a little space, not correctness), but a node left empty
// goes: a queue-like index (inserted at one end, deleted at the other, as TPC-C's new_order)
// would otherwise make every range scan walk a growing chain of empty leaves.
#pragma once

#include <algorithm>
#include <memory>
#include <string>
#include <type_traits>
#include "common/fixed_vector.h"
#include "storage/leaf_hints.h"
#include "storage/node_key.h"

namespace kiln {

class BTree {
   public:
   BTree();
   ~BTree();
   void insert(std::string_view key, size_t row) { insert(NodeKey(key), row); }
   void insert(const NodeKey& key, size_t row) { add(key, row, nullptr); }
   /// For a tree without duplicates: inserts (key, row) unless `key` is there; returns the row
   /// holding `key` (`row` if inserted).
   int64_t insertUnique(std::string_view key, size_t row) { return insertUnique(NodeKey(key), row); }
   int64_t insertUnique(const NodeKey& key, size_t row) {
      int64_t holder = -1;
      return add(key, row, &holder) ? int64_t(row) : holder;
   }
   /// For a tree without duplicates: the row of `key`, -1 if there is none.
   int64_t findUnique(std::string_view key) const { return findUnique(NodeKey(key)); }
   int64_t findUnique(const NodeKey& key) const;
   void erase(std::string_view key, size_t row) { erase(NodeKey(key), row); }
   void erase(const NodeKey& key, size_t row);
   /// Rows whose key is in [low, high] (bounds optional, inclusive or not), in key order.
   /// `visit(row)` may return false to stop the walk.
   template <typename F>
   void scan(const std::string* low, bool lowInclusive, const std::string* high, bool highInclusive, F&& visit) const;
   /// Rows whose key is in [low, high), in descending key order; `visit` as for scan.
   template <typename F>
   void scanBackward(const std::string& low, const std::string& high, F&& visit) const {
      scanBackward(*root_, NodeKey(low), NodeKey(high), visit);
   }
   size_t size() const { return size_; }
   /// How many leaves hold the keys (space used: full leaves take the fewest).
   size_t leafCount() const;
   /// Keys a node holds at most.
   static constexpr size_t capacity = 64;

   private:
   // The keys inside the node: a search misses the cache once per level, not twice.
   struct Node {
      bool leaf = true;
      FixedVector<NodeKey, capacity + 1> keys;  // one over capacity until it splits
      FixedVector<size_t, capacity + 1> rows;   // leaf: one per key
      FixedVector<std::unique_ptr<Node>, capacity + 2> children;  // inner: keys.size() + 1
      Node* next = nullptr;  // leaf chain
      Node* previous = nullptr;
      bool empty() const { return leaf ? keys.empty() : children.empty(); }
      // From huge pages (slab_pool.h), as the columns are: the nodes of a large index are
      // about as much memory as its columns.
      static void* operator new(size_t size);
      static void operator delete(void* node);
   };
   /// Starts loading all of a node's keys: a binary search over them would otherwise miss the
   /// cache at each of its steps, one after the other.
   static void prefetchKeys(const Node& node) {
      const char* keys = reinterpret_cast<const char*>(&node.keys);
      // Unrolled: a loop's counting costs twice the prefetches themselves, on every level.
#pragma GCC unroll 64
      for (size_t offset = 0; offset < sizeof(node.keys); offset += 64) __builtin_prefetch(keys + offset);
   }
   /// Inserts into `node`, whose keys lie in [low, high) (a missing bound: unbounded); returns a
   /// new right sibling (and its separator) when it split. With `holder`, an equal key already
   /// there is not added to, and its row goes to *holder.
   std::unique_ptr<Node> insertInto(Node& node, const NodeKey& key, size_t row, NodeKey& separator, int64_t* holder, const NodeKey* low, const NodeKey* high);
   /// Inserts into `leaf` at its place for `key`; false (and *holder set) if `holder` is given
   /// and an equal key is there.
   bool insertIntoLeaf(Node& leaf, const NodeKey& key, size_t row, int64_t* holder);
   /// Adds (key, row) unless `holder` (given as -1) receives the row of an equal key; true if added.
   bool add(const NodeKey& key, size_t row, int64_t* holder);
   /// Erases the entry (key, row) below `node`, and the children it leaves empty; false when
   /// there is no such entry.
   bool eraseFrom(Node& node, const NodeKey& key, size_t row);
   const Node* leafFor(const NodeKey* key) const;
   /// Returns false once the walk is over (a key below `low`, or the visitor said stop).
   template <typename F>
   static bool scanBackward(const Node& node, const NodeKey& low, const NodeKey& high, F& visit);
   template <typename F>
   static bool proceed(F& visit, size_t row) {
      if constexpr (std::is_same_v<decltype(visit(row)), bool>) return visit(row);
      else return visit(row), true;
   }

   // Where the last key went into a leaf, and whether right after the one before it (a run of
   // ascending keys): the leaf's split point (insertInto).
   struct LastInsert {
      const Node* leaf = nullptr;
      size_t at = 0;
      bool followsPrevious = false;
   };

   std::unique_ptr<Node> root_;
   size_t size_ = 0;
   LeafHints<Node> hints_;
   LastInsert lastInsert_;
};

template <typename F>
void BTree::scan(const std::string* lowBytes, bool lowInclusive, const std::string* highBytes, bool highInclusive, F&& visit) const {
   NodeKey lowKey(lowBytes ? std::string_view(*lowBytes) : std::string_view()), highKey(highBytes ? std::string_view(*highBytes) : std::string_view());
   const NodeKey* low = lowBytes ? &lowKey : nullptr;
   const NodeKey* high = highBytes ? &highKey : nullptr;
   const Node* leaf = leafFor(low);
   size_t i = 0;
   if (low)
      i = size_t((lowInclusive ? std::lower_bound(leaf->keys.begin(), leaf->keys.end(), *low) : std::upper_bound(leaf->keys.begin(), leaf->keys.end(), *low)) -
                 leaf->keys.begin());
   // Past the first leaf every key is above `low` except duplicates of it (exclusive bound).
   for (; leaf; leaf = leaf->next, i = 0) {
      for (; i < leaf->keys.size(); ++i) {
         const NodeKey& key = leaf->keys[i];
         if (low && !lowInclusive && key == *low) continue;
         if (high && (highInclusive ? *high < key : !(key < *high))) return;
         if (!proceed(visit, leaf->rows[i])) return;
      }
   }
}

template <typename F>
bool BTree::scanBackward(const Node& node, const NodeKey& low, const NodeKey& high, F& visit) {
   // Keys below `high` lie in the children up to the first separator not below it.
   prefetchKeys(node);
   size_t end = size_t(std::lower_bound(node.keys.begin(), node.keys.end(), high) - node.keys.begin());
   if (node.leaf) {
      for (size_t i = end; i-- > 0;) {
         if (node.keys[i] < low) return false;
         if (!proceed(visit, node.rows[i])) return false;
      }
      return true;
   }
   for (size_t child = end + 1; child-- > 0;)
      if (!scanBackward(*node.children[child], low, high, visit)) return false;
   return true;
}

}  // namespace kiln
