#include "engine/statement_watchdog.h"

#include <algorithm>

namespace kiln {

StatementWatchdog::~StatementWatchdog() {
   {
      std::lock_guard lock(mutex_);
      stopping_ = true;
   }
   changed_.notify_all();
   if (thread_.joinable()) thread_.join();
}

void StatementWatchdog::arm(const void* owner, Clock::time_point deadline, std::atomic<bool>& cancel, std::atomic<bool>& timedOut) {
   {
      std::lock_guard lock(mutex_);
      armed_.push_back({owner, deadline, &cancel, &timedOut});
      if (!thread_.joinable()) thread_ = std::thread([this] { watch(); });
   }
   changed_.notify_all();
}

void StatementWatchdog::disarm(const void* owner) {
   std::lock_guard lock(mutex_);
   armed_.erase(std::remove_if(armed_.begin(), armed_.end(), [&](const Armed& a) { return a.owner == owner; }), armed_.end());
}

void StatementWatchdog::watch() {
   std::unique_lock lock(mutex_);
   while (!stopping_) {
      if (armed_.empty()) {
         changed_.wait(lock);
         continue;
      }
      auto earliest = std::min_element(armed_.begin(), armed_.end(), [](const Armed& a, const Armed& b) { return a.deadline < b.deadline; })->deadline;
      if (Clock::now() < earliest) {
         changed_.wait_until(lock, earliest);
         continue;
      }
      Clock::time_point now = Clock::now();
      for (auto it = armed_.begin(); it != armed_.end();) {
         if (it->deadline > now) {
            ++it;
            continue;
         }
         it->timedOut->store(true, std::memory_order_relaxed);
         it->cancel->store(true, std::memory_order_release);
         it = armed_.erase(it);
      }
   }
}

}  // namespace kiln
