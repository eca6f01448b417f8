// The code of the functions of the session and the database (their signatures:
// algebra/functions/system_functions.cpp).
#include <llvm/IR/Constants.h>

#include "codegen/function_compiler.h"
#include "codegen/runtime_functions.h"

namespace kiln {

namespace {

/// Strict; with missing_ok, an unknown name is NULL too.
SqlValue currentSetting(const FunctionCall& call) {
   auto& b = call.builder();
   CodeContext& cx = call.cx;
   const std::vector<SqlValue>& args = call.args;
   llvm::Value* out = cx.entryAlloca(cx.stringType());
   // Empty where the setting is missing: the result's rows copy their strings, NULL or not.
   b.CreateStore(llvm::Constant::getNullValue(cx.stringType()), out);
   llvm::Value* found = cx.entryAlloca(cx.i8());
   b.CreateStore(cx.int8(1), found);
   llvm::Value* missingOk = args.size() > 1 ? b.CreateZExt(args[1].value, cx.i8()) : cx.int8(0);
   SqlValue result = call.ops.guardNulls(args, call.expr.type, [&] {
      b.CreateStore(cx.callRuntime(runtime::kiln_current_setting, {call.address(0), missingOk, out, call.ops.arena()}), found);
      return b.CreateLoad(cx.stringType(), out);
   });
   llvm::Value* missing = b.CreateICmpEQ(b.CreateLoad(cx.i8(), found), cx.int8(0));
   result.isNull = result.isNull ? b.CreateOr(result.isNull, missing) : missing;
   return result;
}

/// Not strict, as PostgreSQL's: a NULL name fails, a NULL value resets, a NULL is_local is false.
SqlValue setConfig(const FunctionCall& call) {
   auto& b = call.builder();
   CodeContext& cx = call.cx;
   const std::vector<SqlValue>& args = call.args;
   llvm::Value* out = cx.entryAlloca(cx.stringType());
   llvm::Value* none = llvm::ConstantPointerNull::get(cx.ptr());
   auto addressOrNone = [&](const SqlValue& v) { return b.CreateSelect(call.ops.isNull(v), none, call.ops.stringAddress(v.value)); };
   llvm::Value* isLocal = b.CreateAnd(b.CreateNot(call.ops.isNull(args[2])), args[2].value);
   cx.callRuntime(runtime::kiln_set_config, {addressOrNone(args[0]), addressOrNone(args[1]), b.CreateZExt(isLocal, cx.i8()), out, call.ops.arena()});
   return {b.CreateLoad(cx.stringType(), out), nullptr, call.expr.type};
}

/// The address of the sequence a call names: it lives as long as the sequence, and a statement
/// is bound again when the sequence goes (as for a table).
llvm::Value* sequenceAddress(const FunctionCall& call) {
   return call.builder().CreateIntToPtr(call.cx.int64(int64_t(reinterpret_cast<intptr_t>(call.expr.sequence))), call.builder().getPtrTy());
}

llvm::Value* nextval(const FunctionCall& call) { return call.cx.callRuntime(runtime::kiln_sequence_next, {sequenceAddress(call)}); }

llvm::Value* currval(const FunctionCall& call) { return call.cx.callRuntime(runtime::kiln_sequence_current, {sequenceAddress(call)}); }

llvm::Value* lastval(const FunctionCall& call) { return call.cx.callRuntime(runtime::kiln_sequence_last, {}); }

llvm::Value* setval(const FunctionCall& call) {
   llvm::Value* called = call.args.size() > 2 ? call.builder().CreateZExt(call.args[2].value, call.cx.i8()) : call.cx.int8(1);
   return call.cx.callRuntime(runtime::kiln_sequence_set, {sequenceAddress(call), call.args[1].value, called});
}

}  // namespace

std::span<const FunctionCompiler> systemFunctionCompilers() {
   static constexpr FunctionCompiler compilers[] = {
      {FunctionId::CurrentSetting, currentSetting}, {FunctionId::SetConfig, setConfig},  {FunctionId::SequenceNext, nextval},
      {FunctionId::SequenceCurrent, currval},       {FunctionId::SequenceLast, lastval}, {FunctionId::SequenceSet, setval},
   };
   return compilers;
}

}  // namespace kiln
