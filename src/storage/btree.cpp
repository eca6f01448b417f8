#include "storage/btree.h"

#include <algorithm>
#include <new>

#include "common/slab_pool.h"

namespace kiln {

namespace {

/// The pool of nodes; `nodeSize` is sizeof(BTree::Node), which is private to the tree.
SlabPool& nodePool(size_t nodeSize) {
   static SlabPool* pool = new SlabPool(nodeSize);  // never destroyed: trees may go during exit
   return *pool;
}

}  // namespace

void* BTree::Node::operator new(size_t) { return nodePool(sizeof(Node)).allocate(); }
void BTree::Node::operator delete(void* node) { nodePool(sizeof(Node)).release(node); }

BTree::BTree() : root_(std::make_unique<Node>()) {}
BTree::~BTree() = default;

const BTree::Node* BTree::leafFor(const NodeKey* key) const {
   const Node* node = root_.get();
   prefetchKeys(*node);
   while (!node->leaf) {
      // The leftmost child that may hold `key` (duplicates may straddle a separator).
      size_t child = key ? size_t(std::lower_bound(node->keys.begin(), node->keys.end(), *key) - node->keys.begin()) : 0;
      node = node->children[child].get();
      prefetchKeys(*node);
   }
   return node;
}

bool BTree::insertIntoLeaf(Node& leaf, const NodeKey& key, size_t row, int64_t* holder) {
   // Keys that come in ascending order (most inserts) go to the end: one comparison, no search.
   size_t at = leaf.keys.empty() || leaf.keys.end()[-1] < key ? leaf.keys.size()
                                                              : size_t(std::upper_bound(leaf.keys.begin(), leaf.keys.end(), key) - leaf.keys.begin());
   // An equal key sorts right of a separator equal to it, so it is in this leaf, just before `at`.
   if (holder && at > 0 && leaf.keys[at - 1] == key) {
      *holder = int64_t(leaf.rows[at - 1]);
      return false;
   }
   leaf.keys.insert(leaf.keys.begin() + long(at), key);
   leaf.rows.insert(leaf.rows.begin() + long(at), row);
   lastInsert_.followsPrevious = lastInsert_.leaf == &leaf && at == lastInsert_.at + 1;
   lastInsert_.leaf = &leaf;
   lastInsert_.at = at;
   return true;
}

std::unique_ptr<BTree::Node> BTree::insertInto(Node& node, const NodeKey& key, size_t row, NodeKey& separator, int64_t* holder, const NodeKey* low,
                                               const NodeKey* high) {
   prefetchKeys(node);
   bool appended;  // the new key (or separator) went to the end
   if (node.leaf) {
      if (!insertIntoLeaf(node, key, row, holder)) return nullptr;
      appended = node.keys.end()[-1] == key;  // equal keys go after those there
      // A key at the end of its leaf may be one of a run, whose next keys come here too (keys
      // anywhere come at random). A leaf that splits takes fewer keys from now on.
      if (node.keys.size() > capacity) hints_.forget(&node);
      else if (appended) hints_.note(&node, low, high);
   } else {
      size_t at = size_t(std::upper_bound(node.keys.begin(), node.keys.end(), key) - node.keys.begin());
      NodeKey childSeparator;
      auto sibling = insertInto(*node.children[at], key, row, childSeparator, holder, at > 0 ? &node.keys[at - 1] : low,
                                at < node.keys.size() ? &node.keys[at] : high);
      if (!sibling) return nullptr;
      node.keys.insert(node.keys.begin() + long(at), std::move(childSeparator));
      node.children.insert(node.children.begin() + long(at) + 1, std::move(sibling));
      appended = at + 1 == node.keys.size();
   }
   if (node.keys.size() <= capacity) return nullptr;
   // Split in half; a leaf copies its middle key up, an inner node moves it up. Keys that come
   // in ascending order (per district in TPC-C's order lines) would leave every node half empty:
   // a node that overflows at its end keeps all but its last key, and the new node starts with it.
   // Ascending keys may also come in the middle of a leaf (one of several runs through an index,
   // one per district, say): the leaf is split right after the new key, so that the run's next
   // keys go to the end of a leaf, not before keys that each insert would move.
   auto right = std::make_unique<Node>();
   right->leaf = node.leaf;
   bool runInside = node.leaf && lastInsert_.leaf == &node && lastInsert_.followsPrevious;
   size_t middle = appended ? node.keys.size() - (node.leaf ? 1 : 2) : runInside ? lastInsert_.at + 1 : node.keys.size() / 2;
   if (node.leaf && lastInsert_.leaf == &node && lastInsert_.at >= middle) lastInsert_ = {right.get(), lastInsert_.at - middle, false};
   if (node.leaf) separator = node.keys[middle];
   else separator = std::move(node.keys[middle]);
   if (node.leaf) {
      right->keys.assign(std::make_move_iterator(node.keys.begin() + long(middle)), std::make_move_iterator(node.keys.end()));
      right->rows.assign(node.rows.begin() + long(middle), node.rows.end());
      node.keys.resize(middle);
      node.rows.resize(middle);
      right->next = node.next;
      right->previous = &node;
      if (node.next) node.next->previous = right.get();
      node.next = right.get();
   } else {
      right->keys.assign(std::make_move_iterator(node.keys.begin() + long(middle) + 1), std::make_move_iterator(node.keys.end()));
      for (size_t c = middle + 1; c < node.children.size(); ++c) right->children.push_back(std::move(node.children[c]));
      node.keys.resize(middle);
      node.children.resize(middle + 1);
   }
   return right;
}

size_t BTree::leafCount() const {
   size_t leaves = 0;
   for (const Node* leaf = leafFor(nullptr); leaf; leaf = leaf->next) ++leaves;
   return leaves;
}

int64_t BTree::findUnique(const NodeKey& key) const {
   const Node* node = root_.get();
   // Down the way an insert of `key` goes (see insertInto).
   prefetchKeys(*node);
   while (!node->leaf) {
      node = node->children[size_t(std::upper_bound(node->keys.begin(), node->keys.end(), key) - node->keys.begin())].get();
      prefetchKeys(*node);
   }
   size_t at = size_t(std::upper_bound(node->keys.begin(), node->keys.end(), key) - node->keys.begin());
   return at > 0 && node->keys[at - 1] == key ? int64_t(node->rows[at - 1]) : -1;
}

bool BTree::add(const NodeKey& key, size_t row, int64_t* holder) {
   NodeKey separator;
   if (Node* leaf = hints_.find(key); leaf && leaf->keys.size() < capacity) {
      if (!insertIntoLeaf(*leaf, key, row, holder)) return false;
      ++size_;
      return true;
   }
   if (auto sibling = insertInto(*root_, key, row, separator, holder, nullptr, nullptr)) {
      auto root = std::make_unique<Node>();
      root->leaf = false;
      root->keys.push_back(std::move(separator));
      root->children.push_back(std::move(root_));
      root->children.push_back(std::move(sibling));
      root_ = std::move(root);
   }
   if (holder && *holder >= 0) return false;
   ++size_;
   return true;
}

void BTree::erase(const NodeKey& key, size_t row) {
   if (!eraseFrom(*root_, key, row)) return;
   --size_;
   // A root left with one child (or none) gives way to it (to an empty leaf).
   while (!root_->leaf && root_->children.size() <= 1) {
      std::unique_ptr<Node> child = root_->children.empty() ? std::make_unique<Node>() : std::move(root_->children[0]);
      root_ = std::move(child);
   }
}

bool BTree::eraseFrom(Node& node, const NodeKey& key, size_t row) {
   prefetchKeys(node);
   if (node.leaf) {
      for (size_t i = size_t(std::lower_bound(node.keys.begin(), node.keys.end(), key) - node.keys.begin()); i < node.keys.size() && node.keys[i] == key; ++i) {
         if (node.rows[i] != row) continue;
         node.keys.erase(node.keys.begin() + long(i));
         node.rows.erase(node.rows.begin() + long(i));
         return true;
      }
      return false;
   }
   // Duplicates of `key` may lie in each child from the leftmost that may hold it up to the
   // first whose separator is above it.
   for (size_t child = size_t(std::lower_bound(node.keys.begin(), node.keys.end(), key) - node.keys.begin()); child < node.children.size(); ++child) {
      if (eraseFrom(*node.children[child], key, row)) {
         if (node.children[child]->empty()) {
            Node& gone = *node.children[child];
            if (gone.previous) gone.previous->next = gone.next;
            if (gone.next) gone.next->previous = gone.previous;
            // Its range goes to a neighbour: the separator between them is dropped.
            if (!node.keys.empty()) node.keys.erase(node.keys.begin() + long(child > 0 ? child - 1 : 0));
            node.children.erase(node.children.begin() + long(child));
            hints_.forget(&gone);
            lastInsert_ = {};
         }
         return true;
      }
      if (child < node.keys.size() && key < node.keys[child]) return false;
   }
   return false;
}

}  // namespace kiln
