// Array functions in generated code: calls of the runtime's array helpers (array_functions.cpp),
// with each function's own treatment of NULL arguments (PostgreSQL's).
#include "codegen/expression_compiler.h"
#include "codegen/runtime_functions.h"
#include "common/packed_type.h"
#include "runtime/helpers.h"

namespace kiln {

SqlValue ExpressionCompiler::compileArrayFunction(const Expr& e, const std::vector<SqlValue>& args) {
   auto& b = cx_.builder();
   auto address = [&](size_t i) { return ops_.stringAddress(args[i].value); };
   // A string argument that may be NULL: its address, or a null pointer.
   auto addressOrNull = [&](size_t i) -> llvm::Value* {
      if (i >= args.size()) return llvm::ConstantPointerNull::get(cx_.ptr());
      if (!args[i].isNull) return address(i);
      return b.CreateSelect(args[i].isNull, llvm::ConstantPointerNull::get(cx_.ptr()), address(i));
   };
   auto elementType = [&](SqlType array) { return cx_.int64(int64_t(packType(array.elementType()))); };
   auto cardinality = [&] { return cx_.callRuntime(runtime::kiln_array_cardinality, {address(0)}); };
   // A result that can be NULL for non-NULL arguments too: `compute` stores its NULL flag (i8).
   auto withOwnNull = [&](const std::vector<SqlValue>& inputs, const std::function<llvm::Value*(llvm::Value*)>& compute) -> SqlValue {
      llvm::Value* nullSlot = cx_.entryAlloca(cx_.i8());
      b.CreateStore(cx_.int8(1), nullSlot);
      SqlValue result = ops_.guardNulls(inputs, e.type, [&] { return compute(nullSlot); });
      return {result.value, b.CreateICmpNE(b.CreateLoad(cx_.i8(), nullSlot), cx_.int8(0)), e.type};
   };
   switch (e.functionId()) {
      case FunctionId::ArrayBuild: {
         unsigned count = unsigned(args.size());
         auto* stringsType = llvm::ArrayType::get(cx_.stringType(), count);
         auto* nullsType = llvm::ArrayType::get(cx_.i8(), count);
         llvm::Value* strings = cx_.entryAlloca(stringsType);
         llvm::Value* nulls = cx_.entryAlloca(nullsType);
         for (unsigned i = 0; i < count; ++i) {
            b.CreateStore(args[i].value, b.CreateConstInBoundsGEP2_32(stringsType, strings, 0, i));
            b.CreateStore(b.CreateZExt(ops_.isNull(args[i]), cx_.i8()), b.CreateConstInBoundsGEP2_32(nullsType, nulls, 0, i));
         }
         return {ops_.callStringHelper(runtime::kiln_array_build, {strings, nulls, cx_.int32(int32_t(count)), elementType(e.type)}, true), nullptr, e.type};
      }
      case FunctionId::ArraySubscript:
         return withOwnNull({args[0], args[1]}, [&](llvm::Value* nullSlot) {
            llvm::Value* out = cx_.entryAlloca(cx_.stringType());
            b.CreateStore(cx_.callRuntime(runtime::kiln_array_subscript, {address(0), args[1].value, out, ops_.arena()}), nullSlot);
            return b.CreateLoad(cx_.stringType(), out);
         });
      case FunctionId::ArrayCardinality: return ops_.guardNulls({args[0]}, e.type, cardinality);
      case FunctionId::ArrayDims:
         return withOwnNull({args[0]}, [&](llvm::Value* nullSlot) {
            llvm::Value* out = cx_.entryAlloca(cx_.stringType());
            b.CreateStore(cx_.callRuntime(runtime::kiln_array_dims, {address(0), out, ops_.arena()}), nullSlot);
            return b.CreateLoad(cx_.stringType(), out);
         });
      case FunctionId::ArrayLength:
      case FunctionId::ArrayLower:
      case FunctionId::ArrayNdims:
         // One dimension: NULL for an empty array, and for another dimension.
         return withOwnNull(args, [&](llvm::Value* nullSlot) -> llvm::Value* {
            llvm::Value* n = cardinality();
            llvm::Value* missing = b.CreateICmpEQ(n, cx_.int32(0));
            if (args.size() > 1) missing = b.CreateOr(missing, b.CreateICmpNE(args[1].value, cx_.int64(1)));
            b.CreateStore(b.CreateZExt(missing, cx_.i8()), nullSlot);
            return e.functionId() == FunctionId::ArrayLength ? n : cx_.int32(1);
         });
      case FunctionId::ArrayToString:
         return ops_.guardNulls({args[0], args[1]}, e.type, [&] {
            return ops_.callStringHelper(runtime::kiln_array_to_string, {address(0), address(1), addressOrNull(2)}, true);
         });
      case FunctionId::StringToArray:
         return ops_.guardNulls({args[0]}, e.type, [&] {
            return ops_.callStringHelper(runtime::kiln_string_to_array, {address(0), addressOrNull(1), addressOrNull(2)}, true);
         });
      case FunctionId::ArrayCat: {
         llvm::Value* value = ops_.callStringHelper(runtime::kiln_array_cat, {addressOrNull(0), addressOrNull(1)}, true);
         llvm::Value* bothNull = args[0].isNull && args[1].isNull ? b.CreateAnd(args[0].isNull, args[1].isNull) : nullptr;
         return {value, bothNull, e.type};
      }
      case FunctionId::ArrayAppend:
      case FunctionId::ArrayPrepend: {
         bool append = e.functionId() == FunctionId::ArrayAppend;
         size_t array = append ? 0 : 1, element = append ? 1 : 0;
         llvm::Value* value = ops_.callStringHelper(runtime::kiln_array_add, {addressOrNull(array), addressOrNull(element), elementType(e.type), cx_.int8(append)}, true);
         return {value, nullptr, e.type};
      }
      case FunctionId::ArrayPosition:
         return withOwnNull({args[0]}, [&](llvm::Value* nullSlot) {
            if (args.size() > 2 && args[2].isNull) cx_.errorIf(args[2].isNull, int32_t(RuntimeError::NullArrayStart));
            llvm::Value* start = args.size() > 2 ? args[2].value : cx_.int64(1);
            llvm::Value* at = cx_.callRuntime(runtime::kiln_array_position, {address(0), addressOrNull(1), elementType(args[0].type), start});
            b.CreateStore(b.CreateZExt(b.CreateICmpEQ(at, cx_.int32(0)), cx_.i8()), nullSlot);
            return at;
         });
      case FunctionId::ArrayRemove:
      case FunctionId::ArrayReplace:
         return ops_.guardNulls({args[0]}, e.type, [&] {
            bool remove = e.functionId() == FunctionId::ArrayRemove;
            return ops_.callStringHelper(runtime::kiln_array_replace, {address(0), addressOrNull(1), remove ? llvm::ConstantPointerNull::get(cx_.ptr()) : addressOrNull(2),
                                                                elementType(e.type), cx_.int8(remove)},
                                         true);
         });
      case FunctionId::ArrayCompare: {
         // value op ANY (array): true when a comparison is, else NULL when one is NULL, else false;
         // ALL the same with false and true swapped. Elements are cast from their text.
         auto cmp = CompareOp(e.constant.integer & 0xFF);
         bool all = (e.constant.integer >> 8) != 0;
         return withOwnNull({args[1]}, [&](llvm::Value* nullSlot) {
            SqlOps::UnpackedArray array = ops_.unpackArray(args[1].value);
            llvm::Value* decided = cx_.entryAlloca(cx_.i8());
            llvm::Value* sawNull = cx_.entryAlloca(cx_.i8());
            b.CreateStore(cx_.int8(0), decided);
            b.CreateStore(cx_.int8(0), sawNull);
            cx_.forRange(cx_.int64(0), array.count, [&](llvm::Value* i) {
               SqlValue element = ops_.cast(ops_.arrayElement(array, i), args[0].type, false);
               SqlValue c = ops_.compare(cmp, args[0], element);
               llvm::Value* known = b.CreateNot(ops_.isNull(c));
               llvm::Value* decisive = b.CreateAnd(known, all ? b.CreateNot(c.value) : c.value);
               b.CreateStore(b.CreateOr(b.CreateLoad(cx_.i8(), decided), b.CreateZExt(decisive, cx_.i8())), decided);
               b.CreateStore(b.CreateOr(b.CreateLoad(cx_.i8(), sawNull), b.CreateZExt(ops_.isNull(c), cx_.i8())), sawNull);
            });
            llvm::Value* isDecided = b.CreateICmpNE(b.CreateLoad(cx_.i8(), decided), cx_.int8(0));
            llvm::Value* unknown = b.CreateAnd(b.CreateNot(isDecided), b.CreateICmpNE(b.CreateLoad(cx_.i8(), sawNull), cx_.int8(0)));
            b.CreateStore(b.CreateZExt(unknown, cx_.i8()), nullSlot);
            return all ? b.CreateNot(isDecided) : isDecided;
         });
      }
      case FunctionId::ArrayContains:
         return ops_.guardNulls(args, e.type, [&] {
            llvm::Value* result = cx_.callRuntime(runtime::kiln_array_contains, {address(0), address(1), elementType(args[0].type), cx_.int8(e.constant.integer != 0)});
            return b.CreateICmpNE(result, cx_.int8(0));
         });
      case FunctionId::ArraySlice:
         return ops_.guardNulls(args, e.type, [&] {
            return ops_.callStringHelper(runtime::kiln_array_slice, {address(0), args[1].value, args[2].value}, true);
         });
      case FunctionId::ArrayElementText:
         return ops_.guardNulls({args[0]}, e.type, [&] {
            return ops_.callStringHelper(runtime::kiln_array_element_text, {address(0), cx_.int64(e.constant.integer)}, true);
         });
      default: throw Error("XX000", std::string("not an array function: ") + functionName(e.functionId()));
   }
}

}  // namespace kiln
