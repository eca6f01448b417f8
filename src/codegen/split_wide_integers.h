// Quick code generation (LLVM's fast instruction selector) handles integers of up to 64 bits
// only: every 128-bit operation (the sums and products of decimals) sent its block to the slow
// selector, a large share of a query's compile time (bench/notes.md). Before quick code generation, 128-bit values
// are split into two 64-bit words, and their operations into operations on words.
#pragma once

#include <llvm/IR/Function.h>

namespace kiln {

/// Rewrites `function` so that loads, stores, phis, selects, extensions, truncations, additions,
/// subtractions (also with overflow), multiplications (a runtime call), bitwise operations and
/// comparisons of i128 work on two i64 words. Other i128 operations stay, their operands joined
/// from the words.
void splitWideIntegers(llvm::Function& function);

}  // namespace kiln
