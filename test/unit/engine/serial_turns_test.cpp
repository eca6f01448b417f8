// SerialTurns: one turn at a time among many threads, and every waiter gets its turn (none is
// left asleep), whether it spun for the turn or slept; a waiter gives up at its deadline or when
// cancelled, and the others still get their turns.
#include "engine/serial_turns.h"

#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <thread>
#include <vector>

namespace {

using Clock = std::chrono::steady_clock;
constexpr Clock::time_point never = Clock::time_point::max();
const std::atomic<bool> notCancelled{false};

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
            EXPECT_EQ(turns.acquire(&self, never, notCancelled), kiln::SerialTurns::Wait::Taken);
            // Taking one's own turn again waits for nothing.
            EXPECT_EQ(turns.acquire(&self, never, notCancelled), kiln::SerialTurns::Wait::Taken);
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

TEST(SerialTurns, AWaiterGivesUpAtItsDeadlineOrWhenCancelled) {
   kiln::SerialTurns turns;
   int owner = 0, timed = 1, cancelled = 2, patient = 3;
   ASSERT_EQ(turns.acquire(&owner, never, notCancelled), kiln::SerialTurns::Wait::Taken);
   auto start = Clock::now();
   EXPECT_EQ(turns.acquire(&timed, start + std::chrono::milliseconds(30), notCancelled), kiln::SerialTurns::Wait::TimedOut);
   EXPECT_GE(Clock::now() - start, std::chrono::milliseconds(30));

   std::atomic<bool> cancel{false};
   std::thread canceller([&] {
      std::this_thread::sleep_for(std::chrono::milliseconds(30));
      cancel = true;
   });
   EXPECT_EQ(turns.acquire(&cancelled, never, cancel), kiln::SerialTurns::Wait::Cancelled);
   canceller.join();

   // The turn still passes on to a waiter who waits long enough.
   std::thread waiter([&] {
      EXPECT_EQ(turns.acquire(&patient, never, notCancelled), kiln::SerialTurns::Wait::Taken);
      turns.release(&patient);
   });
   std::this_thread::sleep_for(std::chrono::milliseconds(10));
   turns.release(&owner);
   waiter.join();
   EXPECT_EQ(turns.acquire(&timed, Clock::now(), notCancelled), kiln::SerialTurns::Wait::Taken);
}

}  // namespace
