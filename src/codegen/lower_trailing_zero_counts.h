// Quick code generation (LLVM's fast instruction selector) has no instruction for counting
// trailing zeros: every llvm.cttz (which picks the next row of a prefiltered block) went to the
// slow selector, which is slow per instruction (bench/notes.md). Before quick code generation, such counts become a
// multiplication by a de Bruijn sequence and a lookup in a table of 64 bytes.
#pragma once

#include <llvm/IR/Function.h>

namespace kiln {

/// Rewrites the llvm.cttz calls of `function` on integers of up to 64 bits.
void lowerTrailingZeroCounts(llvm::Function& function);

}  // namespace kiln
