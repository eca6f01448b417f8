// The SQL values of the IUs available at the current point of a pipeline. Values may be
// registered lazily (a column load, a Map's expression): they are produced where first used.
#pragma once

#include <functional>
#include <unordered_map>

#include "algebra/iu.h"
#include "codegen/sql_value.h"

namespace kiln {

class IUValues {
   public:
   void set(const IU* iu, SqlValue value) {
      values_[iu] = value;
      lazy_.erase(iu);
   }
   void setLazy(const IU* iu, std::function<SqlValue()> produce) {
      values_.erase(iu);
      lazy_[iu] = std::move(produce);
   }
   SqlValue get(const IU* iu) {
      if (auto it = values_.find(iu); it != values_.end()) return it->second;
      auto it = lazy_.find(iu);
      if (it == lazy_.end()) throw Error("XX000", "internal: no value for " + iu->name);
      auto produce = std::move(it->second);
      lazy_.erase(it);
      SqlValue value = produce();
      values_[iu] = value;
      return value;
   }

   private:
   std::unordered_map<const IU*, SqlValue> values_;
   std::unordered_map<const IU*, std::function<SqlValue()>> lazy_;
};

}  // namespace kiln
