// The database's cache of compiled plans for statements sent as text. A statement's key is its
// shape (statement_shape.h) in the settings that change what it means; a plan made for one text
// serves every text of that key whose literals take its parameters (literal_slots.h): the pinned
// literals equal, the guarded decisions decided the same. A plan of much work pins them all. A plan goes when what it was bound
// against changes (DDL, ANALYZE, a table's size moving far), and the least recently used go when
// the cache is over its memory bound. Plans are shared by all connections. They are found, added
// and run only under DatabaseImpl::changing (none goes while another runs it); the cache's own
// mutex lets a connection ask whether a key is cached without it. A snapshot's process uses none.
#pragma once

#include <cstdint>
#include <list>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "algebra/literal_slots.h"
#include "engine/prepared_statement_impl.h"
#include "parser/statement_shape.h"

namespace kiln {

class DatabaseImpl;

struct CachedPlan {
   std::string key;
   PreparedStatementImpl prepared;  // the text it was made from, its binding, machine code and next values
   StatementShape shape;            // of that text
   LiteralSlots slots;              // how the parameters' values come from the text's literals
   struct Literal {
      bool pinned;
      bool negated;     // the grammar folded a minus into it
      SqlType type;     // as the binder typed it
      std::string text; // pinned: the token a text must have there
   };
   std::vector<Literal> literals;
   std::vector<int> parameterNodes;  // the node of each parameter it added (after the statement's own)
   size_t bytes = 0;                 // what it holds, about
   uint64_t hits = 0;
   std::list<CachedPlan*>::iterator recency;

   CachedPlan(std::string key, const std::string& text, const StatementShape& shape, size_t literals);
   /// Binds and optimizes the statement, and takes the literals nothing pinned as parameters.
   void bind(DatabaseImpl& database);
   /// Sets the parameters to the literals of `sql` (of `shape`, this plan's key): false when they
   /// do not fit the plan (a pinned literal differs, a guard decides otherwise, a value does not
   /// convert as the plan's did).
   bool takeLiterals(std::string_view sql, const StatementShape& shape);
   /// `position` (a byte position in the plan's text, from 1) at the same token of `shape`'s text.
   int positionIn(const StatementShape& shape, int position) const;

   private:
   std::vector<Value> values_;       // per node, while taking literals
   std::vector<size_t> guardOrder_;  // the slots' guards by node
};

class PlanCache {
   public:
   /// Whether some plan has `key`: nullopt for none, else whether it only reads.
   std::optional<bool> lookup(const std::string& key) const;
   /// The plan of `key` that takes `sql`'s literals (its parameters then hold them), or null.
   /// Plans whose binding no longer holds are dropped on the way. Without `use` (a look for
   /// EXPLAIN, which a snapshot's process may take too), nothing changes: it is no hit, and
   /// nothing is dropped.
   CachedPlan* find(const std::string& key, std::string_view sql, const StatementShape& shape, const DatabaseImpl& database, bool use = true);
   /// Adds `plan`; drops the least recently used while the cache holds more than `limit` bytes.
   CachedPlan* add(std::unique_ptr<CachedPlan> plan, size_t limit);
   void clear();

   size_t bytes() const { return bytes_; }
   size_t size() const { return lru_.size(); }
   uint64_t hits() const { return hits_; }
   uint64_t misses() const { return misses_; }
   void countMiss() { ++misses_; }

   private:
   void drop(CachedPlan* plan);

   mutable std::mutex mutex_;  // held while plans_ changes, and by lookup()
   std::unordered_map<std::string, std::vector<std::unique_ptr<CachedPlan>>> plans_;
   std::list<CachedPlan*> lru_;  // most recently used first
   size_t bytes_ = 0;
   uint64_t hits_ = 0, misses_ = 0;
};

}  // namespace kiln
