// Splitting string values into words leaves no instruction that yields or stores a string, keeps
// the function valid, and keeps what it computes: a loop that carries a string in a phi, picks
// one by select, builds one with insertvalue and stores it.
#include <gtest/gtest.h>

#include <llvm/IR/IRBuilder.h>
#include <llvm/IR/Module.h>
#include <llvm/IR/Verifier.h>

#include "codegen/split_string_values.h"

namespace {

TEST(SplitStringValues, NoStringValuesRemainAndTheFunctionStaysValid) {
   llvm::LLVMContext context;
   llvm::Module module("test", context);
   llvm::Type* i64 = llvm::Type::getInt64Ty(context);
   llvm::PointerType* ptr = llvm::PointerType::get(context, 0);
   llvm::StructType* string = llvm::StructType::create(context, {i64, i64}, "string");
   // void f(ptr in, ptr out, i64 n): out = the last of in[0..n) whose first word is odd, else in[0].
   auto* function = llvm::Function::Create(llvm::FunctionType::get(llvm::Type::getVoidTy(context), {ptr, ptr, i64}, false), llvm::Function::ExternalLinkage,
                                           "f", module);
   llvm::Value *in = function->getArg(0), *out = function->getArg(1), *n = function->getArg(2);
   auto* entry = llvm::BasicBlock::Create(context, "entry", function);
   auto* loop = llvm::BasicBlock::Create(context, "loop", function);
   auto* done = llvm::BasicBlock::Create(context, "done", function);
   llvm::IRBuilder<> b(entry);
   llvm::Value* first = b.CreateLoad(string, in);
   b.CreateBr(loop);
   b.SetInsertPoint(loop);
   llvm::PHINode* i = b.CreatePHI(i64, 2);
   llvm::PHINode* best = b.CreatePHI(string, 2);
   i->addIncoming(b.getInt64(0), entry);
   best->addIncoming(first, entry);
   llvm::Value* current = b.CreateLoad(string, b.CreateInBoundsGEP(string, in, i));
   llvm::Value* odd = b.CreateTrunc(b.CreateExtractValue(current, 0), b.getInt1Ty());
   llvm::Value* chosen = b.CreateSelect(odd, current, best);
   llvm::Value* next = b.CreateAdd(i, b.getInt64(1));
   i->addIncoming(next, loop);
   best->addIncoming(chosen, loop);
   b.CreateCondBr(b.CreateICmpULT(next, n), loop, done);
   b.SetInsertPoint(done);
   llvm::Value* rebuilt = b.CreateInsertValue(llvm::UndefValue::get(string), b.CreateExtractValue(chosen, 0), 0);
   rebuilt = b.CreateInsertValue(rebuilt, b.CreateExtractValue(best, 1), 1);
   b.CreateStore(rebuilt, out);
   b.CreateStore(llvm::ConstantStruct::get(string, {b.getInt64(2), b.getInt64(3)}), b.CreateConstGEP1_64(string, out, 1));
   b.CreateRetVoid();
   ASSERT_FALSE(llvm::verifyFunction(*function, &llvm::errs()));

   kiln::splitStringValues(*function, string);

   EXPECT_FALSE(llvm::verifyFunction(*function, &llvm::errs()));
   size_t loads = 0, stores = 0;
   for (llvm::BasicBlock& block : *function)
      for (llvm::Instruction& instruction : block) {
         EXPECT_NE(instruction.getType(), string);
         for (llvm::Value* operand : instruction.operands()) EXPECT_NE(operand->getType(), string);
         loads += llvm::isa<llvm::LoadInst>(instruction);
         stores += llvm::isa<llvm::StoreInst>(instruction);
      }
   EXPECT_EQ(loads, 4u);   // two strings, two words each
   EXPECT_EQ(stores, 4u);  // two strings stored
}

}  // namespace
