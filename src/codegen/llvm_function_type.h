// The LLVM type of a C++ function, for calls from generated code into precompiled C++: derived
// from the declaration, so a helper's declaration and the IR's idea of it cannot disagree.
#pragma once

#include <type_traits>

#include <llvm/IR/DerivedTypes.h>
#include <llvm/IR/LLVMContext.h>

namespace kiln {

/// The IR type of a C++ parameter or result type as the C calling convention passes it.
template <typename T>
llvm::Type* llvmTypeOf(llvm::LLVMContext& context) {
   if constexpr (std::is_void_v<T>) return llvm::Type::getVoidTy(context);
   // A C bool travels as a byte.
   else if constexpr (std::is_same_v<T, bool>) return llvm::Type::getInt8Ty(context);
   else if constexpr (std::is_same_v<T, __int128> || std::is_same_v<T, unsigned __int128>) return llvm::Type::getInt128Ty(context);
   else if constexpr (std::is_integral_v<T>) return llvm::Type::getIntNTy(context, 8 * sizeof(T));
   else if constexpr (std::is_same_v<T, double>) return llvm::Type::getDoubleTy(context);
   else if constexpr (std::is_same_v<T, float>) return llvm::Type::getFloatTy(context);
   else if constexpr (std::is_pointer_v<T>) return llvm::PointerType::get(context, 0);
   else static_assert(sizeof(T) == 0, "a runtime helper takes and returns only scalars and pointers");
}

template <typename Signature>
struct LlvmFunctionType;

template <typename Result, typename... Parameters>
struct LlvmFunctionType<Result(Parameters...)> {
   static llvm::FunctionType* get(llvm::LLVMContext& context) {
      return llvm::FunctionType::get(llvmTypeOf<Result>(context), {llvmTypeOf<Parameters>(context)...}, false);
   }
};

}  // namespace kiln
