// Regular expression functions in generated code. A constant pattern (the usual case) is compiled
// while the query compiles and kept alive with its code; another pattern is compiled while the
// query runs, once per distinct text (RegexCache).
#include "codegen/expression_compiler.h"
#include "codegen/runtime_functions.h"
#include "runtime/regex.h"

namespace kiln {

SqlValue ExpressionCompiler::compileRegex(const Expr& e, const std::vector<SqlValue>& args) {
   auto& b = cx_.builder();
   RegexFlags flags = RegexFlags::parse(e.constant.string);
   const Expr& pattern = *e.children[1];
   bool constantPattern = pattern.kind == ExprKind::Constant && !pattern.constant.isNull;
   llvm::Constant* prepared = constantPattern ? cx_.keepAlive(std::make_shared<const Regex>(pattern.constant.string, flags))
                                              : cx_.keepAlive(std::make_shared<const RegexCache>(flags));
   auto regex = [&]() -> llvm::Value* {
      if (constantPattern) return prepared;
      return cx_.callRuntime(runtime::kiln_regex_compile, {prepared, ops_.stringAddress(args[1].value)});
   };
   auto address = [&](size_t i) { return ops_.stringAddress(args[i].value); };
   switch (e.functionId()) {
      case FunctionId::RegexMatch:
         return ops_.guardNulls(args, e.type, [&] { return b.CreateICmpNE(cx_.callRuntime(runtime::kiln_regex_match, {regex(), address(0)}), cx_.int8(0)); });
      case FunctionId::RegexCount:
         return ops_.guardNulls(args, e.type, [&] { return cx_.callRuntime(runtime::kiln_regex_count, {regex(), address(0), args[2].value}); });
      case FunctionId::RegexReplace:
         return ops_.guardNulls(args, e.type, [&] { return ops_.callStringHelper(runtime::kiln_regex_replace, {regex(), address(0), address(2)}, true); });
      case FunctionId::RegexSubstr:
      case FunctionId::RegexSubstring: {
         // NULL also when there is no such match or group.
         llvm::Value* missing = cx_.entryAlloca(cx_.i1());
         b.CreateStore(cx_.boolean(true), missing);
         SqlValue result = ops_.guardNulls(args, e.type, [&] {
            llvm::Value* out = cx_.entryAlloca(cx_.stringType());
            llvm::Value* found = e.functionId() == FunctionId::RegexSubstring
                                    ? cx_.callRuntime(runtime::kiln_regex_substring, {regex(), address(0), out})
                                    : cx_.callRuntime(runtime::kiln_regex_substr, {regex(), address(0), args[2].value, args[3].value, args[4].value, out});
            b.CreateStore(b.CreateICmpEQ(found, cx_.int8(0)), missing);
            return b.CreateLoad(cx_.stringType(), out);
         });
         result.isNull = b.CreateLoad(cx_.i1(), missing);
         return result;
      }
      default: throw Error("XX000", "internal: not a regular expression function");
   }
}

}  // namespace kiln
