// A loop whose carried values are SSA values: the body reads the current ones and names the next
// ones, and the loop makes the PHIs. A tuple's values then stay in registers across iterations.
#pragma once

#include <string>
#include <vector>

#include <llvm/IR/Instructions.h>

#include "codegen/code_context.h"

namespace kiln {

/// Loop loop(cx, "scan", {begin});         // the builder is in the loop's header
/// loop.runWhile(lessThan(loop[0], end));   // the builder is in the body
/// ...body, reading loop[0]...
/// loop.repeat({next});                    // the builder is after the loop
class Loop {
   public:
   Loop(CodeContext& cx, const std::string& name, const std::vector<llvm::Value*>& initial);

   /// The i-th carried value: in the header and the body, this iteration's; after a loop that ends
   /// only where runWhile tests, the values it ended with.
   llvm::Value* operator[](size_t i) const { return values_[i]; }
   /// Ends the header: the body runs while `condition` holds.
   void runWhile(llvm::Value* condition);
   /// Ends the body where the builder is: the next iteration carries `next`.
   void repeat(const std::vector<llvm::Value*>& next);
   /// As repeat, unless `stop` holds: then the loop ends.
   void repeatUnless(llvm::Value* stop, const std::vector<llvm::Value*>& next);
   /// Leaves the loop from where the builder is (a `break`), which ends that block.
   void leave();

   private:
   void addBackEdge(const std::vector<llvm::Value*>& next);

   CodeContext& cx_;
   std::vector<llvm::PHINode*> values_;
   llvm::BasicBlock* header_;
   llvm::BasicBlock* body_;
   llvm::BasicBlock* exit_;
};

}  // namespace kiln
