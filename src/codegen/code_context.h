// The LLVM module under construction for one query, its builder, the IR types of SQL values,
// the runtime helpers' declarations, and small helpers that make control flow read like code.
#pragma once

#include <functional>
#include <memory>
#include <string>
#include <unordered_map>

#include <llvm/IR/IRBuilder.h>
#include <llvm/IR/LLVMContext.h>
#include <llvm/IR/Module.h>

#include "codegen/query_state.h"
#include "common/row_layout.h"
#include "kiln/kiln.h"

namespace kiln {

struct RuntimeFunction;

class CodeContext {
   public:
   explicit CodeContext(std::string namePrefix);

   llvm::LLVMContext& llvm() { return *context_; }
   llvm::Module& module() { return *module_; }
   llvm::IRBuilder<>& builder() { return *builder_; }
   /// Hands the module over to the JIT.
   std::unique_ptr<llvm::Module> takeModule() { return std::move(module_); }
   std::unique_ptr<llvm::LLVMContext> takeContext() { return std::move(context_); }
   /// An object prepared while compiling (a LIKE pattern, ...) that the generated code uses by its
   /// address: it lives as long as the compiled code. Returns that address as an IR constant.
   llvm::Constant* keepAlive(std::shared_ptr<const void> object);
   std::vector<std::shared_ptr<const void>> takeKeptObjects() { return std::move(kept_); }

   // IR types
   llvm::Type* i1() { return builder_->getInt1Ty(); }
   llvm::Type* i8() { return builder_->getInt8Ty(); }
   llvm::Type* i16() { return builder_->getInt16Ty(); }
   llvm::Type* i32() { return builder_->getInt32Ty(); }
   llvm::Type* i64() { return builder_->getInt64Ty(); }
   llvm::Type* i128() { return builder_->getInt128Ty(); }
   llvm::Type* f32() { return builder_->getFloatTy(); }
   llvm::Type* f64() { return builder_->getDoubleTy(); }
   llvm::PointerType* ptr() { return builder_->getPtrTy(); }
   llvm::StructType* stringType() { return stringType_; }
   llvm::StructType* intervalType() { return intervalType_; }
   /// The SSA type of a value of `type` (BOOLEAN is i1; in memory it is a byte).
   llvm::Type* valueType(SqlType type);
   /// The in-memory type of a value of `type`.
   llvm::Type* memoryType(SqlType type);

   llvm::Constant* int8(int64_t v) { return builder_->getInt8(uint8_t(v)); }
   llvm::Constant* int32(int64_t v) { return builder_->getInt32(uint32_t(v)); }
   llvm::Constant* int64(int64_t v) { return builder_->getInt64(uint64_t(v)); }
   llvm::Constant* int128(__int128 v);
   llvm::Constant* boolean(bool v) { return builder_->getInt1(v); }

   /// Calls a runtime helper (runtime_functions.h).
   llvm::CallInst* callRuntime(const RuntimeFunction& function, llvm::ArrayRef<llvm::Value*> args);

   /// The fields of the query's state the generated functions receive.
   QueryState& state() { return state_; }

   // Parameters of a prepared statement: a buffer (pointed to by `field`) laid out by `layout`.
   void setParameters(QueryState::Field field, const RowLayout* layout) {
      parameters_ = field;
      parameterLayout_ = layout;
   }
   const QueryState::Field& parameters() const { return parameters_; }
   const RowLayout* parameterLayout() const { return parameterLayout_; }

   // Functions
   /// Starts `void name(ptr state, i64 begin, i64 end)` and positions the builder in it.
   llvm::Function* beginPipelineFunction(const std::string& name);
   llvm::Function* beginFunction(const std::string& name, llvm::FunctionType* type);
   void finishFunction();
   llvm::Function* currentFunction() { return function_; }
   llvm::Value* argument(unsigned i) { return function_->getArg(i); }
   /// A stack slot in the entry block (promoted to registers by mem2reg).
   llvm::AllocaInst* entryAlloca(llvm::Type* type, const std::string& name = "");
   /// Emits code at the start of the function (before the body), e.g. to initialize a stack slot.
   void atEntry(const std::function<void(llvm::IRBuilder<>&)>& emit);
   std::string uniqueName(const std::string& base);

   // Control flow
   llvm::BasicBlock* newBlock(const std::string& name);
   void ifThen(llvm::Value* condition, const std::function<void()>& then);
   /// Both branches yield a value of the same type; returns the merged value.
   llvm::Value* ifThenElse(llvm::Value* condition, const std::function<llvm::Value*()>& then, const std::function<llvm::Value*()>& otherwise);
   /// Code that runs where the builder is (continuing in a new block if it ends in a jump).
   void emitInline(const std::function<void()>& emit);
   /// Code in a block nothing jumps to: generated, never run.
   void emitUnreachable(const std::function<void()>& emit);
   /// for (i = begin; i < end; ++i) body(i)
   void forRange(llvm::Value* begin, llvm::Value* end, const std::function<void(llvm::Value*)>& body);
   /// In a loop whose iterations may come by the billion for one row of the pipeline's source (a
   /// nested loop join's inner rows, a series): every 4096th iteration (`i` counts them) stops a
   /// cancelled statement, which the pipeline's blocks of source rows alone would let run on.
   void checkInterruptEvery4096(llvm::Value* i);
   /// Raises a run-time error (RuntimeError code) when `condition` holds.
   void errorIf(llvm::Value* condition, int32_t code);

   private:
   std::string prefix_;
   std::unique_ptr<llvm::LLVMContext> context_;
   std::unique_ptr<llvm::Module> module_;
   std::unique_ptr<llvm::IRBuilder<>> builder_;
   llvm::StructType* stringType_;
   llvm::StructType* intervalType_;
   QueryState state_;
   llvm::Function* function_ = nullptr;
   llvm::BasicBlock* entry_ = nullptr;
   std::unordered_map<const RuntimeFunction*, llvm::FunctionCallee> runtime_;
   std::vector<std::shared_ptr<const void>> kept_;
   unsigned counter_ = 0;
   QueryState::Field parameters_;
   const RowLayout* parameterLayout_ = nullptr;
};

}  // namespace kiln
