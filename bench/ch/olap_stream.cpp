#include "olap_stream.h"

#include "tpcc_consistency.h"

#include <chrono>
#include <cstdio>
#include <optional>

namespace kiln::bench {

namespace {

using Clock = std::chrono::steady_clock;

std::string errorText(const TpccError& error) { return error.code() + ": " + error.what(); }

int64_t nowNs() { return std::chrono::duration_cast<std::chrono::nanoseconds>(Clock::now().time_since_epoch()).count(); }

}  // namespace

OlapStream::OlapStream(std::unique_ptr<TpccEngine> reader, const std::vector<ChQuery>& queries, size_t firstQuery, double timeoutSeconds)
   : reader_(std::move(reader)), firstQuery_(firstQuery), timeoutSeconds_(timeoutSeconds) {
   for (const ChQuery& query : queries) {
      QueryStats& stats = result_.queries.emplace_back();
      stats.number = query.number;
      try {
         statements_.push_back(reader_->prepare(query.sql));
      } catch (const TpccError& error) {
         statements_.emplace_back();
         stats.error = errorText(error);
      }
   }
}

void OlapStream::run(const std::atomic<bool>& stop) {
   Clock::time_point start = Clock::now();
   while (!stop) {
      try {
         std::vector<std::string> failures = checkConsistency(*reader_, {1, 2, 3, 4});
         if (stop) break;  // cancelled: the check did not finish
         std::lock_guard lock(resultLock_);
         result_.consistencyChecks += 1;
         result_.consistencyFailures.insert(result_.consistencyFailures.end(), failures.begin(), failures.end());
      } catch (const TpccError& error) {
         if (stop) break;
         std::lock_guard lock(resultLock_);
         result_.consistencyError = errorText(error);
      }
      for (size_t i = 0; i < statements_.size() && !stop; ++i) {
         size_t q = (firstQuery_ + i) % statements_.size();
         if (statements_[q] && !runQuery(q, result_.queries[q], stop)) break;
      }
   }
   std::lock_guard lock(resultLock_);
   result_.elapsedSeconds = std::chrono::duration<double>(Clock::now() - start).count();
}

OlapStreamResult OlapStream::runEachQuery(int runs) {
   const std::atomic<bool> neverStop{false};
   OlapStreamResult each;
   Clock::time_point start = Clock::now();
   for (size_t q = 0; q < statements_.size(); ++q) {
      QueryStats& stats = each.queries.emplace_back();
      stats.number = result_.queries[q].number;
      for (int run = 0; run < runs && statements_[q]; ++run) runQuery(q, stats, neverStop);
   }
   each.elapsedSeconds = std::chrono::duration<double>(Clock::now() - start).count();
   return each;
}

bool OlapStream::runQuery(size_t q, QueryStats& stats, const std::atomic<bool>& stop) {
   Clock::time_point begin = Clock::now();
   timedOut_ = false;
   runningQuery_ = stats.number;
   queryStartNs_ = nowNs();
   std::optional<TpccError> failure;
   try {
      statements_[q]->execute();
   } catch (const TpccError& error) {
      failure = error;
   }
   queryStartNs_ = 0;
   runningQuery_ = 0;
   if (stop) return false;  // cancelled, or finished after the end: not part of the phase
   std::lock_guard lock(resultLock_);
   if (failure) {
      char timeout[64];
      std::snprintf(timeout, sizeof(timeout), "timed out: ran longer than %g s and was cancelled", timeoutSeconds_);
      stats.timedOut = timedOut_;
      stats.error = stats.timedOut ? timeout : errorText(*failure);
      statements_[q].reset();
      return true;
   }
   stats.latencyMs.push_back(std::chrono::duration<double, std::milli>(Clock::now() - begin).count());
   stats.rows = statements_[q]->rowCount();
   if (std::optional<bool> onSnapshot = statements_[q]->ranOnSnapshot()) stats.runsOnSnapshot = stats.runsOnSnapshot.value_or(0) + (*onSnapshot ? 1 : 0);
   return true;
}

OlapStreamResult OlapStream::result() const {
   std::lock_guard lock(resultLock_);
   return result_;
}

void OlapStream::watch() {
   int64_t start = queryStartNs_;
   if (start == 0 || double(nowNs() - start) < timeoutSeconds_ * 1e9) return;
   timedOut_ = true;
   reader_->cancel();
}

}  // namespace kiln::bench
