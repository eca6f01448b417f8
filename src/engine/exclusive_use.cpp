#include "engine/exclusive_use.h"

#include "kiln/kiln.h"

namespace kiln {

ExclusiveUse::Scope::Scope(ExclusiveUse& use) : use_(use), taken_(false) {
   std::thread::id none, self = std::this_thread::get_id();
   if (use.owner_.compare_exchange_strong(none, self, std::memory_order_acquire)) {
      taken_ = true;
      return;
   }
   if (none != self)
      throw Error("55000", "the connection is in use by another thread", 0, {}, "Use a connection from one thread at a time, or a connection per thread.");
}

}  // namespace kiln
