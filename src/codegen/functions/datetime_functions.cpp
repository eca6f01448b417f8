// The code of the date and time functions (their signatures: algebra/functions/datetime_functions.cpp).
// Intervals go to the runtime's helpers in stack slots.
#include "codegen/function_compiler.h"
#include "codegen/runtime_functions.h"

namespace kiln {

namespace {

/// An interval argument in a stack slot, as the runtime's helpers take it.
llvm::Value* intervalAddress(const FunctionCall& call, size_t i) {
   llvm::Value* slot = call.cx.entryAlloca(call.cx.intervalType());
   call.builder().CreateStore(call.args[i].value, slot);
   return slot;
}

/// Calls a helper that writes an interval through its last argument.
llvm::Value* intervalResult(const FunctionCall& call, const RuntimeFunction& helper, std::vector<llvm::Value*> args) {
   llvm::Value* out = call.cx.entryAlloca(call.cx.intervalType());
   args.push_back(out);
   call.cx.callRuntime(helper, args);
   return call.builder().CreateLoad(call.cx.intervalType(), out);
}

llvm::Value* currentTimestamp(const FunctionCall& call) { return call.cx.callRuntime(runtime::kiln_transaction_timestamp, {}); }

llvm::Value* age(const FunctionCall& call) { return intervalResult(call, runtime::kiln_timestamp_age, {call.args[0].value, call.args[1].value}); }

llvm::Value* isFinite(const FunctionCall& call) {
   const SqlValue& value = call.args[0];
   auto& b = call.builder();
   if (value.type.id == TypeId::Date) return b.CreateNot(call.ops.isInfiniteDate(value.value));
   if (value.type.id == TypeId::Timestamp || value.type.id == TypeId::TimestampTz) return b.CreateNot(call.ops.isInfiniteTimestamp(value.value));
   return call.cx.boolean(true);  // an interval (or a time) is always finite in PostgreSQL 15
}

llvm::Value* toCharValue(const FunctionCall& call) {
   auto& b = call.builder();
   CodeContext& cx = call.cx;
   const SqlValue& value = call.args[0];
   TypeId shown = value.type.id;
   if (shown == TypeId::Interval) return call.ops.callStringHelper(runtime::kiln_to_char_interval, {intervalAddress(call, 0), call.address(1)}, true);
   if (value.type.isFloat()) {
      int32_t digits = shown == TypeId::Real ? 6 : 15;
      return call.ops.callStringHelper(runtime::kiln_to_char_double, {b.CreateFPExt(value.value, cx.f64()), cx.int32(digits), call.address(1)}, true);
   }
   if (shown == TypeId::Numeric) return call.ops.callStringHelper(runtime::kiln_to_char_numeric, {call.address(0), call.address(1)}, true);
   if (value.type.isNumeric()) {
      int32_t scale = shown == TypeId::Decimal ? int32_t(value.type.scale) : 0;
      return call.ops.callStringHelper(runtime::kiln_to_char_decimal, {b.CreateSExt(value.value, cx.i128()), cx.int32(scale), call.address(1)}, true);
   }
   const RuntimeFunction& helper = shown == TypeId::TimestampTz ? runtime::kiln_to_char_timestamptz : runtime::kiln_to_char_timestamp;
   return call.ops.callStringHelper(helper, {value.value, call.address(1)}, true);
}

SqlValue toChar(const FunctionCall& call) {
   auto& b = call.builder();
   const std::vector<SqlValue>& args = call.args;
   SqlValue result = call.ops.guardNulls(args, call.expr.type, [&] { return toCharValue(call); });
   if (args[0].type.isNumeric()) return result;
   // to_char of a date or time with an empty pattern is NULL, as in PostgreSQL (of a number ''),
   // and so is to_char of an infinite timestamp.
   llvm::Value* empty = b.CreateICmpEQ(b.CreateTrunc(b.CreateExtractValue(args[1].value, 0), call.cx.i32()), call.cx.int32(0));
   if (args[0].type.id != TypeId::Interval) empty = b.CreateOr(empty, call.ops.isInfiniteTimestamp(args[0].value));
   result.isNull = result.isNull ? b.CreateOr(result.isNull, empty) : empty;
   return result;
}

llvm::Value* atTimeZone(const FunctionCall& call) {
   bool instant = call.args[1].type.id == TypeId::TimestampTz;
   if (call.args[0].type.id == TypeId::Interval)
      return call.cx.callRuntime(instant ? runtime::kiln_timestamptz_at_offset : runtime::kiln_timestamp_at_offset,
                                 {call.args[1].value, intervalAddress(call, 0)});
   return call.cx.callRuntime(instant ? runtime::kiln_timestamptz_at_zone : runtime::kiln_timestamp_at_zone, {call.args[1].value, call.address(0)});
}

llvm::Value* justify(const FunctionCall& call) {
   FunctionId id = call.expr.functionId();
   return intervalResult(call, runtime::kiln_justify_interval,
                         {intervalAddress(call, 0), call.cx.int8(id != FunctionId::JustifyHours), call.cx.int8(id != FunctionId::JustifyDays)});
}

llvm::Value* toTimestampEpoch(const FunctionCall& call) { return call.cx.callRuntime(runtime::kiln_to_timestamp_epoch, {call.args[0].value}); }

llvm::Value* toTimestamp(const FunctionCall& call) { return call.cx.callRuntime(runtime::kiln_to_timestamp_local, {call.address(0), call.address(1)}); }

llvm::Value* toDate(const FunctionCall& call) { return call.cx.callRuntime(runtime::kiln_to_date, {call.address(0), call.address(1)}); }

llvm::Value* makeDate(const FunctionCall& call) {
   return call.cx.callRuntime(runtime::kiln_make_date, {call.args[0].value, call.args[1].value, call.args[2].value});
}

}  // namespace

std::span<const FunctionCompiler> datetimeFunctionCompilers() {
   static constexpr FunctionCompiler compilers[] = {
      {FunctionId::CurrentTimestamp, currentTimestamp},
      {FunctionId::Age, age},
      {FunctionId::IsFinite, isFinite},
      {FunctionId::ToChar, toChar},
      {FunctionId::AtTimeZone, atTimeZone},
      {FunctionId::JustifyDays, justify},
      {FunctionId::JustifyHours, justify},
      {FunctionId::JustifyInterval, justify},
      {FunctionId::ToTimestampEpoch, toTimestampEpoch},
      {FunctionId::ToTimestamp, toTimestamp},
      {FunctionId::ToDate, toDate},
      {FunctionId::MakeDate, makeDate},
   };
   return compilers;
}

}  // namespace kiln
