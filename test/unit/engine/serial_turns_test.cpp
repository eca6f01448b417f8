// SerialTurns: one turn at a time among many threads, and every waiter gets its turn (none is
// left asleep), whether it spun for the turn or slept.
#include "engine/serial_turns.h"

#include <gtest/gtest.h>

#include <thread>
#include <vector>

namespace {

TEST(SerialTurns, OneTurnAtATimeAndEveryWaiterGetsOne) {
   kiln::SerialTurns turns;
   constexpr int threads = 8, turnsEach = 2000;
   int inside = 0, overlaps = 0;
   long total = 0;
   std::vector<std::thread> workers;
   for (int t = 0; t < threads; ++t) {
      workers.emplace_back([&, t] {
         int self = t;  // a connection's address identifies it
         for (int i = 0; i < turnsEach; ++i) {
            turns.acquire(&self);
            turns.acquire(&self);  // taking one's own turn again waits for nothing
            overlaps += inside++ != 0;
            total += 1;
            if (i % 7 == 0) std::this_thread::yield();  // some turns last long enough for waiters to sleep
            --inside;
            turns.release(&self);
            turns.release(&self);  // releasing a turn one no longer has changes nothing
         }
      });
   }
   for (auto& worker : workers) worker.join();
   EXPECT_EQ(overlaps, 0);
   EXPECT_EQ(total, long(threads) * turnsEach);
}

}  // namespace
