#include "codegen/split_wide_integers.h"

#include <array>
#include <vector>

#include <llvm/ADT/DenseMap.h>
#include <llvm/ADT/DenseSet.h>
#include <llvm/ADT/PostOrderIterator.h>
#include <llvm/IR/CFG.h>
#include <llvm/IR/Constants.h>
#include <llvm/IR/IRBuilder.h>
#include <llvm/IR/Instructions.h>
#include <llvm/IR/IntrinsicInst.h>
#include <llvm/IR/Module.h>
#include <llvm/Transforms/Utils/Local.h>

#include "codegen/runtime_functions.h"

namespace kiln {

namespace {

using Words = std::array<llvm::Value*, 2>;  // low, high

class WideIntegerSplitter {
   public:
   explicit WideIntegerSplitter(llvm::Function& function)
      : function_(function), i64_(llvm::Type::getInt64Ty(function.getContext())), i128_(llvm::Type::getInt128Ty(function.getContext())) {}

   void run() {
      llvm::removeUnreachableBlocks(function_);
      for (llvm::BasicBlock& block : function_)
         for (llvm::PHINode& phi : block.phis())
            if (phi.getType() == i128_) {
               llvm::IRBuilder<> b(&phi);
               words_[&phi] = {b.CreatePHI(i64_, phi.getNumIncomingValues()), b.CreatePHI(i64_, phi.getNumIncomingValues())};
               phis_.push_back(&phi);
            }
      // Definitions before uses (phis aside): operands are split when their users come.
      for (llvm::BasicBlock* block : llvm::ReversePostOrderTraversal<llvm::Function*>(&function_))
         for (llvm::Instruction& instruction : llvm::make_early_inc_range(*block)) rewrite(instruction);
      for (llvm::PHINode* phi : phis_) {
         auto *low = llvm::cast<llvm::PHINode>(words_[phi][0]), *high = llvm::cast<llvm::PHINode>(words_[phi][1]);
         for (unsigned k = 0; k < phi->getNumIncomingValues(); ++k) {
            Words incoming = wordsOf(phi->getIncomingValue(k));
            low->addIncoming(incoming[0], phi->getIncomingBlock(k));
            high->addIncoming(incoming[1], phi->getIncomingBlock(k));
         }
      }
      // Replaced values may still refer to each other (phis in loops): cut those links first.
      for (llvm::Instruction* instruction : dead_) instruction->replaceAllUsesWith(llvm::PoisonValue::get(instruction->getType()));
      for (llvm::Instruction* instruction : dead_) instruction->eraseFromParent();
   }

   private:
   struct Overflowing {
      Words result;
      llvm::Value* overflow;
   };

   void replace(llvm::Instruction& instruction, Words words) {
      words_[&instruction] = words;
      retire(instruction);
   }
   void retire(llvm::Instruction& instruction) {
      dead_.push_back(&instruction);
      retired_.insert(&instruction);
   }

   void rewrite(llvm::Instruction& instruction) {
      llvm::IRBuilder<> b(&instruction);
      if (llvm::isa<llvm::PHINode>(instruction)) {
         if (instruction.getType() == i128_) retire(instruction);
      } else if (auto* load = llvm::dyn_cast<llvm::LoadInst>(&instruction); load && load->getType() == i128_ && load->isSimple()) {
         llvm::Value* address = load->getPointerOperand();
         llvm::Align align = load->getAlign();
         replace(*load, {b.CreateAlignedLoad(i64_, address, align),
                         b.CreateAlignedLoad(i64_, b.CreateConstGEP1_64(b.getInt8Ty(), address, 8), llvm::commonAlignment(align, 8))});
      } else if (auto* store = llvm::dyn_cast<llvm::StoreInst>(&instruction); store && store->getValueOperand()->getType() == i128_ && store->isSimple()) {
         Words value = wordsOf(store->getValueOperand());
         llvm::Value* address = store->getPointerOperand();
         llvm::Align align = store->getAlign();
         b.CreateAlignedStore(value[0], address, align);
         b.CreateAlignedStore(value[1], b.CreateConstGEP1_64(b.getInt8Ty(), address, 8), llvm::commonAlignment(align, 8));
         retire(*store);
      } else if (auto* extend = llvm::dyn_cast<llvm::CastInst>(&instruction);
                 extend && extend->getType() == i128_ && (llvm::isa<llvm::SExtInst>(extend) || llvm::isa<llvm::ZExtInst>(extend))) {
         bool isSigned = llvm::isa<llvm::SExtInst>(extend);
         llvm::Value* low = b.CreateIntCast(extend->getOperand(0), i64_, isSigned);
         replace(*extend, {low, isSigned ? b.CreateAShr(low, 63) : b.getInt64(0)});
      } else if (auto* truncate = llvm::dyn_cast<llvm::TruncInst>(&instruction);
                 truncate && truncate->getOperand(0)->getType() == i128_ && truncate->getType()->getIntegerBitWidth() <= 64) {
         truncate->replaceAllUsesWith(b.CreateTrunc(wordsOf(truncate->getOperand(0))[0], truncate->getType()));
         retire(*truncate);
      } else if (auto* binary = llvm::dyn_cast<llvm::BinaryOperator>(&instruction); binary && binary->getType() == i128_ && splitsBinary(*binary)) {
         replace(*binary, binaryWords(b, binary->getOpcode(), wordsOf(binary->getOperand(0)), wordsOf(binary->getOperand(1))));
      } else if (auto* compare = llvm::dyn_cast<llvm::ICmpInst>(&instruction); compare && compare->getOperand(0)->getType() == i128_) {
         compare->replaceAllUsesWith(compareWords(b, compare->getPredicate(), wordsOf(compare->getOperand(0)), wordsOf(compare->getOperand(1))));
         retire(*compare);
      } else if (auto* select = llvm::dyn_cast<llvm::SelectInst>(&instruction); select && select->getType() == i128_) {
         Words a = wordsOf(select->getTrueValue()), c = wordsOf(select->getFalseValue());
         replace(*select, {b.CreateSelect(select->getCondition(), a[0], c[0]), b.CreateSelect(select->getCondition(), a[1], c[1])});
      } else if (auto* overflow = llvm::dyn_cast<llvm::WithOverflowInst>(&instruction);
                 overflow && overflow->getLHS()->getType() == i128_ && splitsOverflow(*overflow)) {
         overflowing_[overflow] = overflowWords(b, *overflow);
         retire(*overflow);
      } else if (auto* extract = llvm::dyn_cast<llvm::ExtractValueInst>(&instruction); extract && overflowing_.count(extract->getAggregateOperand())) {
         const Overflowing& parts = overflowing_[extract->getAggregateOperand()];
         if (extract->getIndices()[0] == 0) {
            replace(*extract, parts.result);
         } else {
            extract->replaceAllUsesWith(parts.overflow);
            retire(*extract);
         }
      } else {
         // Anything else keeps its i128 operands, joined from their words where they were split.
         for (llvm::Use& use : instruction.operands()) {
            auto* operand = llvm::dyn_cast<llvm::Instruction>(use.get());
            if (use->getType() != i128_ || !operand || !retired_.count(operand)) continue;
            Words words = wordsOf(operand);
            use.set(b.CreateOr(b.CreateZExt(words[0], i128_), b.CreateShl(b.CreateZExt(words[1], i128_), 64)));
         }
      }
   }

   static bool splitsBinary(const llvm::BinaryOperator& binary) {
      switch (binary.getOpcode()) {
         case llvm::Instruction::Add:
         case llvm::Instruction::Sub:
         case llvm::Instruction::Mul:
         case llvm::Instruction::And:
         case llvm::Instruction::Or:
         case llvm::Instruction::Xor: return true;
         default: return false;
      }
   }

   /// Only results read by extractvalue (the form generated code has) are taken apart.
   bool splitsOverflow(const llvm::WithOverflowInst& overflow) const {
      if (overflow.getBinaryOp() != llvm::Instruction::Add && overflow.getBinaryOp() != llvm::Instruction::Sub) return false;
      if (!overflow.isSigned()) return false;
      for (const llvm::User* user : overflow.users())
         if (!llvm::isa<llvm::ExtractValueInst>(user)) return false;
      return true;
   }

   Words binaryWords(llvm::IRBuilder<>& b, llvm::Instruction::BinaryOps opcode, Words a, Words c) {
      switch (opcode) {
         case llvm::Instruction::Add: {
            llvm::Value* low = b.CreateAdd(a[0], c[0]);
            llvm::Value* carry = b.CreateZExt(b.CreateICmpULT(low, a[0]), i64_);
            return {low, b.CreateAdd(b.CreateAdd(a[1], c[1]), carry)};
         }
         case llvm::Instruction::Sub: {
            llvm::Value* borrow = b.CreateZExt(b.CreateICmpULT(a[0], c[0]), i64_);
            return {b.CreateSub(a[0], c[0]), b.CreateSub(b.CreateSub(a[1], c[1]), borrow)};
         }
         case llvm::Instruction::Mul: return multiply(b, a, c);
         default: return {b.CreateBinOp(opcode, a[0], c[0]), b.CreateBinOp(opcode, a[1], c[1])};
      }
   }

   /// The product's low 128 bits, from a runtime call (the words' partial products would be
   /// longer code than the call).
   Words multiply(llvm::IRBuilder<>& b, Words a, Words c) {
      if (!product_) {
         llvm::IRBuilder<> entry(&*function_.getEntryBlock().getFirstInsertionPt());
         product_ = entry.CreateAlloca(llvm::ArrayType::get(i64_, 2));
      }
      llvm::Module& module = *function_.getParent();
      llvm::FunctionCallee callee = module.getOrInsertFunction(runtime::kiln_multiply_words.name, runtime::kiln_multiply_words.type(module.getContext()));
      b.CreateCall(callee, {product_, a[0], a[1], c[0], c[1]});
      return {b.CreateLoad(i64_, product_), b.CreateLoad(i64_, b.CreateConstGEP1_64(b.getInt8Ty(), product_, 8))};
   }

   Overflowing overflowWords(llvm::IRBuilder<>& b, const llvm::WithOverflowInst& overflow) {
      Words a = wordsOf(overflow.getLHS()), c = wordsOf(overflow.getRHS());
      bool add = overflow.getBinaryOp() == llvm::Instruction::Add;
      Words result = binaryWords(b, add ? llvm::Instruction::Add : llvm::Instruction::Sub, a, c);
      // Signed overflow: the result's sign differs from what the operands' signs demand.
      llvm::Value* signs = add ? b.CreateAnd(b.CreateXor(a[1], result[1]), b.CreateXor(c[1], result[1]))
                               : b.CreateAnd(b.CreateXor(a[1], c[1]), b.CreateXor(a[1], result[1]));
      return {result, b.CreateICmpSLT(signs, b.getInt64(0))};
   }

   llvm::Value* compareWords(llvm::IRBuilder<>& b, llvm::CmpInst::Predicate predicate, Words a, Words c) {
      if (predicate == llvm::CmpInst::ICMP_EQ) return b.CreateAnd(b.CreateICmpEQ(a[0], c[0]), b.CreateICmpEQ(a[1], c[1]));
      if (predicate == llvm::CmpInst::ICMP_NE) return b.CreateOr(b.CreateICmpNE(a[0], c[0]), b.CreateICmpNE(a[1], c[1]));
      // The high words decide unless equal; then the low words, unsigned.
      llvm::Value* highDecides = b.CreateICmp(llvm::CmpInst::getStrictPredicate(predicate), a[1], c[1]);
      llvm::Value* lowDecides = b.CreateICmp(llvm::ICmpInst::getUnsignedPredicate(predicate), a[0], c[0]);
      return b.CreateOr(highDecides, b.CreateAnd(b.CreateICmpEQ(a[1], c[1]), lowDecides));
   }

   /// The words of an i128 value: split already, a constant's, or (an argument, a result of an
   /// operation left whole) taken apart where it is defined.
   Words wordsOf(llvm::Value* value) {
      if (auto found = words_.find(value); found != words_.end()) return found->second;
      if (auto* constant = llvm::dyn_cast<llvm::ConstantInt>(value)) {
         const llvm::APInt& bits = constant->getValue();
         return {llvm::ConstantInt::get(i64_, bits.extractBitsAsZExtValue(64, 0)), llvm::ConstantInt::get(i64_, bits.extractBitsAsZExtValue(64, 64))};
      }
      if (llvm::isa<llvm::UndefValue>(value)) return {llvm::PoisonValue::get(i64_), llvm::PoisonValue::get(i64_)};
      llvm::BasicBlock::iterator at = function_.getEntryBlock().getFirstInsertionPt();
      if (auto* defined = llvm::dyn_cast<llvm::Instruction>(value)) at = std::next(defined->getIterator());
      if (llvm::isa<llvm::PHINode>(*at)) at = at->getParent()->getFirstInsertionPt();
      llvm::IRBuilder<> b(at->getParent(), at);
      Words split{b.CreateTrunc(value, i64_), b.CreateTrunc(b.CreateLShr(value, 64), i64_)};
      words_[value] = split;
      return split;
   }

   llvm::Function& function_;
   llvm::Type* i64_;
   llvm::Type* i128_;
   llvm::DenseMap<llvm::Value*, Words> words_;
   llvm::DenseMap<llvm::Value*, Overflowing> overflowing_;
   llvm::DenseSet<llvm::Instruction*> retired_;
   std::vector<llvm::PHINode*> phis_;
   std::vector<llvm::Instruction*> dead_;
   llvm::Value* product_ = nullptr;
};

}  // namespace

void splitWideIntegers(llvm::Function& function) { WideIntegerSplitter(function).run(); }

}  // namespace kiln
