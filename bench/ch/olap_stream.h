// An analytical stream of the CH-benCHmark: rounds of TPC-C's consistency conditions 1-4 and the
// 22 queries, back to back on a reader session of its own, until told to stop.
#pragma once

#include "ch_queries.h"
#include "tpcc_engine.h"

#include <atomic>
#include <cstdint>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

namespace kiln::bench {

struct QueryStats {
   int number = 0;
   std::vector<double> latencyMs;  // one per completed execution
   uint64_t rows = 0;              // of the last execution
   std::optional<uint64_t> runsOnSnapshot;  // completed executions on a snapshot; nullopt: the engine does not say
   std::string error;              // "SQLSTATE: message" when the engine refused or failed it
   bool timedOut = false;          // error says it ran longer than the stream's timeout
};

struct OlapStreamResult {
   std::vector<QueryStats> queries;  // by query number - 1
   double elapsedSeconds = 0;
   uint64_t consistencyChecks = 0;  // rounds of conditions 1-4 evaluated
   std::vector<std::string> consistencyFailures;
   std::string consistencyError;  // a check's statement failed
};

class OlapStream {
   public:
   /// Prepares the queries on `reader`; one the engine refuses is recorded as failed and left out.
   /// The stream's rounds start at queries[firstQuery] (streams start at different queries).
   /// A query running longer than `timeoutSeconds` is cancelled by watch().
   OlapStream(std::unique_ptr<TpccEngine> reader, const std::vector<ChQuery>& queries, size_t firstQuery, double timeoutSeconds);

   /// Runs rounds until `stop`: conditions 1-4 (each must hold every time), then every query
   /// once. A query that fails or times out is recorded and left out of the later rounds.
   void run(const std::atomic<bool>& stop);
   /// Runs each query still in the rounds `runs` times, in the order of their numbers, and returns
   /// what they did: a query that fails or times out is recorded and left out of its later runs.
   OlapStreamResult runEachQuery(int runs);
   /// Called now and then from another thread while run() or runEachQuery() runs: cancels a query
   /// past its timeout.
   void watch();
   /// Stops the statement running now (from another thread), which then does not count.
   void cancel() { reader_->cancel(); }
   /// The number of the query running now, 0 when none.
   int runningQuery() const { return runningQuery_; }
   /// What the stream did so far; callable from another thread while run() runs.
   OlapStreamResult result() const;

   private:
   /// Executes queries[q] once and records it in `stats`; false when `stop` was set meanwhile (the
   /// execution then does not count).
   bool runQuery(size_t q, QueryStats& stats, const std::atomic<bool>& stop);

   std::unique_ptr<TpccEngine> reader_;
   std::vector<std::unique_ptr<TpccStatement>> statements_;  // by query number - 1; null: refused
   size_t firstQuery_;
   double timeoutSeconds_;
   std::atomic<int64_t> queryStartNs_{0};  // steady clock; 0 while no query runs
   std::atomic<bool> timedOut_{false};     // watch() cancelled the query running
   std::atomic<int> runningQuery_{0};
   mutable std::mutex resultLock_;  // result_ is read by other threads while run() runs
   OlapStreamResult result_;
};

}  // namespace kiln::bench
