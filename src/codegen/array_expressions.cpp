// The array operators in generated code: ARRAY[...], subscripts, slices, @>, <@, && and ANY or
// ALL (the array functions: functions/array_functions.cpp).
#include "codegen/expression_compiler.h"
#include "codegen/function_compiler.h"
#include "codegen/runtime_functions.h"
#include "runtime/helpers.h"

namespace kiln {

SqlValue ExpressionCompiler::compileArrayOperator(const Expr& e, const std::vector<SqlValue>& args) {
   auto& b = cx_.builder();
   FunctionCall call{e, args, cx_, ops_};
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
         return {ops_.callStringHelper(runtime::kiln_array_build, {strings, nulls, cx_.int32(int32_t(count)), call.elementType(e.type)}, true), nullptr,
                 e.type};
      }
      case FunctionId::ArraySubscript:
         return call.withOwnNull({args[0], args[1]}, [&](llvm::Value* nullSlot) {
            llvm::Value* out = cx_.entryAlloca(cx_.stringType());
            b.CreateStore(cx_.callRuntime(runtime::kiln_array_subscript, {call.address(0), args[1].value, out, ops_.arena()}), nullSlot);
            return b.CreateLoad(cx_.stringType(), out);
         });
      case FunctionId::ArrayCompare: {
         // value op ANY (array): true when a comparison is, else NULL when one is NULL, else false;
         // ALL the same with false and true swapped. Elements are cast from their text.
         auto cmp = CompareOp(e.constant().integer & 0xFF);
         bool all = (e.constant().integer >> 8) != 0;
         return call.withOwnNull({args[1]}, [&](llvm::Value* nullSlot) {
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
            llvm::Value* result = cx_.callRuntime(runtime::kiln_array_contains,
                                                  {call.address(0), call.address(1), call.elementType(args[0].type), cx_.int8(e.constant().integer != 0)});
            return b.CreateICmpNE(result, cx_.int8(0));
         });
      case FunctionId::ArraySlice:
         return ops_.guardNulls(args, e.type,
                                [&] { return ops_.callStringHelper(runtime::kiln_array_slice, {call.address(0), args[1].value, args[2].value}, true); });
      case FunctionId::ArrayElementText:
         return ops_.guardNulls({args[0]}, e.type, [&] {
            return ops_.callStringHelper(runtime::kiln_array_element_text, {call.address(0), cx_.int64(e.constant().integer)}, true);
         });
      default: throw Error("XX000", std::string("not an array operator: ") + functionName(e.functionId()));
   }
}

}  // namespace kiln
