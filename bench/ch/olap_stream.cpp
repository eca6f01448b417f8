#include "olap_stream.h"

#include "tpcc_consistency.h"

#include <chrono>
#include <cstdio>

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
         QueryStats& stats = result_.queries[q];
         if (!statements_[q]) continue;
         Clock::time_point begin = Clock::now();
         timedOut_ = false;
         runningQuery_ = stats.number;
         queryStartNs_ = nowNs();
         try {
            statements_[q]->execute();
            queryStartNs_ = 0;
            runningQuery_ = 0;
         } catch (const TpccError& error) {
            queryStartNs_ = 0;
            runningQuery_ = 0;
            if (stop) break;
            char timeout[64];
            std::snprintf(timeout, sizeof(timeout), "timed out: ran longer than %g s and was cancelled", timeoutSeconds_);
            std::lock_guard lock(resultLock_);
            stats.timedOut = timedOut_;
            stats.error = stats.timedOut ? timeout : errorText(error);
            statements_[q].reset();
            continue;
         }
         if (stop) break;  // finished after the end: not part of the phase
         std::lock_guard lock(resultLock_);
         stats.latencyMs.push_back(std::chrono::duration<double, std::milli>(Clock::now() - begin).count());
         stats.rows = statements_[q]->rowCount();
      }
   }
   std::lock_guard lock(resultLock_);
   result_.elapsedSeconds = std::chrono::duration<double>(Clock::now() - start).count();
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
