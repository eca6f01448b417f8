#include "codegen/translators/variance_state.h"

#include "codegen/runtime_functions.h"
#include "codegen/sql_ops.h"
#include "runtime/helpers.h"

namespace kiln {

namespace {

llvm::Value* isInfinite(CodeContext& cx, llvm::Value* x) {
   auto& b = cx.builder();
   return b.CreateFCmpOEQ(b.CreateUnaryIntrinsic(llvm::Intrinsic::fabs, x), llvm::ConstantFP::getInfinity(cx.f64()));
}

llvm::Value* constant(CodeContext& cx, double v) { return llvm::ConstantFP::get(cx.f64(), v); }

/// Raises PostgreSQL's overflow error where a sum became infinite though its terms were not.
void checkOverflow(CodeContext& cx, llvm::Value* applies, llvm::Value* result, llvm::Value* a, llvm::Value* b) {
   auto& ir = cx.builder();
   llvm::Value* overflow = ir.CreateAnd(isInfinite(cx, result), ir.CreateNot(ir.CreateOr(isInfinite(cx, a), isInfinite(cx, b))));
   cx.errorIf(ir.CreateAnd(applies, overflow), int32_t(RuntimeError::DoubleOutOfRange));
}

}  // namespace

void addToVariance(CodeContext& cx, const VarianceFields& state, llvm::Value* x) {
   auto& b = cx.builder();
   llvm::Value* n = b.CreateLoad(cx.f64(), state.count);
   llvm::Value* sx = b.CreateLoad(cx.f64(), state.sum);
   llvm::Value* sxx = b.CreateLoad(cx.f64(), state.squares);
   llvm::Value* newN = b.CreateFAdd(n, constant(cx, 1.0));
   llvm::Value* newSx = b.CreateFAdd(sx, x);
   llvm::Value* first = b.CreateFCmpOEQ(n, constant(cx, 0.0));
   // Sxx grows by (x N' - Sx')^2 / (N' N), with N' and Sx' counting x.
   llvm::Value* deviation = b.CreateFSub(b.CreateFMul(x, newN), newSx);
   llvm::Value* grown = b.CreateFAdd(sxx, b.CreateFDiv(b.CreateFMul(deviation, deviation), b.CreateFMul(newN, n)));
   // Finite values that overflow are an error; an infinite or NaN value makes the result NaN,
   // also when it is the only one.
   llvm::Value* infinite = b.CreateAnd(b.CreateNot(first), b.CreateOr(isInfinite(cx, newSx), isInfinite(cx, grown)));
   cx.errorIf(b.CreateAnd(infinite, b.CreateNot(b.CreateOr(isInfinite(cx, sx), isInfinite(cx, x)))), int32_t(RuntimeError::DoubleOutOfRange));
   llvm::Value* nan = llvm::ConstantFP::getNaN(cx.f64());
   llvm::Value* finiteX = b.CreateFCmpOLT(b.CreateUnaryIntrinsic(llvm::Intrinsic::fabs, x), llvm::ConstantFP::getInfinity(cx.f64()));
   llvm::Value* newSxx = b.CreateSelect(first, b.CreateSelect(finiteX, constant(cx, 0.0), nan), b.CreateSelect(infinite, nan, grown));
   b.CreateStore(newN, state.count);
   b.CreateStore(newSx, state.sum);
   b.CreateStore(newSxx, state.squares);
}

void combineVariances(CodeContext& cx, const VarianceFields& into, const VarianceFields& from) {
   auto& b = cx.builder();
   llvm::Value* n2 = b.CreateLoad(cx.f64(), from.count);
   cx.ifThen(b.CreateFCmpONE(n2, constant(cx, 0.0)), [&] {
      llvm::Value* n1 = b.CreateLoad(cx.f64(), into.count);
      llvm::Value *sx1 = b.CreateLoad(cx.f64(), into.sum), *sx2 = b.CreateLoad(cx.f64(), from.sum);
      llvm::Value *sxx1 = b.CreateLoad(cx.f64(), into.squares), *sxx2 = b.CreateLoad(cx.f64(), from.squares);
      llvm::Value* both = b.CreateFCmpONE(n1, constant(cx, 0.0));  // else `from` is taken as it is
      llvm::Value* n = b.CreateFAdd(n1, n2);
      llvm::Value* sx = b.CreateFAdd(sx1, sx2);
      checkOverflow(cx, both, sx, sx1, sx2);
      llvm::Value* meanDifference = b.CreateFSub(b.CreateFDiv(sx1, n1), b.CreateFDiv(sx2, n2));
      llvm::Value* between = b.CreateFDiv(b.CreateFMul(b.CreateFMul(b.CreateFMul(n1, n2), meanDifference), meanDifference), n);
      llvm::Value* sxx = b.CreateFAdd(b.CreateFAdd(sxx1, sxx2), between);
      checkOverflow(cx, both, sxx, sxx1, sxx2);
      b.CreateStore(b.CreateSelect(both, n, n2), into.count);
      b.CreateStore(b.CreateSelect(both, sx, sx2), into.sum);
      b.CreateStore(b.CreateSelect(both, sxx, sxx2), into.squares);
   });
}

SqlValue varianceResult(CodeContext& cx, AggregateFunction function, const VarianceFields& state) {
   auto& b = cx.builder();
   bool sample = function == AggregateFunction::VarSamp || function == AggregateFunction::StddevSamp;
   llvm::Value* n = b.CreateLoad(cx.f64(), state.count);
   llvm::Value* divisor = sample ? b.CreateFSub(n, constant(cx, 1.0)) : n;
   llvm::Value* isNull = b.CreateFCmpOLE(divisor, constant(cx, 0.0));
   llvm::Value* variance = b.CreateFDiv(b.CreateLoad(cx.f64(), state.squares), divisor);
   bool deviation = function == AggregateFunction::StddevSamp || function == AggregateFunction::StddevPop;
   return {deviation ? b.CreateUnaryIntrinsic(llvm::Intrinsic::sqrt, variance) : variance, isNull, SqlType::double_()};
}

SqlValue numericAccumulate(CodeContext& cx, const SqlValue& sum, const SqlValue& x) {
   SqlOps ops(cx);
   return {ops.callStringHelper(runtime::kiln_numeric_add, {ops.stringAddress(sum.value), ops.stringAddress(x.value)}, true), nullptr, SqlType::numeric()};
}

void addToNumericVariance(CodeContext& cx, const VarianceFields& state, const SqlValue& x) {
   auto& b = cx.builder();
   SqlOps ops(cx);
   SqlType numeric = SqlType::numeric();
   auto add = [&](llvm::Value* address, const SqlValue& addend) {
      SqlValue current = ops.load(address, nullptr, numeric, false);
      ops.store(numericAccumulate(cx, current, addend), address, nullptr);
   };
   add(state.sum, x);
   add(state.squares, {ops.callStringHelper(runtime::kiln_numeric_multiply, {ops.stringAddress(x.value), ops.stringAddress(x.value)}, true), nullptr, numeric});
   b.CreateStore(b.CreateAdd(b.CreateLoad(cx.i64(), state.count), cx.int64(1)), state.count);
}

void combineNumericVariances(CodeContext& cx, const VarianceFields& into, const VarianceFields& from) {
   auto& b = cx.builder();
   SqlOps ops(cx);
   SqlType numeric = SqlType::numeric();
   for (auto field : {&VarianceFields::sum, &VarianceFields::squares}) {
      SqlValue mine = ops.load(into.*field, nullptr, numeric, false), theirs = ops.load(from.*field, nullptr, numeric, false);
      ops.store(numericAccumulate(cx, mine, theirs), into.*field, nullptr);
   }
   b.CreateStore(b.CreateAdd(b.CreateLoad(cx.i64(), into.count), b.CreateLoad(cx.i64(), from.count)), into.count);
}

SqlValue numericVarianceResult(CodeContext& cx, AggregateFunction function, const VarianceFields& state) {
   auto& b = cx.builder();
   SqlOps ops(cx);
   bool sample = function == AggregateFunction::VarSamp || function == AggregateFunction::StddevSamp;
   bool deviation = function == AggregateFunction::StddevSamp || function == AggregateFunction::StddevPop;
   llvm::Value* out = cx.entryAlloca(cx.stringType());
   llvm::Value* isNull = cx.callRuntime(runtime::kiln_numeric_variance,
                                        {state.sum, state.squares, b.CreateLoad(cx.i64(), state.count), cx.int8(sample), cx.int8(deviation), out, ops.arena()});
   return {b.CreateLoad(cx.stringType(), out), b.CreateICmpNE(isNull, cx.int8(0)), SqlType::numeric()};
}

}  // namespace kiln
