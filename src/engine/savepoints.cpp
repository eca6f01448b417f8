#include "engine/savepoints.h"

#include "kiln/kiln.h"

namespace kiln {

const Savepoints::Savepoint& Savepoints::rollbackTo(const std::string& name) {
   stack_.resize(find(name) + 1);
   return stack_.back();
}

void Savepoints::release(const std::string& name) { stack_.resize(find(name)); }

size_t Savepoints::find(const std::string& name) const {
   for (size_t i = stack_.size(); i-- > 0;)
      if (stack_[i].name == name) return i;
   throw Error("3B001", "savepoint \"" + name + "\" does not exist");
}

}  // namespace kiln
