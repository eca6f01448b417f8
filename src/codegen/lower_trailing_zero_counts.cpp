#include "codegen/lower_trailing_zero_counts.h"

#include <array>
#include <vector>

#include <llvm/IR/Constants.h>
#include <llvm/IR/GlobalVariable.h>
#include <llvm/IR/IRBuilder.h>
#include <llvm/IR/IntrinsicInst.h>
#include <llvm/IR/Module.h>

namespace kiln {

namespace {

constexpr uint64_t deBruijn64 = 0x03f79d71b4ca8b09ULL;  // each 6-bit window occurs once

/// table[(lowestBit * deBruijn64) >> 58] is the lowest bit's position.
llvm::GlobalVariable* positionTable(llvm::Module& module) {
   const char* name = "trailing_zero_positions";
   if (llvm::GlobalVariable* table = module.getNamedGlobal(name)) return table;
   std::array<uint8_t, 64> positions{};
   for (unsigned bit = 0; bit < 64; ++bit) positions[(deBruijn64 << bit) >> 58] = uint8_t(bit);
   llvm::Constant* contents = llvm::ConstantDataArray::get(module.getContext(), positions);
   return new llvm::GlobalVariable(module, contents->getType(), true, llvm::GlobalValue::PrivateLinkage, contents, name);
}

}  // namespace

void lowerTrailingZeroCounts(llvm::Function& function) {
   std::vector<llvm::IntrinsicInst*> counts;
   for (llvm::BasicBlock& block : function)
      for (llvm::Instruction& instruction : block)
         if (auto* call = llvm::dyn_cast<llvm::IntrinsicInst>(&instruction))
            if (call->getIntrinsicID() == llvm::Intrinsic::cttz && call->getType()->isIntegerTy() && call->getType()->getIntegerBitWidth() <= 64)
               counts.push_back(call);
   if (counts.empty()) return;
   llvm::GlobalVariable* table = positionTable(*function.getParent());
   for (llvm::IntrinsicInst* call : counts) {
      llvm::IRBuilder<> b(call);
      llvm::Value* value = b.CreateZExt(call->getArgOperand(0), b.getInt64Ty());
      llvm::Value* lowestBit = b.CreateAnd(value, b.CreateNeg(value));
      llvm::Value* index = b.CreateLShr(b.CreateMul(lowestBit, b.getInt64(deBruijn64)), 58);
      llvm::Value* position = b.CreateLoad(b.getInt8Ty(), b.CreateInBoundsGEP(b.getInt8Ty(), table, index));
      llvm::Value* count = b.CreateZExtOrTrunc(position, call->getType());
      // Unless zero is declared impossible, it has as many trailing zeros as bits.
      if (!llvm::cast<llvm::ConstantInt>(call->getArgOperand(1))->isOne()) {
         llvm::Value* width = llvm::ConstantInt::get(call->getType(), call->getType()->getIntegerBitWidth());
         count = b.CreateSelect(b.CreateICmpEQ(call->getArgOperand(0), llvm::Constant::getNullValue(call->getType())), width, count);
      }
      call->replaceAllUsesWith(count);
      call->eraseFromParent();
   }
}

}  // namespace kiln
