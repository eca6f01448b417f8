#include "codegen/loop.h"

namespace kiln {

Loop::Loop(CodeContext& cx, const std::string& name, const std::vector<llvm::Value*>& initial)
   : cx_(cx), header_(cx.newBlock(name)), body_(cx.newBlock(name + "_body")), exit_(cx.newBlock(name + "_end")) {
   auto& b = cx.builder();
   llvm::BasicBlock* before = b.GetInsertBlock();
   b.CreateBr(header_);
   b.SetInsertPoint(header_);
   for (llvm::Value* value : initial) {
      // Incoming from before the loop and a back edge or two.
      llvm::PHINode* phi = b.CreatePHI(value->getType(), 2);
      phi->addIncoming(value, before);
      values_.push_back(phi);
   }
}

void Loop::runWhile(llvm::Value* condition) {
   auto& b = cx_.builder();
   b.CreateCondBr(condition, body_, exit_);
   b.SetInsertPoint(body_);
}

void Loop::addBackEdge(const std::vector<llvm::Value*>& next) {
   llvm::BasicBlock* from = cx_.builder().GetInsertBlock();
   for (size_t i = 0; i < values_.size(); ++i) values_[i]->addIncoming(next[i], from);
}

void Loop::repeat(const std::vector<llvm::Value*>& next) {
   addBackEdge(next);
   cx_.builder().CreateBr(header_);
   cx_.builder().SetInsertPoint(exit_);
}

void Loop::repeatUnless(llvm::Value* stop, const std::vector<llvm::Value*>& next) {
   addBackEdge(next);
   cx_.builder().CreateCondBr(stop, exit_, header_);
   cx_.builder().SetInsertPoint(exit_);
}

void Loop::leave() { cx_.builder().CreateBr(exit_); }

}  // namespace kiln
