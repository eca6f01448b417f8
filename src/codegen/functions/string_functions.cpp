// The code of the string functions (their signatures: algebra/functions/string_functions.cpp).
#include <llvm/IR/Constants.h>
#include <llvm/IR/Intrinsics.h>

#include "codegen/function_compiler.h"
#include "codegen/runtime_functions.h"

namespace kiln {

namespace {

/// A helper of (string) -> string that allocates in the query's arena.
template <const RuntimeFunction& helper>
llvm::Value* stringToString(const FunctionCall& call) {
   return call.ops.callStringHelper(helper, {call.address(0)}, true);
}

llvm::Value* noString(const FunctionCall& call) { return llvm::ConstantPointerNull::get(call.cx.ptr()); }

llvm::Value* octetLength(const FunctionCall& call) {
   auto& b = call.builder();
   const SqlValue& s = call.args[0];
   llvm::Value* length = b.CreateTrunc(b.CreateExtractValue(s.value, 0), call.cx.i32());
   // CHAR(n) counts its padding to n characters, as PostgreSQL does.
   if (s.type.id == TypeId::Char && s.type.length) {
      llvm::Value* padding = b.CreateSub(call.cx.int32(s.type.length), call.cx.callRuntime(runtime::kiln_length, {call.address(0)}));
      length = b.CreateAdd(length, b.CreateBinaryIntrinsic(llvm::Intrinsic::smax, padding, call.cx.int32(0)));
   }
   return length;
}

llvm::Value* trim(const FunctionCall& call) {
   FunctionId id = call.expr.functionId();
   int sides = id == FunctionId::Trim ? 3 : id == FunctionId::LTrim ? 1 : 2;
   llvm::Value* characters = call.args.size() > 1 ? call.address(1) : noString(call);
   return call.ops.callStringHelper(runtime::kiln_trim, {call.address(0), characters, call.cx.int32(sides)}, false);
}

llvm::Value* leftOrRight(const FunctionCall& call) {
   llvm::Value* right = call.cx.int8(call.expr.functionId() == FunctionId::Right);
   return call.ops.callStringHelper(runtime::kiln_left, {call.address(0), call.args[1].value, right}, false);
}

llvm::Value* pad(const FunctionCall& call) {
   llvm::Value* fill = call.args.size() > 2 ? call.address(2) : noString(call);
   llvm::Value* right = call.cx.int8(call.expr.functionId() == FunctionId::RPad);
   return call.ops.callStringHelper(runtime::kiln_pad, {call.address(0), call.args[1].value, fill, right}, true);
}

llvm::Value* substring(const FunctionCall& call) {
   return call.ops.substring(call.args[0].value, call.args[1].value, call.args.size() > 2 ? call.args[2].value : nullptr);
}

llvm::Value* length(const FunctionCall& call) { return call.cx.callRuntime(runtime::kiln_length, {call.address(0)}); }

llvm::Value* position(const FunctionCall& call) { return call.cx.callRuntime(runtime::kiln_position, {call.address(0), call.address(1)}); }

llvm::Value* replace(const FunctionCall& call) {
   return call.ops.callStringHelper(runtime::kiln_replace, {call.address(0), call.address(1), call.address(2)}, true);
}

llvm::Value* translate(const FunctionCall& call) {
   return call.ops.callStringHelper(runtime::kiln_translate, {call.address(0), call.address(1), call.address(2)}, true);
}

llvm::Value* splitPart(const FunctionCall& call) {
   return call.ops.callStringHelper(runtime::kiln_split_part, {call.address(0), call.address(1), call.args[2].value}, false);
}

llvm::Value* repeat(const FunctionCall& call) { return call.ops.callStringHelper(runtime::kiln_repeat, {call.address(0), call.args[1].value}, true); }

llvm::Value* startsWith(const FunctionCall& call) {
   return call.builder().CreateICmpNE(call.cx.callRuntime(runtime::kiln_starts_with, {call.address(0), call.address(1)}), call.cx.int8(0));
}

llvm::Value* ascii(const FunctionCall& call) { return call.cx.callRuntime(runtime::kiln_ascii, {call.address(0)}); }

llvm::Value* chr(const FunctionCall& call) { return call.ops.callStringHelper(runtime::kiln_chr, {call.args[0].value}, false); }

llvm::Value* quoteLiteral(const FunctionCall& call) { return call.ops.callStringHelper(runtime::kiln_quote_literal, {call.address(0)}, true); }

/// concat, concat_ws and format: the strings and their NULL flags go to the helper in two arrays
/// on the stack. concat_ws's separator and format's format come first: NULL there makes the
/// result NULL.
SqlValue concat(const FunctionCall& call) {
   auto& b = call.builder();
   CodeContext& cx = call.cx;
   FunctionId id = call.expr.functionId();
   bool withSeparator = id == FunctionId::ConcatWs || id == FunctionId::Format;
   unsigned count = unsigned(call.args.size() - withSeparator);
   auto* stringsType = llvm::ArrayType::get(cx.stringType(), count);
   auto* nullsType = llvm::ArrayType::get(cx.i8(), count);
   llvm::Value* strings = cx.entryAlloca(stringsType);
   llvm::Value* nulls = cx.entryAlloca(nullsType);
   for (unsigned i = 0; i < count; ++i) {
      const SqlValue& arg = call.args[i + withSeparator];
      b.CreateStore(arg.value, b.CreateConstInBoundsGEP2_32(stringsType, strings, 0, i));
      b.CreateStore(b.CreateZExt(call.ops.isNull(arg), cx.i8()), b.CreateConstInBoundsGEP2_32(nullsType, nulls, 0, i));
   }
   auto join = [&](llvm::Value* separator) {
      const RuntimeFunction& helper = id == FunctionId::Format ? runtime::kiln_format : runtime::kiln_concat_all;
      return call.ops.callStringHelper(helper, {separator, strings, nulls, cx.int32(count)}, true);
   };
   if (!withSeparator) return {join(noString(call)), nullptr, call.expr.type};
   return call.ops.guardNulls({call.args[0]}, call.expr.type, [&] { return join(call.address(0)); });
}

}  // namespace

std::span<const FunctionCompiler> stringFunctionCompilers() {
   static constexpr FunctionCompiler compilers[] = {
      {FunctionId::Substring, substring},
      {FunctionId::Upper, stringToString<runtime::kiln_upper>},
      {FunctionId::Lower, stringToString<runtime::kiln_lower>},
      {FunctionId::Reverse, stringToString<runtime::kiln_reverse>},
      {FunctionId::Initcap, stringToString<runtime::kiln_initcap>},
      {FunctionId::Length, length},
      {FunctionId::OctetLength, octetLength},
      {FunctionId::Trim, trim},
      {FunctionId::LTrim, trim},
      {FunctionId::RTrim, trim},
      {FunctionId::Position, position},
      {FunctionId::Replace, replace},
      {FunctionId::Left, leftOrRight},
      {FunctionId::Right, leftOrRight},
      {FunctionId::LPad, pad},
      {FunctionId::RPad, pad},
      {FunctionId::SplitPart, splitPart},
      {FunctionId::Repeat, repeat},
      {FunctionId::StartsWith, startsWith},
      {FunctionId::Ascii, ascii},
      {FunctionId::Chr, chr},
      {FunctionId::Md5, stringToString<runtime::kiln_md5>},
      {FunctionId::QuoteIdent, stringToString<runtime::kiln_quote_ident>},
      {FunctionId::Translate, translate},
      {FunctionId::QuoteLiteral, quoteLiteral},
      {FunctionId::Concat, concat},
      {FunctionId::ConcatWs, concat},
      {FunctionId::Format, concat},
   };
   return compilers;
}

}  // namespace kiln
