// A B+-tree from byte-string keys (OrderedKey) to row numbers; duplicates allowed. Leaves are
// linked, so a range is a walk along them. Deletion removes entries without rebalancing (an
// in-memory tree: underfull nodes cost a little space, not correctness).
#pragma once

#include <algorithm>
#include <memory>
#include <string>
#include <vector>

namespace kiln {

class BTree {
   public:
   BTree();
   ~BTree();
   void insert(const std::string& key, size_t row);
   void erase(const std::string& key, size_t row);
   /// Rows whose key is in [low, high] (bounds optional, inclusive or not), in key order.
   template <typename F>
   void scan(const std::string* low, bool lowInclusive, const std::string* high, bool highInclusive, F&& visit) const;
   size_t size() const { return size_; }

   private:
   static constexpr size_t capacity = 64;
   struct Node {
      bool leaf = true;
      std::vector<std::string> keys;
      std::vector<size_t> rows;                     // leaf: one per key
      std::vector<std::unique_ptr<Node>> children;  // inner: keys.size() + 1
      Node* next = nullptr;                         // leaf chain
   };
   /// Inserts into `node`; returns a new right sibling (and its separator) when it split.
   std::unique_ptr<Node> insertInto(Node& node, const std::string& key, size_t row, std::string& separator);
   const Node* leafFor(const std::string* key) const;

   std::unique_ptr<Node> root_;
   size_t size_ = 0;
};

template <typename F>
void BTree::scan(const std::string* low, bool lowInclusive, const std::string* high, bool highInclusive, F&& visit) const {
   const Node* leaf = leafFor(low);
   size_t i = low ? size_t(std::lower_bound(leaf->keys.begin(), leaf->keys.end(), *low) - leaf->keys.begin()) : 0;
   for (; leaf; leaf = leaf->next, i = 0) {
      for (; i < leaf->keys.size(); ++i) {
         const std::string& key = leaf->keys[i];
         if (low && (key < *low || (!lowInclusive && key == *low))) continue;
         if (high && (key > *high || (!highInclusive && key == *high))) return;
         visit(leaf->rows[i]);
      }
   }
}

}  // namespace kiln
