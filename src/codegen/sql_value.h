// A SQL value in generated code: its SSA value, its NULL flag (nullptr when it cannot be NULL)
// and its SQL type.
#pragma once

#include <llvm/IR/Value.h>

#include "kiln/kiln.h"

namespace kiln {

struct SqlValue {
   llvm::Value* value = nullptr;
   llvm::Value* isNull = nullptr;
   SqlType type;

   bool nullable() const { return isNull != nullptr; }
};

}  // namespace kiln
