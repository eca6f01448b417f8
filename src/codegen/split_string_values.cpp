#include "codegen/split_string_values.h"

#include <array>
#include <vector>

#include <llvm/ADT/DenseMap.h>
#include <llvm/ADT/PostOrderIterator.h>
#include <llvm/IR/CFG.h>
#include <llvm/IR/Constants.h>
#include <llvm/IR/IRBuilder.h>
#include <llvm/IR/Instructions.h>

namespace kiln {

namespace {

using Words = std::array<llvm::Value*, 2>;

class StringSplitter {
   public:
   StringSplitter(llvm::Function& function, llvm::StructType* pairType)
      : function_(function), pair_(pairType), i64_(llvm::Type::getInt64Ty(function.getContext())) {}

   void run() {
      for (llvm::BasicBlock& block : function_)
         for (llvm::PHINode& phi : block.phis())
            if (phi.getType() == pair_) {
               llvm::IRBuilder<> b(&phi);
               words_[&phi] = {b.CreatePHI(i64_, phi.getNumIncomingValues()), b.CreatePHI(i64_, phi.getNumIncomingValues())};
               phis_.push_back(&phi);
            }
      std::vector<llvm::BasicBlock*> order;
      llvm::DenseMap<llvm::BasicBlock*, bool> seen;
      for (llvm::BasicBlock* block : llvm::ReversePostOrderTraversal<llvm::Function*>(&function_)) {
         order.push_back(block);
         seen[block] = true;
      }
      for (llvm::BasicBlock& block : function_)
         if (!seen.count(&block)) order.push_back(&block);
      for (llvm::BasicBlock* block : order)
         for (llvm::Instruction& instruction : llvm::make_early_inc_range(*block)) rewrite(instruction);
      for (llvm::PHINode* phi : phis_) {
         auto *lo = llvm::cast<llvm::PHINode>(words_[phi][0]), *hi = llvm::cast<llvm::PHINode>(words_[phi][1]);
         for (unsigned k = 0; k < phi->getNumIncomingValues(); ++k) {
            Words incoming = wordsOf(phi->getIncomingValue(k));
            lo->addIncoming(incoming[0], phi->getIncomingBlock(k));
            hi->addIncoming(incoming[1], phi->getIncomingBlock(k));
         }
      }
      // Old pair values may still refer to each other (phis in loops): cut those links first.
      for (llvm::Instruction* instruction : dead_) instruction->replaceAllUsesWith(llvm::PoisonValue::get(instruction->getType()));
      for (llvm::Instruction* instruction : dead_) instruction->eraseFromParent();
   }

   private:
   void rewrite(llvm::Instruction& instruction) {
      llvm::IRBuilder<> b(&instruction);
      if (auto* load = llvm::dyn_cast<llvm::LoadInst>(&instruction); load && load->getType() == pair_) {
         llvm::Value* address = load->getPointerOperand();
         llvm::Align align = load->getAlign();
         words_[load] = {b.CreateAlignedLoad(i64_, address, align),
                         b.CreateAlignedLoad(i64_, b.CreateConstGEP1_64(b.getInt8Ty(), address, 8), llvm::commonAlignment(align, 8))};
         dead_.push_back(load);
      } else if (auto* store = llvm::dyn_cast<llvm::StoreInst>(&instruction); store && store->getValueOperand()->getType() == pair_) {
         Words value = wordsOf(store->getValueOperand());
         llvm::Value* address = store->getPointerOperand();
         llvm::Align align = store->getAlign();
         b.CreateAlignedStore(value[0], address, align);
         b.CreateAlignedStore(value[1], b.CreateConstGEP1_64(b.getInt8Ty(), address, 8), llvm::commonAlignment(align, 8));
         dead_.push_back(store);
      } else if (auto* select = llvm::dyn_cast<llvm::SelectInst>(&instruction); select && select->getType() == pair_) {
         Words a = wordsOf(select->getTrueValue()), c = wordsOf(select->getFalseValue());
         words_[select] = {b.CreateSelect(select->getCondition(), a[0], c[0]), b.CreateSelect(select->getCondition(), a[1], c[1])};
         dead_.push_back(select);
      } else if (auto* insert = llvm::dyn_cast<llvm::InsertValueInst>(&instruction); insert && insert->getType() == pair_) {
         Words value = wordsOf(insert->getAggregateOperand());
         value[insert->getIndices()[0]] = insert->getInsertedValueOperand();
         words_[insert] = value;
         dead_.push_back(insert);
      } else if (auto* extract = llvm::dyn_cast<llvm::ExtractValueInst>(&instruction); extract && extract->getAggregateOperand()->getType() == pair_) {
         extract->replaceAllUsesWith(wordsOf(extract->getAggregateOperand())[extract->getIndices()[0]]);
         dead_.push_back(extract);
      } else if (llvm::isa<llvm::PHINode>(instruction) && instruction.getType() == pair_) {
         dead_.push_back(&instruction);
      } else {
         // Any other use (rare) gets the pair rebuilt from its words.
         for (llvm::Use& use : instruction.operands()) {
            if (use->getType() != pair_ || llvm::isa<llvm::Constant>(use.get())) continue;
            Words value = wordsOf(use.get());
            use.set(b.CreateInsertValue(b.CreateInsertValue(llvm::PoisonValue::get(pair_), value[0], 0), value[1], 1));
         }
      }
   }

   /// The words of a pair value: split already, a constant's elements, or (a call's result, an
   /// argument) read where it is defined.
   Words wordsOf(llvm::Value* value) {
      if (auto found = words_.find(value); found != words_.end()) return found->second;
      if (auto* constant = llvm::dyn_cast<llvm::Constant>(value)) return {constant->getAggregateElement(0u), constant->getAggregateElement(1u)};
      llvm::BasicBlock::iterator at = function_.getEntryBlock().getFirstInsertionPt();
      if (auto* defined = llvm::dyn_cast<llvm::Instruction>(value)) at = std::next(defined->getIterator());
      if (llvm::isa<llvm::PHINode>(*at)) at = at->getParent()->getFirstInsertionPt();
      llvm::IRBuilder<> b(at->getParent(), at);
      Words split{b.CreateExtractValue(value, 0), b.CreateExtractValue(value, 1)};
      words_[value] = split;
      return split;
   }

   llvm::Function& function_;
   llvm::StructType* pair_;
   llvm::Type* i64_;
   llvm::DenseMap<llvm::Value*, Words> words_;
   std::vector<llvm::PHINode*> phis_;
   std::vector<llvm::Instruction*> dead_;
};

}  // namespace

void splitStringValues(llvm::Function& function, llvm::StructType* pairType) { StringSplitter(function, pairType).run(); }

}  // namespace kiln
