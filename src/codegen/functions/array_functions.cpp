// The code of the array functions (their signatures: algebra/functions/array_functions.cpp): calls
// of the runtime's array helpers (runtime/array_functions.cpp), with each function's own treatment
// of NULL arguments (PostgreSQL's).
#include <llvm/IR/Constants.h>

#include "codegen/function_compiler.h"
#include "codegen/runtime_functions.h"
#include "runtime/helpers.h"

namespace kiln {

namespace {

llvm::Value* cardinality(const FunctionCall& call) { return call.cx.callRuntime(runtime::kiln_array_cardinality, {call.address(0)}); }

SqlValue dims(const FunctionCall& call) {
   return call.withOwnNull({call.args[0]}, [&](llvm::Value* nullSlot) {
      llvm::Value* out = call.cx.entryAlloca(call.cx.stringType());
      call.builder().CreateStore(call.cx.callRuntime(runtime::kiln_array_dims, {call.address(0), out, call.ops.arena()}), nullSlot);
      return call.builder().CreateLoad(call.cx.stringType(), out);
   });
}

/// array_length, array_upper, array_lower and array_ndims of one dimension: NULL for an empty
/// array, and for another dimension.
SqlValue dimension(const FunctionCall& call) {
   auto& b = call.builder();
   CodeContext& cx = call.cx;
   return call.withOwnNull(call.args, [&](llvm::Value* nullSlot) -> llvm::Value* {
      llvm::Value* n = cardinality(call);
      llvm::Value* missing = b.CreateICmpEQ(n, cx.int32(0));
      if (call.args.size() > 1) missing = b.CreateOr(missing, b.CreateICmpNE(call.args[1].value, cx.int64(1)));
      b.CreateStore(b.CreateZExt(missing, cx.i8()), nullSlot);
      return call.expr.functionId() == FunctionId::ArrayLength ? n : cx.int32(1);
   });
}

SqlValue arrayToString(const FunctionCall& call) {
   return call.ops.guardNulls({call.args[0], call.args[1]}, call.expr.type, [&] {
      return call.ops.callStringHelper(runtime::kiln_array_to_string, {call.address(0), call.address(1), call.addressOrNull(2)}, true);
   });
}

SqlValue stringToArray(const FunctionCall& call) {
   return call.ops.guardNulls({call.args[0]}, call.expr.type, [&] {
      return call.ops.callStringHelper(runtime::kiln_string_to_array, {call.address(0), call.addressOrNull(1), call.addressOrNull(2)}, true);
   });
}

SqlValue cat(const FunctionCall& call) {
   auto& b = call.builder();
   const std::vector<SqlValue>& args = call.args;
   llvm::Value* value = call.ops.callStringHelper(runtime::kiln_array_cat, {call.addressOrNull(0), call.addressOrNull(1)}, true);
   llvm::Value* bothNull = args[0].isNull && args[1].isNull ? b.CreateAnd(args[0].isNull, args[1].isNull) : nullptr;
   return {value, bothNull, call.expr.type};
}

/// array_append and array_prepend: never NULL.
SqlValue add(const FunctionCall& call) {
   bool append = call.expr.functionId() == FunctionId::ArrayAppend;
   size_t array = append ? 0 : 1, element = append ? 1 : 0;
   llvm::Value* value = call.ops.callStringHelper(
      runtime::kiln_array_add, {call.addressOrNull(array), call.addressOrNull(element), call.elementType(call.expr.type), call.cx.int8(append)}, true);
   return {value, nullptr, call.expr.type};
}

SqlValue position(const FunctionCall& call) {
   auto& b = call.builder();
   CodeContext& cx = call.cx;
   const std::vector<SqlValue>& args = call.args;
   return call.withOwnNull({args[0]}, [&](llvm::Value* nullSlot) {
      if (args.size() > 2 && args[2].isNull) cx.errorIf(args[2].isNull, int32_t(RuntimeError::NullArrayStart));
      llvm::Value* start = args.size() > 2 ? args[2].value : cx.int64(1);
      llvm::Value* at = cx.callRuntime(runtime::kiln_array_position, {call.address(0), call.addressOrNull(1), call.elementType(args[0].type), start});
      b.CreateStore(b.CreateZExt(b.CreateICmpEQ(at, cx.int32(0)), cx.i8()), nullSlot);
      return at;
   });
}

/// array_remove and array_replace.
SqlValue replace(const FunctionCall& call) {
   return call.ops.guardNulls({call.args[0]}, call.expr.type, [&] {
      bool remove = call.expr.functionId() == FunctionId::ArrayRemove;
      llvm::Value* replacement = remove ? llvm::ConstantPointerNull::get(call.cx.ptr()) : call.addressOrNull(2);
      return call.ops.callStringHelper(runtime::kiln_array_replace,
                                       {call.address(0), call.addressOrNull(1), replacement, call.elementType(call.expr.type), call.cx.int8(remove)}, true);
   });
}

}  // namespace

std::span<const FunctionCompiler> arrayFunctionCompilers() {
   static constexpr FunctionCompiler compilers[] = {
      {FunctionId::ArrayCardinality, cardinality},
      {FunctionId::ArrayDims, dims},
      {FunctionId::ArrayLength, dimension},
      {FunctionId::ArrayLower, dimension},
      {FunctionId::ArrayNdims, dimension},
      {FunctionId::ArrayToString, arrayToString},
      {FunctionId::StringToArray, stringToArray},
      {FunctionId::ArrayCat, cat},
      {FunctionId::ArrayAppend, add},
      {FunctionId::ArrayPrepend, add},
      {FunctionId::ArrayPosition, position},
      {FunctionId::ArrayRemove, replace},
      {FunctionId::ArrayReplace, replace},
   };
   return compilers;
}

}  // namespace kiln
