// Quick code generation (LLVM's fast instruction selector) does not handle values of struct
// type: a block with a string load, store or phi falls back to the slow selector. Strings, the
// only such values generated code has, are split into their two 64-bit words before quick code
// generation.
#pragma once

#include <llvm/IR/Function.h>

namespace kiln {

/// Rewrites `function` so that no instruction yields or stores a value of `pairType` (a struct of
/// two i64): loads, stores, phis and selects of it become two, extractvalue reads the word.
void splitStringValues(llvm::Function& function, llvm::StructType* pairType);

}  // namespace kiln
