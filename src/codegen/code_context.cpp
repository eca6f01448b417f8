#include "codegen/code_context.h"

#include <llvm/IR/MDBuilder.h>

#include "codegen/jit.h"
#include "codegen/loop.h"
#include "codegen/runtime_functions.h"
#include "common/physical_type.h"

namespace kiln {

namespace {

/// A module laid out for the host. The query state is laid out by its DataLayout: a copy of the
/// JIT's, whose cache of struct layouts goes with the module (the JIT's would outlive this
/// context's types, and a later context's type at the same address would find a stale layout).
std::unique_ptr<llvm::Module> hostModule(const std::string& name, llvm::LLVMContext& context) {
   auto module = std::make_unique<llvm::Module>(name, context);
   module->setDataLayout(Jit::instance().dataLayout());
   return module;
}

}  // namespace

CodeContext::CodeContext(std::string namePrefix)
   : prefix_(std::move(namePrefix)),
     context_(std::make_unique<llvm::LLVMContext>()),
     module_(hostModule(prefix_, *context_)),
     builder_(std::make_unique<llvm::IRBuilder<>>(*context_)),
     stringType_(llvm::StructType::create(*context_, {i64(), i64()}, "string")),
     intervalType_(llvm::StructType::create(*context_, {i32(), i32(), i64()}, "interval")),
     state_(*context_, module_->getDataLayout()) {}

llvm::Type* CodeContext::valueType(SqlType type) { return type.id == TypeId::Boolean ? i1() : memoryType(type); }

llvm::Type* CodeContext::memoryType(SqlType type) {
   switch (physicalTypeOf(type)) {
      case PhysicalType::Bool: return i8();
      case PhysicalType::Int16: return i16();
      case PhysicalType::Int32: return i32();
      case PhysicalType::Int64: return i64();
      case PhysicalType::Int128: return i128();
      case PhysicalType::Float: return f32();
      case PhysicalType::Double: return f64();
      case PhysicalType::Interval: return intervalType_;
      case PhysicalType::String:
      case PhysicalType::Numeric: return stringType_;
   }
   return i64();
}

llvm::Constant* CodeContext::int128(__int128 v) {
   uint64_t words[2] = {uint64_t(v), uint64_t(static_cast<unsigned __int128>(v) >> 64)};
   return llvm::ConstantInt::get(*context_, llvm::APInt(128, words));
}

llvm::CallInst* CodeContext::callRuntime(const RuntimeFunction& function, llvm::ArrayRef<llvm::Value*> args) {
   auto it = runtime_.find(&function);
   if (it == runtime_.end()) {
      auto callee = module_->getOrInsertFunction(function.name, function.type(*context_));
      if (!function.returns) llvm::cast<llvm::Function>(callee.getCallee())->setDoesNotReturn();
      it = runtime_.emplace(&function, callee).first;
   }
   return builder_->CreateCall(it->second, args);
}

llvm::Function* CodeContext::beginFunction(const std::string& name, llvm::FunctionType* type) {
   function_ = llvm::Function::Create(type, llvm::Function::ExternalLinkage, name, *module_);
   // Errors are C++ exceptions thrown by runtime helpers: they unwind through this frame.
   function_->setUWTableKind(llvm::UWTableKind::Default);
   entry_ = llvm::BasicBlock::Create(*context_, "entry", function_);
   auto* body = llvm::BasicBlock::Create(*context_, "body", function_);
   builder_->SetInsertPoint(body);
   return function_;
}

llvm::Function* CodeContext::beginPipelineFunction(const std::string& name) {
   return beginFunction(name, llvm::FunctionType::get(builder_->getVoidTy(), {ptr(), i64(), i64()}, false));
}

void CodeContext::finishFunction() {
   // The entry block holds the allocas and falls through to the body.
   llvm::IRBuilder<> entryBuilder(entry_);
   entryBuilder.CreateBr(entry_->getNextNode());
   function_ = nullptr;
   entry_ = nullptr;
}

llvm::AllocaInst* CodeContext::entryAlloca(llvm::Type* type, const std::string& name) {
   llvm::IRBuilder<> entryBuilder(entry_, entry_->begin());
   return entryBuilder.CreateAlloca(type, nullptr, name);
}

void CodeContext::atEntry(const std::function<void(llvm::IRBuilder<>&)>& emit) {
   llvm::IRBuilder<> entryBuilder(entry_);
   emit(entryBuilder);
}

llvm::Constant* CodeContext::keepAlive(std::shared_ptr<const void> object) {
   const void* address = object.get();
   kept_.push_back(std::move(object));
   return llvm::ConstantExpr::getIntToPtr(int64(int64_t(reinterpret_cast<uintptr_t>(address))), ptr());
}

std::string CodeContext::uniqueName(const std::string& base) { return prefix_ + "_" + base + std::to_string(counter_++); }

llvm::BasicBlock* CodeContext::newBlock(const std::string& name) { return llvm::BasicBlock::Create(*context_, name, function_); }

void CodeContext::emitUnreachable(const std::function<void()>& emit) {
   llvm::BasicBlock* current = builder_->GetInsertBlock();
   builder_->SetInsertPoint(newBlock("never"));
   emit();
   if (!builder_->GetInsertBlock()->getTerminator()) builder_->CreateUnreachable();
   builder_->SetInsertPoint(current);
}

void CodeContext::emitInline(const std::function<void()>& emit) {
   emit();
   if (builder_->GetInsertBlock()->getTerminator()) builder_->SetInsertPoint(newBlock("after"));
}

void CodeContext::ifThen(llvm::Value* condition, const std::function<void()>& then) {
   // A condition known when compiling gets no branch: quick code would test the constant at run
   // time. The branch not taken is still generated (translators keep state as they go), where
   // nothing reaches it.
   if (auto* known = llvm::dyn_cast<llvm::ConstantInt>(condition)) return known->isOne() ? emitInline(then) : emitUnreachable(then);
   auto* thenBlock = newBlock("then");
   auto* after = newBlock("endif");
   builder_->CreateCondBr(condition, thenBlock, after);
   builder_->SetInsertPoint(thenBlock);
   then();
   if (!builder_->GetInsertBlock()->getTerminator()) builder_->CreateBr(after);
   builder_->SetInsertPoint(after);
}

llvm::Value* CodeContext::ifThenElse(llvm::Value* condition, const std::function<llvm::Value*()>& then, const std::function<llvm::Value*()>& otherwise) {
   if (auto* known = llvm::dyn_cast<llvm::ConstantInt>(condition)) {
      // Callers may count on `then` being generated before `otherwise`.
      llvm::Value* taken = nullptr;
      if (known->isOne()) {
         emitInline([&] { taken = then(); });
         emitUnreachable([&] { otherwise(); });
      } else {
         emitUnreachable([&] { then(); });
         emitInline([&] { taken = otherwise(); });
      }
      return taken;
   }
   auto* thenBlock = newBlock("then");
   auto* elseBlock = newBlock("else");
   auto* after = newBlock("endif");
   builder_->CreateCondBr(condition, thenBlock, elseBlock);
   builder_->SetInsertPoint(thenBlock);
   llvm::Value* a = then();
   llvm::BasicBlock* thenEnd = builder_->GetInsertBlock();
   builder_->CreateBr(after);
   builder_->SetInsertPoint(elseBlock);
   llvm::Value* b = otherwise();
   llvm::BasicBlock* elseEnd = builder_->GetInsertBlock();
   builder_->CreateBr(after);
   builder_->SetInsertPoint(after);
   if (!a) return nullptr;
   llvm::PHINode* phi = builder_->CreatePHI(a->getType(), 2);
   phi->addIncoming(a, thenEnd);
   phi->addIncoming(b, elseEnd);
   return phi;
}

void CodeContext::checkInterruptEvery4096(llvm::Value* i) {
   llvm::Value* mask = int64(4095);
   ifThen(builder_->CreateICmpEQ(builder_->CreateAnd(builder_->CreateZExtOrTrunc(i, i64()), mask), mask),
          [&] { callRuntime(runtime::kiln_check_interrupt, {}); });
}

void CodeContext::forRange(llvm::Value* begin, llvm::Value* end, const std::function<void(llvm::Value*)>& body) {
   Loop loop(*this, "loop", {begin});
   loop.runWhile(builder_->CreateICmpULT(loop[0], end));
   body(loop[0]);
   loop.repeat({builder_->CreateAdd(loop[0], int64(1))});
}

void CodeContext::errorIf(llvm::Value* condition, int32_t code) {
   auto* raise = newBlock("error");
   auto* after = newBlock("ok");
   builder_->CreateCondBr(condition, raise, after, llvm::MDBuilder(*context_).createBranchWeights(1, 1 << 20));
   builder_->SetInsertPoint(raise);
   callRuntime(runtime::kiln_error, {int32(code)});
   builder_->CreateUnreachable();
   builder_->SetInsertPoint(after);
}

}  // namespace kiln
