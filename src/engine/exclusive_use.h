// One thread at a time on a connection: each public entry point holds a Scope, and a call from a
// second thread while one runs fails with 55000 instead of racing it. The thread that holds it may
// enter again (an entry point that calls another).
#pragma once

#include <atomic>
#include <thread>

namespace kiln {

class ExclusiveUse {
   public:
   class Scope {
      public:
      /// 55000 when another thread holds `use`.
      explicit Scope(ExclusiveUse& use);
      ~Scope() {
         if (taken_) use_.owner_.store(std::thread::id(), std::memory_order_release);
      }
      Scope(const Scope&) = delete;
      Scope& operator=(const Scope&) = delete;

      private:
      ExclusiveUse& use_;
      bool taken_;  // false when the thread held it already
   };

   private:
   std::atomic<std::thread::id> owner_{};
};

}  // namespace kiln
