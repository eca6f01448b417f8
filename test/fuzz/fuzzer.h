// The fuzzing loop's unit of work: generate case N of a seed, run it on kiln and on PostgreSQL,
// compare, and on a failure shrink it and print the reproduction.
#pragma once

#include "comparison.h"
#include "fuzz_case.h"
#include "outcome.h"
#include "postgres_runner.h"
#include "statistics.h"
#include "switches.h"

#include <chrono>
#include <cstdint>
#include <ostream>

namespace kiln::fuzz {

struct FuzzerOptions {
   uint64_t seed = 1;
   Switches switches;
   std::chrono::milliseconds kilnTimeout{20000};
   std::chrono::seconds shrinkTime{180};
   int shrinkAttempts = 3000;
   bool printCases = false;
   bool shrink = true;
};

class Fuzzer {
   public:
   Fuzzer(const FuzzerOptions& options, PostgresSession& postgres, std::ostream& out) : options_(options), postgres_(postgres), out_(out) {}

   /// Runs case `index` of the seed; false when it failed (the failure is printed).
   bool runCase(uint64_t index);
   const Statistics& statistics() const { return statistics_; }

   private:
   struct Run {
      Outcomes kiln, postgres;
      Verdict verdict;
   };
   Run run(const Case& c);
   /// Runs `c` and compares.
   Run runAndCompare(const Case& c);
   /// True when the data exception only one system raised in `r` comes from an expression the
   /// other did not evaluate (see comparison.h): PostgreSQL answers as kiln does when it runs the
   /// statement unfolded (SqlNode::print), or the other system raises it too in a part of the
   /// statement run on its own or with rows where there were none, or the failing system raises
   /// the error over empty tables too (folding constants), and the other does not.
   bool evaluatedByOne(const Case& c, const Run& r);
   /// Whether kiln (`onKiln`) or PostgreSQL fails with `sqlstate` in one of the parts of
   /// statement `at` (a FROM item or a subquery) run on its own: the error is in the data, and
   /// the other system skipped that part in the whole statement (a one-time filter that is false,
   /// a join input it did not read because the other side was empty).
   bool failsInAPart(const Case& c, size_t at, bool onKiln, const std::string& sqlstate);
   /// Whether kiln (`onKiln`) or PostgreSQL fails with `sqlstate` in statement `at` when more
   /// rows reach its expressions: each empty table has a row (of NULLs), and the statement is
   /// printed as Unfold::MoreRows. The other system did not read a join input because the other
   /// side was empty, or what a constant gate guards, or the left side of IN over no rows.
   bool failsWithRows(const Case& c, size_t at, bool onKiln, const std::string& sqlstate);
   void reportFailure(uint64_t index, const Case& c, const Run& first);

   const FuzzerOptions& options_;
   PostgresSession& postgres_;
   std::ostream& out_;
   Statistics statistics_;
};

}  // namespace kiln::fuzz
