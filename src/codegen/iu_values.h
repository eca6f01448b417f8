// The SQL values of the IUs available at the current point of a pipeline. Values may be
// registered lazily (a column load, a Map's expression): they are produced where first used.
#pragma once

#include <functional>
#include <optional>
#include <unordered_map>

#include "algebra/iu.h"
#include "codegen/sql_value.h"

namespace kiln {

/// A pipeline whose tuples are a table's rows can read the columns of another row: an operator
/// reads a row some way ahead to prefetch what that row will need, while the current one works.
struct RowLookahead {
   /// The row `distance` rows after the current one, in the order the operators get them (the
   /// current one near the end).
   std::function<llvm::Value*(int64_t distance)> rowAhead;
   double rows;  // the source's estimated rows that reach the operators
   /// `iu`'s value in `row`; nothing when `iu` is not a column of the table.
   std::function<std::optional<SqlValue>(const IU* iu, llvm::Value* row)> load;
};

class IUValues {
   public:
   void set(const IU* iu, SqlValue value) {
      values_[iu] = value;
      lazy_.erase(iu);
   }
   /// `loadOnly`: `produce` loads from addresses computed before (a column of a row), so it may
   /// run anywhere later. Inside conditional code (a CASE branch, see Branches) such a value is
   /// then loaded where used and not kept: a branch not taken loads nothing, and code after the
   /// branches uses no value of one of them.
   void setLazy(const IU* iu, std::function<SqlValue()> produce, bool loadOnly = false) {
      values_.erase(iu);
      lazy_[iu] = {std::move(produce), loadOnly};
   }
   bool has(const IU* iu) const { return values_.count(iu) || lazy_.count(iu); }
   SqlValue get(const IU* iu) {
      if (auto it = values_.find(iu); it != values_.end()) return it->second;
      auto it = lazy_.find(iu);
      if (it == lazy_.end()) throw Error("XX000", "internal: no value for " + iu->name);
      if (branchDepth_ > 0 && it->second.loadOnly) return it->second.produce();
      auto produce = std::move(it->second.produce);
      lazy_.erase(it);
      SqlValue value = produce();
      values_[iu] = value;
      return value;
   }
   /// Produces `iu` now unless it may be loaded inside conditional code.
   void getUnlessLoadOnly(const IU* iu) {
      auto it = lazy_.find(iu);
      if (it == lazy_.end() || !it->second.loadOnly) get(iu);
   }
   /// While one lives, the code being generated runs conditionally.
   class Branches {
      public:
      explicit Branches(IUValues& values) : values_(values) { ++values_.branchDepth_; }
      ~Branches() { --values_.branchDepth_; }
      Branches(const Branches&) = delete;
      Branches& operator=(const Branches&) = delete;

      private:
      IUValues& values_;
   };

   void setLookahead(const RowLookahead* lookahead) { lookahead_ = lookahead; }
   /// The pipeline's source rows, when they are a table's.
   const RowLookahead* lookahead() const { return lookahead_; }

   private:
   struct Lazy {
      std::function<SqlValue()> produce;
      bool loadOnly = false;
   };
   const RowLookahead* lookahead_ = nullptr;
   std::unordered_map<const IU*, SqlValue> values_;
   std::unordered_map<const IU*, Lazy> lazy_;
   int branchDepth_ = 0;
};

}  // namespace kiln
