// The code of the mathematical functions (their signatures: algebra/functions/math_functions.cpp):
// of double precision inline or by the C library's helpers, of NUMERIC by its helpers, of
// decimals as scaled 128-bit integers.
#include <algorithm>

#include <llvm/IR/Constants.h>
#include <llvm/IR/Intrinsics.h>

#include "codegen/function_compiler.h"
#include "codegen/runtime_functions.h"
#include "common/decimal.h"
#include "common/numeric.h"

namespace kiln {

namespace {

bool ofNumeric(const FunctionCall& call) { return call.expr.type.id == TypeId::Numeric; }

llvm::Value* abs(const FunctionCall& call) {
   auto& b = call.builder();
   const SqlType& type = call.expr.type;
   llvm::Value* v = call.args[0].value;
   if (ofNumeric(call)) return call.ops.numericUnary(NumericUnary::Absolute, v);
   if (type.isFloat()) return b.CreateUnaryIntrinsic(llvm::Intrinsic::fabs, v);
   llvm::Value* negative = b.CreateICmpSLT(v, llvm::ConstantInt::get(v->getType(), 0));
   // Integers negate with an overflow check: abs of the minimum value is out of range.
   llvm::Value* negated = type.id == TypeId::Decimal ? b.CreateNeg(v) : call.ops.negate({v, nullptr, type}).value;
   return b.CreateSelect(negative, negated, v);
}

llvm::Value* ceilOrFloor(const FunctionCall& call) {
   auto& b = call.builder();
   bool ceiling = call.expr.functionId() == FunctionId::Ceil;
   if (call.expr.type.isFloat()) return b.CreateUnaryIntrinsic(ceiling ? llvm::Intrinsic::ceil : llvm::Intrinsic::floor, call.args[0].value);
   if (ofNumeric(call)) return call.ops.numericUnary(ceiling ? NumericUnary::Ceiling : NumericUnary::Floor, call.args[0].value);
   llvm::Value* v = b.CreateSExt(call.args[0].value, call.cx.i128());
   v = call.cx.callRuntime(runtime::kiln_i128_div_floor, {v, call.cx.int128(decimal::pow10(call.args[0].type.scale)), call.cx.int8(ceiling)});
   return b.CreateTrunc(v, call.cx.valueType(call.expr.type));
}

/// round and trunc to the constant's digits: of a decimal by a scaled division.
llvm::Value* roundOrTrunc(const FunctionCall& call) {
   auto& b = call.builder();
   CodeContext& cx = call.cx;
   const Expr& e = call.expr;
   bool round = e.functionId() == FunctionId::Round;
   if (e.type.isFloat()) return b.CreateUnaryIntrinsic(round ? llvm::Intrinsic::rint : llvm::Intrinsic::trunc, call.args[0].value);
   SqlType in = call.args[0].type;
   int64_t digits = e.constant().isNull ? 0 : e.constant().integer;
   if (ofNumeric(call)) {
      int32_t clamped = int32_t(std::clamp<int64_t>(digits, -2 * Numeric::maxDisplayScale, 2 * Numeric::maxDisplayScale));
      return call.ops.numericUnary(round ? NumericUnary::Round : NumericUnary::Truncate, call.args[0].value, clamped);
   }
   llvm::Value* v = b.CreateSExt(call.args[0].value, cx.i128());
   if (digits > int64_t(in.scale)) return b.CreateTrunc(b.CreateMul(v, cx.int128(decimal::pow10(unsigned(e.type.scale - in.scale)))), cx.valueType(e.type));
   if (digits < int64_t(in.scale)) {
      int64_t drop = int64_t(in.scale) - digits;
      if (drop > 38) return llvm::ConstantInt::get(cx.valueType(e.type), 0);
      llvm::Value* divisor = cx.int128(decimal::pow10(unsigned(drop)));
      // Truncation is the floor of a positive value and the ceiling of a negative one.
      v = round ? cx.callRuntime(runtime::kiln_i128_div_rounded, {v, divisor})
                : cx.callRuntime(runtime::kiln_i128_div_floor, {v, divisor, b.CreateZExt(b.CreateICmpSLT(v, cx.int128(0)), cx.i8())});
      if (digits < 0) v = b.CreateMul(v, cx.int128(decimal::pow10(unsigned(-digits))));
   }
   return b.CreateTrunc(v, cx.valueType(e.type));
}

llvm::Value* sign(const FunctionCall& call) {
   if (ofNumeric(call)) return call.ops.numericUnary(NumericUnary::Sign, call.args[0].value);
   auto& b = call.builder();
   llvm::Value* v = call.args[0].value;
   llvm::Type* type = call.cx.valueType(call.expr.type);
   bool isFloat = call.expr.type.isFloat();
   llvm::Value* zero = isFloat ? llvm::ConstantFP::get(type, 0.0) : llvm::ConstantInt::get(v->getType(), 0);
   llvm::Value* positive = isFloat ? b.CreateFCmpOGT(v, zero) : b.CreateICmpSGT(v, zero);
   llvm::Value* negative = isFloat ? b.CreateFCmpOLT(v, zero) : b.CreateICmpSLT(v, zero);
   auto constant = [&](int c) { return isFloat ? llvm::ConstantFP::get(type, c) : llvm::ConstantInt::getSigned(type, c); };
   return b.CreateSelect(positive, constant(1), b.CreateSelect(negative, constant(-1), constant(0)));
}

/// A function of one argument: NUMERIC's operation or double precision's helper.
template <NumericUnary numeric, const RuntimeFunction& inDouble>
llvm::Value* unary(const FunctionCall& call) {
   if (ofNumeric(call)) return call.ops.numericUnary(numeric, call.args[0].value);
   return call.cx.callRuntime(inDouble, {call.args[0].value});
}

/// A function of two arguments: NUMERIC's helper or double precision's.
template <const RuntimeFunction& numeric, const RuntimeFunction& inDouble>
llvm::Value* binary(const FunctionCall& call) {
   if (ofNumeric(call)) return call.ops.numericHelper(numeric, {call.args[0], call.args[1]});
   return call.cx.callRuntime(inDouble, {call.args[0].value, call.args[1].value});
}

llvm::Value* cbrt(const FunctionCall& call) { return call.cx.callRuntime(runtime::kiln_cbrt, {call.args[0].value}); }

llvm::Value* div(const FunctionCall& call) { return call.ops.numericHelper(runtime::kiln_numeric_divide_truncated, {call.args[0], call.args[1]}); }

llvm::Value* gcdOrLcm(const FunctionCall& call) {
   auto& b = call.builder();
   CodeContext& cx = call.cx;
   bool bigint = call.expr.type.id == TypeId::BigInt;
   const RuntimeFunction& helper = call.expr.functionId() == FunctionId::Gcd ? runtime::kiln_gcd : runtime::kiln_lcm;
   llvm::Value* result = cx.callRuntime(helper, {b.CreateSExt(call.args[0].value, cx.i64()), b.CreateSExt(call.args[1].value, cx.i64()), cx.int8(bigint)});
   return b.CreateTrunc(result, cx.valueType(call.expr.type));
}

llvm::Value* widthBucket(const FunctionCall& call) {
   auto& b = call.builder();
   CodeContext& cx = call.cx;
   const std::vector<SqlValue>& args = call.args;
   if (args[0].type.isFloat()) return cx.callRuntime(runtime::kiln_width_bucket_double, {args[0].value, args[1].value, args[2].value, args[3].value});
   if (args[0].type.id == TypeId::Numeric)
      return cx.callRuntime(runtime::kiln_numeric_width_bucket, {call.address(0), call.address(1), call.address(2), args[3].value});
   return cx.callRuntime(runtime::kiln_width_bucket_decimal, {b.CreateSExt(args[0].value, cx.i128()), b.CreateSExt(args[1].value, cx.i128()),
                                                              b.CreateSExt(args[2].value, cx.i128()), args[3].value});
}

}  // namespace

std::span<const FunctionCompiler> mathFunctionCompilers() {
   static constexpr FunctionCompiler compilers[] = {
      {FunctionId::Random, [](const FunctionCall& call) -> llvm::Value* { return call.cx.callRuntime(runtime::kiln_random, {}); }},
      {FunctionId::Abs, abs},
      {FunctionId::Ceil, ceilOrFloor},
      {FunctionId::Floor, ceilOrFloor},
      {FunctionId::Round, roundOrTrunc},
      {FunctionId::Trunc, roundOrTrunc},
      {FunctionId::Sign, sign},
      {FunctionId::Sqrt, unary<NumericUnary::SquareRoot, runtime::kiln_sqrt>},
      {FunctionId::Cbrt, cbrt},
      {FunctionId::Exp, unary<NumericUnary::Exp, runtime::kiln_exp>},
      {FunctionId::Ln, unary<NumericUnary::Ln, runtime::kiln_ln>},
      {FunctionId::Log10, unary<NumericUnary::Log10, runtime::kiln_log10>},
      {FunctionId::LogBase, binary<runtime::kiln_numeric_log, runtime::kiln_log_base>},
      {FunctionId::Power, binary<runtime::kiln_numeric_power, runtime::kiln_power>},
      {FunctionId::DivTruncated, div},
      {FunctionId::Gcd, gcdOrLcm},
      {FunctionId::Lcm, gcdOrLcm},
      {FunctionId::WidthBucket, widthBucket},
   };
   return compilers;
}

}  // namespace kiln
