// The query's state: one LLVM struct per query, whose fields translators declare by name and type
// while they generate code (after NoisePage's StateDescriptor). Each generated function receives
// a pointer to it; a field's address there is the state plus a constant, its offset as the
// target's DataLayout lays the struct out, which the host side fills the field by (StateField).
// A parallel query gives each worker a state of its own.
#pragma once

#include <string>
#include <vector>

#include <llvm/IR/DataLayout.h>
#include <llvm/IR/DerivedTypes.h>

#include "runtime/query_runtime.h"

namespace kiln {

class CodeContext;

class QueryState {
   public:
   /// A declared field; as a StateField, where the host side finds it.
   struct Field : StateField {
      unsigned index = 0;
      llvm::Type* type = nullptr;
      const QueryState* state = nullptr;

      /// Its address in the state of the function being generated.
      llvm::Value* pointer(CodeContext& cx) const;
      /// Its value there.
      llvm::Value* load(CodeContext& cx) const;
   };

   QueryState(llvm::LLVMContext& context, const llvm::DataLayout& dataLayout);
   QueryState(const QueryState&) = delete;  // its fields point to it
   QueryState& operator=(const QueryState&) = delete;

   /// A field of `type` after those declared so far; `name` is for a reader of the IR.
   Field declare(std::string name, llvm::Type* type);
   /// A field holding a pointer (to an object the host side makes, mostly).
   Field declarePointer(std::string name) { return declare(std::move(name), llvm::PointerType::getUnqual(context_)); }

   /// StateHeader's fields.
   const Field& arena() const { return arena_; }
   const Field& pipelineDone() const { return pipelineDone_; }

   /// The struct, once every field is declared; its size and alignment, for the runtime.
   StateLayout finish();

   private:
   llvm::LLVMContext& context_;
   const llvm::DataLayout& dataLayout_;
   std::vector<std::string> names_;
   std::vector<llvm::Type*> types_;
   std::vector<uint64_t> offsets_;
   uint64_t size_ = 0;
   llvm::Align alignment_;
   Field arena_, pipelineDone_;
};

}  // namespace kiln
