#include "codegen/query_state.h"

#include <cstddef>
#include <stdexcept>

#include "codegen/code_context.h"

namespace kiln {

QueryState::QueryState(llvm::LLVMContext& context, const llvm::DataLayout& dataLayout) : context_(context), dataLayout_(dataLayout) {
   arena_ = declarePointer("arena");
   pipelineDone_ = declare("pipeline_done", llvm::Type::getInt8Ty(context));
   if (arena_.offset != offsetof(StateHeader, arena) || pipelineDone_.offset != offsetof(StateHeader, pipelineDone))
      throw std::logic_error("the query state's header is not laid out as StateHeader");
}

QueryState::Field QueryState::declare(std::string name, llvm::Type* type) {
   // As the DataLayout lays out a struct: each field at its ABI alignment, in order.
   llvm::Align align = dataLayout_.getABITypeAlign(type);
   uint64_t offset = llvm::alignTo(size_, align);
   size_ = offset + dataLayout_.getTypeAllocSize(type);
   alignment_ = std::max(alignment_, align);
   Field field;
   field.offset = uint32_t(offset);
   field.index = unsigned(types_.size());
   field.type = type;
   field.state = this;
   names_.push_back(std::move(name));
   types_.push_back(type);
   offsets_.push_back(offset);
   return field;
}

StateLayout QueryState::finish() {
   auto* type = llvm::StructType::create(context_, types_, "query_state");
   const llvm::StructLayout* layout = dataLayout_.getStructLayout(type);
   for (size_t i = 0; i < offsets_.size(); ++i)
      if (layout->getElementOffset(unsigned(i)) != offsets_[i]) throw std::logic_error("query state field " + names_[i] + " is not where the struct has it");
   return {size_t(layout->getSizeInBytes()), size_t(layout->getAlignment().value())};
}

llvm::Value* QueryState::Field::pointer(CodeContext& cx) const {
   return cx.builder().CreateConstInBoundsGEP1_64(cx.i8(), cx.argument(0), offset, llvm::Twine(state->names_[index]) + "_address");
}

llvm::Value* QueryState::Field::load(CodeContext& cx) const { return cx.builder().CreateLoad(type, pointer(cx), state->names_[index]); }

}  // namespace kiln
