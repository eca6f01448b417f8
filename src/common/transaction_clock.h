// now(), CURRENT_TIMESTAMP, LOCALTIMESTAMP and CURRENT_DATE answer one time for a whole
// transaction, as in PostgreSQL. The connection running a statement points its thread at its
// transaction's time, which the first statement asking for it reads from the wall clock (so
// statements that do not ask never read the clock). kiln has no time zones: the time is UTC.
#pragma once

#include <chrono>
#include <cstdint>

#include "common/timestamp.h"

namespace kiln {

class TransactionClock {
   public:
   /// A transaction's time not read yet.
   static constexpr int64_t unread = INT64_MIN;

   /// While it lives, now() on this thread answers the time in `time`, read first if `unread`.
   explicit TransactionClock(int64_t& time) : previous_(current_) { current_ = &time; }
   ~TransactionClock() { current_ = previous_; }
   TransactionClock(const TransactionClock&) = delete;
   TransactionClock& operator=(const TransactionClock&) = delete;

   /// The transaction's time, in microseconds since 2000-01-01.
   static int64_t now() {
      if (!current_) return wallClock();
      if (*current_ == unread) *current_ = wallClock();
      return *current_;
   }

   /// The time now() reads on this thread; nullptr for none.
   static int64_t* installed() { return current_; }

   private:
   static int64_t wallClock() {
      auto sinceUnixEpoch = std::chrono::duration_cast<std::chrono::microseconds>(std::chrono::system_clock::now().time_since_epoch());
      return sinceUnixEpoch.count() - timestamp::unixEpochOffset;
   }

   static inline thread_local int64_t* current_ = nullptr;
   int64_t* previous_;
};

}  // namespace kiln
