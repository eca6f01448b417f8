// Makes a failing case small while it still fails the same way: it leaves out statements,
// clauses and list items, puts smaller expressions of the same type (or constants) in place of
// larger ones, and drops tables, columns, rows, indexes and values, greedily, until no edit
// keeps the failure or the budget of attempts is spent.
#pragma once

#include "fuzz_case.h"

#include <chrono>
#include <functional>

namespace kiln::fuzz {

class Shrinker {
   public:
   /// `stillFails` runs a candidate on both systems: true when it fails as the original did.
   Shrinker(std::function<bool(const Case&)> stillFails, int maxAttempts, std::chrono::seconds maxTime)
      : stillFails_(std::move(stillFails)), maxAttempts_(maxAttempts), deadline_(std::chrono::steady_clock::now() + maxTime) {}

   Case shrink(Case failing);
   int attempts() const { return attempts_; }

   private:
   /// Tries `edit` on a copy of `current`; keeps the copy when it still fails.
   bool attempt(Case& current, const std::function<bool(Case&)>& edit);
   bool exhausted() const;
   bool shrinkStatements(Case& current);
   bool shrinkTables(Case& current);

   std::function<bool(const Case&)> stillFails_;
   int maxAttempts_;
   std::chrono::steady_clock::time_point deadline_;
   int attempts_ = 0;
};

}  // namespace kiln::fuzz
