#include "codegen/isolate_slow_selection.h"

#include <vector>

#include <llvm/IR/Instructions.h>
#include <llvm/Transforms/Utils/BasicBlockUtils.h>

namespace kiln {

namespace {

/// Types the fast selector gives up on: integers wider than a register, vectors, and structs
/// holding them (what overflow intrinsics on 128 bits return).
bool isSlowType(llvm::Type* type) {
   if (type->isVectorTy()) return true;
   if (type->isIntegerTy()) return type->getIntegerBitWidth() > 64;
   if (auto* structType = llvm::dyn_cast<llvm::StructType>(type))
      for (llvm::Type* element : structType->elements())
         if (isSlowType(element)) return true;
   return false;
}

bool isSlow(const llvm::Instruction& instruction) {
   if (isSlowType(instruction.getType())) return true;
   for (const llvm::Use& operand : instruction.operands())
      if (isSlowType(operand->getType())) return true;
   return false;
}

}  // namespace

void isolateSlowSelection(llvm::Function& function) {
   std::vector<llvm::Instruction*> runStarts;
   std::vector<llvm::BasicBlock*> slowPhiBlocks;
   for (llvm::BasicBlock& block : function) {
      bool inRun = false;
      for (llvm::Instruction& instruction : block) {
         if (auto* phi = llvm::dyn_cast<llvm::PHINode>(&instruction)) {
            if (isSlowType(phi->getType()) && (slowPhiBlocks.empty() || slowPhiBlocks.back() != &block)) slowPhiBlocks.push_back(&block);
            continue;
         }
         // Calls and terminators: the selector already takes a call it cannot handle on its own.
         bool slow = !instruction.isTerminator() && !llvm::isa<llvm::CallBase>(instruction) && isSlow(instruction);
         if (slow && !inRun && &instruction != block.getFirstNonPHI()) runStarts.push_back(&instruction);
         inRun = slow;
      }
   }
   for (llvm::Instruction* start : runStarts) start->getParent()->splitBasicBlock(start);
   // A branch into a block with such phis copies their values: it goes to the slow selector with
   // its whole block unless it is alone in one.
   for (llvm::BasicBlock* block : slowPhiBlocks) {
      std::vector<llvm::BasicBlock*> predecessors(llvm::pred_begin(block), llvm::pred_end(block));
      for (llvm::BasicBlock* predecessor : predecessors)
         if (&predecessor->front() != predecessor->getTerminator()) llvm::SplitEdge(predecessor, block);
   }
}

}  // namespace kiln
