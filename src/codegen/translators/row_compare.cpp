#include "codegen/translators/row_compare.h"

#include "codegen/translators/row_access.h"

namespace kiln {

std::string generateRowCompare(CodeContext& cx, const std::vector<std::pair<RowLayout::Field, SortKey>>& keys) {
   auto& b = cx.builder();
   SqlOps ops(cx);
   std::string name = cx.uniqueName("compare");
   cx.beginFunction(name, llvm::FunctionType::get(cx.i32(), {cx.ptr(), cx.ptr()}, false));
   llvm::Value* left = cx.argument(0);
   llvm::Value* right = cx.argument(1);
   for (auto& [field, key] : keys) {
      SqlValue a = loadField(cx, left, field), c = loadField(cx, right, field);
      auto returnIf = [&](llvm::Value* condition, int32_t result) { cx.ifThen(condition, [&] { b.CreateRet(cx.int32(result)); }); };
      auto compareValues = [&] {
         llvm::Value* order = ops.order(a.value, c.value, field.type);
         if (key.descending) order = b.CreateNeg(order);
         cx.ifThen(b.CreateICmpNE(order, cx.int32(0)), [&] { b.CreateRet(order); });
      };
      if (a.isNull) {
         int32_t nullFirst = key.nullsFirst ? -1 : 1;
         returnIf(b.CreateAnd(a.isNull, b.CreateNot(c.isNull)), nullFirst);
         returnIf(b.CreateAnd(c.isNull, b.CreateNot(a.isNull)), -nullFirst);
         // Both NULL: equal on this key.
         cx.ifThen(b.CreateNot(b.CreateOr(a.isNull, c.isNull)), compareValues);
      } else {
         compareValues();
      }
   }
   b.CreateRet(cx.int32(0));
   cx.finishFunction();
   return name;
}

}  // namespace kiln
