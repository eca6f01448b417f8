// Every runtime helper in codegen/runtime_functions.h: its LLVM declaration is well-formed and
// the JIT resolves its name to the helper's address.
#include <gtest/gtest.h>

#include <llvm/IR/Constants.h>
#include <llvm/IR/IRBuilder.h>
#include <llvm/IR/Module.h>
#include <llvm/IR/Verifier.h>

#include <set>
#include <string>

#include "codegen/jit.h"
#include "codegen/runtime_functions.h"

using namespace kiln;

TEST(RuntimeFunctions, NamesAreUnique) {
   std::set<std::string> names;
   for (const RuntimeFunction& function : runtimeFunctions()) EXPECT_TRUE(names.insert(function.name).second) << function.name;
}

TEST(RuntimeFunctions, JitResolvesEveryName) {
   auto context = std::make_unique<llvm::LLVMContext>();
   auto module = std::make_unique<llvm::Module>("runtime_functions_test", *context);
   module->setDataLayout(Jit::instance().dataLayout());
   // A table of every helper's address, which linking the module resolves by name.
   std::vector<llvm::Constant*> addresses;
   for (const RuntimeFunction& function : runtimeFunctions())
      addresses.push_back(llvm::cast<llvm::Function>(module->getOrInsertFunction(function.name, function.type(*context)).getCallee()));
   auto* tableType = llvm::ArrayType::get(llvm::PointerType::get(*context, 0), addresses.size());
   auto* table = new llvm::GlobalVariable(*module, tableType, true, llvm::GlobalValue::InternalLinkage, llvm::ConstantArray::get(tableType, addresses));
   auto* getter = llvm::Function::Create(llvm::FunctionType::get(llvm::PointerType::get(*context, 0), false), llvm::Function::ExternalLinkage,
                                         "runtime_function_addresses", *module);
   llvm::IRBuilder<> builder(llvm::BasicBlock::Create(*context, "entry", getter));
   builder.CreateRet(table);
   ASSERT_FALSE(llvm::verifyModule(*module, &llvm::errs()));
   auto compiled = Jit::instance().compile(std::move(module), std::move(context));
   auto* resolved = reinterpret_cast<void* const* (*)()>(compiled->lookup("runtime_function_addresses"))();
   size_t i = 0;
   for (const RuntimeFunction& function : runtimeFunctions()) EXPECT_EQ(resolved[i++], function.address()) << function.name;
}
