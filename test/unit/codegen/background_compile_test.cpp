// With more than one core, a module's hot functions run as quick code at once and as optimized
// code once the background thread made it: both compute the same, the quick code calls the cold
// functions, and a module dropped before or while its background compile runs goes cleanly.
#include <gtest/gtest.h>

#include <llvm/IR/IRBuilder.h>
#include <llvm/IR/Module.h>

#include <chrono>
#include <thread>

#include "codegen/jit.h"

namespace {

/// A module of `int64 hot(int64 n)`: the sum of cold(i) = 2 * i + 1 for i below n, that is n * n.
std::pair<std::unique_ptr<llvm::Module>, std::unique_ptr<llvm::LLVMContext>> squares(int k) {
   auto context = std::make_unique<llvm::LLVMContext>();
   auto module = std::make_unique<llvm::Module>("squares" + std::to_string(k), *context);
   llvm::Type* i64 = llvm::Type::getInt64Ty(*context);
   auto* type = llvm::FunctionType::get(i64, {i64}, false);
   std::string suffix = std::to_string(k);
   auto* cold = llvm::Function::Create(type, llvm::Function::ExternalLinkage, "cold" + suffix, *module);
   llvm::IRBuilder<> b(llvm::BasicBlock::Create(*context, "entry", cold));
   b.CreateRet(b.CreateAdd(b.CreateMul(cold->getArg(0), b.getInt64(2)), b.getInt64(1)));
   auto* hot = llvm::Function::Create(type, llvm::Function::ExternalLinkage, "hot" + suffix, *module);
   auto* entry = llvm::BasicBlock::Create(*context, "entry", hot);
   auto* loop = llvm::BasicBlock::Create(*context, "loop", hot);
   auto* done = llvm::BasicBlock::Create(*context, "done", hot);
   b.SetInsertPoint(entry);
   b.CreateCondBr(b.CreateICmpSGT(hot->getArg(0), b.getInt64(0)), loop, done);
   b.SetInsertPoint(loop);
   llvm::PHINode* i = b.CreatePHI(i64, 2);
   llvm::PHINode* sum = b.CreatePHI(i64, 2);
   i->addIncoming(b.getInt64(0), entry);
   sum->addIncoming(b.getInt64(0), entry);
   llvm::Value* added = b.CreateAdd(sum, b.CreateCall(cold, {i}));
   llvm::Value* next = b.CreateAdd(i, b.getInt64(1));
   i->addIncoming(next, loop);
   sum->addIncoming(added, loop);
   b.CreateCondBr(b.CreateICmpSLT(next, hot->getArg(0)), loop, done);
   b.SetInsertPoint(done);
   llvm::PHINode* result = b.CreatePHI(i64, 2);
   result->addIncoming(b.getInt64(0), entry);
   result->addIncoming(added, loop);
   b.CreateRet(result);
   return {std::move(module), std::move(context)};
}

using Squares = int64_t (*)(int64_t);

TEST(BackgroundCompile, QuickCodeFirstThenTheOptimizedCode) {
   auto [module, context] = squares(0);
   auto compiled = kiln::Jit::instance().compile(std::move(module), std::move(context), {"cold0"});
   auto* quick = reinterpret_cast<Squares>(compiled->lookup("hot0"));
   EXPECT_EQ(quick(1000), 1000 * 1000);
   const std::atomic<void*>* optimized = compiled->optimizedEntry("hot0");
   EXPECT_EQ(compiled->optimizedEntry("cold0"), nullptr);
   if (!optimized) GTEST_SKIP() << "one core: the optimized code was made before the query ran";
   auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(30);
   while (!optimized->load() && std::chrono::steady_clock::now() < deadline) std::this_thread::sleep_for(std::chrono::milliseconds(1));
   ASSERT_NE(optimized->load(), nullptr);
   EXPECT_NE(optimized->load(), reinterpret_cast<void*>(quick));
   EXPECT_EQ(reinterpret_cast<Squares>(optimized->load())(3000), 3000 * 3000);
   EXPECT_EQ(compiled->lookup("hot0"), optimized->load());
   EXPECT_EQ(quick(7), 49);  // the quick code stays until the module goes
}

TEST(BackgroundCompile, ModulesDroppedBeforeTheirOptimizedCodeGoCleanly) {
   for (int k = 1; k <= 20; ++k) {
      auto [module, context] = squares(k);
      auto compiled = kiln::Jit::instance().compile(std::move(module), std::move(context), {"cold" + std::to_string(k)});
      EXPECT_EQ(reinterpret_cast<Squares>(compiled->lookup("hot" + std::to_string(k)))(k), k * k);
      if (k % 2) std::this_thread::sleep_for(std::chrono::microseconds(200 * k));
   }
}

}  // namespace
