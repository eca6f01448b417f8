// A statement's timings (Result::stats), taken the same way wherever it runs: what the statement
// measured itself (compile, execute) and the rest of the time since the timer started as parsing.
// Off (Connection::setTiming), it reads no clock.
#pragma once

#include <chrono>

#include "kiln/kiln.h"

namespace kiln {

class StatementTimer {
   public:
   explicit StatementTimer(bool on) : on_(on), start_(on ? Clock::now() : Clock::time_point()) {}

   /// Milliseconds since the start; 0 when off.
   double elapsedMs() const { return on_ ? std::chrono::duration<double, std::milli>(Clock::now() - start_).count() : 0; }
   /// The statement's total and parse time; without timing, no execute time either. An execute
   /// time of NaN is the rest after compiling (see runQuery).
   void finish(StatementStats& stats) const;

   private:
   using Clock = std::chrono::steady_clock;
   bool on_;
   Clock::time_point start_;
};

}  // namespace kiln
