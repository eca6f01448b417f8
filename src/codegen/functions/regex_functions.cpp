// The code of the regular expression functions (their signatures:
// algebra/functions/regex_functions.cpp). A constant pattern (the usual case) is compiled while
// the query compiles and kept alive with its code; another pattern is compiled while the query
// runs, once per distinct text (RegexCache).
#include "codegen/function_compiler.h"
#include "codegen/runtime_functions.h"
#include "runtime/regex.h"

namespace kiln {

namespace {

/// The compiled pattern, argument 1, with the call's flags.
llvm::Value* pattern(const FunctionCall& call) {
   RegexFlags flags = RegexFlags::parse(call.expr.constant().string);
   const Expr& pattern = *call.expr.children[1];
   if (pattern.kind == ExprKind::Constant && !pattern.constant().isNull)
      return call.cx.keepAlive(std::make_shared<const Regex>(pattern.constant().string, flags));
   llvm::Constant* cache = call.cx.keepAlive(std::make_shared<const RegexCache>(flags));
   return call.cx.callRuntime(runtime::kiln_regex_compile, {cache, call.address(1)});
}

llvm::Value* match(const FunctionCall& call) {
   return call.builder().CreateICmpNE(call.cx.callRuntime(runtime::kiln_regex_match, {pattern(call), call.address(0)}), call.cx.int8(0));
}

llvm::Value* count(const FunctionCall& call) { return call.cx.callRuntime(runtime::kiln_regex_count, {pattern(call), call.address(0), call.args[2].value}); }

llvm::Value* replace(const FunctionCall& call) {
   return call.ops.callStringHelper(runtime::kiln_regex_replace, {pattern(call), call.address(0), call.address(2)}, true);
}

/// regexp_substr and substring(s FROM pattern): NULL also when there is no such match or group.
SqlValue substring(const FunctionCall& call) {
   auto& b = call.builder();
   CodeContext& cx = call.cx;
   return call.withOwnNull(call.args, [&](llvm::Value* nullSlot) {
      llvm::Value* out = cx.entryAlloca(cx.stringType());
      const std::vector<SqlValue>& args = call.args;
      llvm::Value* found = call.expr.functionId() == FunctionId::RegexSubstring
                              ? cx.callRuntime(runtime::kiln_regex_substring, {pattern(call), call.address(0), out})
                              : cx.callRuntime(runtime::kiln_regex_substr, {pattern(call), call.address(0), args[2].value, args[3].value, args[4].value, out});
      b.CreateStore(b.CreateZExt(b.CreateICmpEQ(found, cx.int8(0)), cx.i8()), nullSlot);
      return b.CreateLoad(cx.stringType(), out);
   });
}

}  // namespace

std::span<const FunctionCompiler> regexFunctionCompilers() {
   static constexpr FunctionCompiler compilers[] = {
      {FunctionId::RegexMatch, match},      {FunctionId::RegexCount, count},         {FunctionId::RegexReplace, replace},
      {FunctionId::RegexSubstr, substring}, {FunctionId::RegexSubstring, substring},
   };
   return compilers;
}

}  // namespace kiln
