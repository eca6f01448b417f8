// Quick code generation selects machine instructions one IR instruction at a time (FastISel).
// Where it cannot (128-bit integers, vectors), it hands the block to the slow selector
// (SelectionDAG) from the block's start up to that instruction: most of a decimal aggregate's
// block, a large share of a query's compile time (bench/notes.md). Such instructions get blocks of their own,
// so that the slow selector sees them and little else.
#pragma once

#include <llvm/IR/Function.h>

namespace kiln {

/// Splits `function`'s blocks so that each run of instructions the fast selector cannot handle
/// starts a block, and edges into blocks whose phis it cannot handle get a block of their own.
void isolateSlowSelection(llvm::Function& function);

}  // namespace kiln
