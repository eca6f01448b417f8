#include "codegen/sql_ops.h"

#include <llvm/IR/Intrinsics.h>

#include <cmath>

#include "codegen/runtime_functions.h"
#include "common/date.h"
#include "common/decimal.h"
#include "common/interval.h"
#include "common/packed_numeric.h"
#include "common/packed_type.h"
#include "common/physical_type.h"
#include "common/timestamp.h"
#include "runtime/helpers.h"
#include "runtime/query_runtime.h"

namespace kiln {

namespace {

int32_t outOfRangeCode(SqlType type) {
   switch (type.id) {
      case TypeId::SmallInt: return int32_t(RuntimeError::SmallIntOutOfRange);
      case TypeId::Integer: return int32_t(RuntimeError::IntegerOutOfRange);
      case TypeId::BigInt: return int32_t(RuntimeError::BigIntOutOfRange);
      case TypeId::Real: return int32_t(RuntimeError::RealOutOfRange);
      case TypeId::Double: return int32_t(RuntimeError::DoubleOutOfRange);
      default: return int32_t(RuntimeError::NumericOverflow);
   }
}

/// Number of decimal digits an integer type can need.
unsigned integerDigits(SqlType type) { return type.id == TypeId::SmallInt ? 5 : type.id == TypeId::Integer ? 10 : 19; }

constexpr int32_t codeDivisionByZero = int32_t(RuntimeError::DivisionByZero);
constexpr int32_t codeNumericOverflow = int32_t(RuntimeError::NumericOverflow);

}  // namespace

llvm::Value* SqlOps::arena() { return cx_.state().arena().load(cx_); }

llvm::Value* SqlOps::zeroOf(SqlType type) { return llvm::Constant::getNullValue(cx_.valueType(type)); }

SqlValue SqlOps::nullOf(SqlType type) {
   if (type.id == TypeId::Unknown) type = SqlType::text();
   return {zeroOf(type), cx_.boolean(true), type};
}

SqlValue SqlOps::constant(const Value& v) {
   if (v.isNull) return nullOf(v.type);
   SqlType type = v.type;
   switch (physicalTypeOf(type)) {
      case PhysicalType::Bool: return {cx_.boolean(v.boolean), nullptr, type};
      case PhysicalType::Int16: return {b_.getInt16(uint16_t(v.integer)), nullptr, type};
      case PhysicalType::Int32: return {cx_.int32(v.integer), nullptr, type};
      case PhysicalType::Int64: return {cx_.int64(type.id == TypeId::Decimal ? int64_t(v.decimal) : v.integer), nullptr, type};
      case PhysicalType::Int128: return {cx_.int128(v.decimal), nullptr, type};
      case PhysicalType::Float: return {llvm::ConstantFP::get(cx_.f32(), v.floating), nullptr, type};
      case PhysicalType::Double: return {llvm::ConstantFP::get(cx_.f64(), v.floating), nullptr, type};
      case PhysicalType::Interval:
         return {llvm::ConstantStruct::get(cx_.intervalType(), {cx_.int32(v.interval.months), cx_.int32(v.interval.days), cx_.int64(v.interval.micros)}),
                 nullptr, type};
      case PhysicalType::String:
      case PhysicalType::Numeric: {
         if (type.id == TypeId::Unknown) type = SqlType::text();
         // Long literals live in the module as constant bytes the string points to.
         GermanString s = GermanString::make(v.string);
         uint64_t words[2];
         std::memcpy(words, &s, 16);
         if (s.isInline()) return {llvm::ConstantStruct::get(cx_.stringType(), {cx_.int64(int64_t(words[0])), cx_.int64(int64_t(words[1]))}), nullptr, type};
         llvm::Constant* bytes = b_.CreateGlobalString(v.string, "literal", 0, &cx_.module());
         llvm::Constant* address = llvm::ConstantExpr::getPtrToInt(bytes, cx_.i64());
         return {llvm::ConstantStruct::get(cx_.stringType(), {cx_.int64(int64_t(words[0])), address}), nullptr, type};
      }
   }
   return nullOf(type);
}

SqlValue SqlOps::load(llvm::Value* address, llvm::Value* nullAddress, SqlType type, bool nullable) {
   llvm::Value* value = b_.CreateLoad(cx_.memoryType(type), address);
   if (type.id == TypeId::Boolean) value = byteToBool(value);
   llvm::Value* null = nullable && nullAddress ? byteToBool(b_.CreateLoad(cx_.i8(), nullAddress)) : nullptr;
   return {value, null, type};
}

void SqlOps::store(const SqlValue& v, llvm::Value* address, llvm::Value* nullAddress) {
   llvm::Value* value = v.type.id == TypeId::Boolean ? boolToByte(v.value) : v.value;
   b_.CreateStore(value, address);
   if (nullAddress) b_.CreateStore(boolToByte(isNull(v)), nullAddress);
}

llvm::Value* SqlOps::isNull(const SqlValue& v) { return v.isNull ? v.isNull : cx_.boolean(false); }

llvm::Value* SqlOps::isTrue(const SqlValue& v) { return v.isNull ? b_.CreateAnd(v.value, b_.CreateNot(v.isNull)) : v.value; }

SqlValue SqlOps::guardNulls(const std::vector<SqlValue>& inputs, SqlType resultType, const std::function<llvm::Value*()>& compute) {
   llvm::Value* anyNull = nullptr;
   for (auto& input : inputs)
      if (input.isNull) anyNull = anyNull ? b_.CreateOr(anyNull, input.isNull) : input.isNull;
   if (!anyNull) return {compute(), nullptr, resultType};
   if (auto* c = llvm::dyn_cast<llvm::ConstantInt>(anyNull); c && c->isOne()) return nullOf(resultType);
   llvm::Value* value = cx_.ifThenElse(anyNull, [&] { return zeroOf(resultType); }, [&] { return compute(); });
   return {value, anyNull, resultType};
}

void SqlOps::errorUnlessNull(llvm::Value* condition, llvm::Value* isNull, int32_t code) {
   cx_.errorIf(isNull ? b_.CreateAnd(condition, b_.CreateNot(isNull)) : condition, code);
}

llvm::Value* SqlOps::checkedIntegerOp(llvm::Intrinsic::ID id, llvm::Value* a, llvm::Value* b, SqlType type, llvm::Value* isNull) {
   llvm::Value* result = b_.CreateBinaryIntrinsic(id, a, b);
   errorUnlessNull(b_.CreateExtractValue(result, 1), isNull, outOfRangeCode(type));
   return b_.CreateExtractValue(result, 0);
}

llvm::Value* SqlOps::checkedIntervalOp(llvm::Intrinsic::ID id, llvm::Value* a, llvm::Value* b, llvm::Value* isNull) {
   llvm::Value* result = b_.CreateBinaryIntrinsic(id, a, b);
   errorUnlessNull(b_.CreateExtractValue(result, 1), isNull, int32_t(RuntimeError::IntervalOutOfRange));
   return b_.CreateExtractValue(result, 0);
}

llvm::Value* SqlOps::isInfinite(llvm::Value* x) {
   return b_.CreateFCmpOEQ(b_.CreateUnaryIntrinsic(llvm::Intrinsic::fabs, x), llvm::ConstantFP::getInfinity(x->getType()));
}

llvm::Value* SqlOps::floatArithmetic(ArithOp op, llvm::Value* a, llvm::Value* b, SqlType type, llvm::Value* isNull) {
   llvm::Type* t = a->getType();
   llvm::Value* zero = llvm::ConstantFP::get(t, 0.0);
   auto isZero = [&](llvm::Value* x) { return b_.CreateFCmpOEQ(x, zero); };
   auto nonzero = [&](llvm::Value* x) { return b_.CreateFCmpUNE(x, zero); };
   llvm::Value* r;
   llvm::Value *overflow, *underflow = nullptr;
   switch (op) {
      case ArithOp::Div:
         // NaN / 0 is NaN, as in PostgreSQL.
         errorUnlessNull(b_.CreateAnd(isZero(b), b_.CreateFCmpORD(a, a)), isNull, codeDivisionByZero);
         r = b_.CreateFDiv(a, b);
         overflow = b_.CreateAnd(isInfinite(r), b_.CreateNot(isInfinite(a)));
         underflow = b_.CreateAnd(isZero(r), b_.CreateAnd(nonzero(a), b_.CreateNot(isInfinite(b))));
         break;
      case ArithOp::Mul:
         r = b_.CreateFMul(a, b);
         overflow = b_.CreateAnd(isInfinite(r), b_.CreateNot(b_.CreateOr(isInfinite(a), isInfinite(b))));
         underflow = b_.CreateAnd(isZero(r), b_.CreateAnd(nonzero(a), nonzero(b)));
         break;
      default:
         r = op == ArithOp::Add ? b_.CreateFAdd(a, b) : b_.CreateFSub(a, b);
         overflow = b_.CreateAnd(isInfinite(r), b_.CreateNot(b_.CreateOr(isInfinite(a), isInfinite(b))));
         break;
   }
   errorUnlessNull(overflow, isNull, outOfRangeCode(type));
   if (underflow) errorUnlessNull(underflow, isNull, int32_t(RuntimeError::FloatUnderflow));
   return r;
}

llvm::Value* SqlOps::divideRounded(llvm::Value* v, __int128 divisor) {
   if (divisor == 1) return v;
   if (v->getType() == cx_.i128()) return cx_.callRuntime(runtime::kiln_i128_div_rounded, {v, cx_.int128(divisor)});
   // Round half away from zero: q = v / d; if |2 * (v % d)| >= d then q += sign(v).
   llvm::Value* d = llvm::ConstantInt::get(v->getType(), uint64_t(divisor));
   llvm::Value* q = b_.CreateSDiv(v, d);
   llvm::Value* r = b_.CreateSRem(v, d);
   llvm::Value* twiceAbs = b_.CreateShl(b_.CreateBinaryIntrinsic(llvm::Intrinsic::abs, r, b_.getFalse()), 1);
   llvm::Value* roundAway = b_.CreateICmpSGE(twiceAbs, d);
   llvm::Value* step = b_.CreateSelect(b_.CreateICmpSLT(v, llvm::ConstantInt::get(v->getType(), 0)), llvm::ConstantInt::getSigned(v->getType(), -1),
                                       llvm::ConstantInt::get(v->getType(), 1));
   return b_.CreateSelect(roundAway, b_.CreateAdd(q, step), q);
}

void SqlOps::checkPrecision(llvm::Value* v, unsigned precision) {
   __int128 bound = decimal::pow10(precision);
   llvm::Value* limit = llvm::ConstantInt::get(
      v->getType(), llvm::APInt(v->getType()->getIntegerBitWidth(), {uint64_t(bound), uint64_t(static_cast<unsigned __int128>(bound) >> 64)}));
   if (v->getType()->getIntegerBitWidth() == 64 && precision >= 19) return;
   llvm::Value* tooBig = b_.CreateICmpSGE(v, limit);
   llvm::Value* tooSmall = b_.CreateICmpSLE(v, b_.CreateNeg(limit));
   cx_.errorIf(b_.CreateOr(tooBig, tooSmall), codeNumericOverflow);
}

llvm::Value* SqlOps::rescale(llvm::Value* v, SqlType from, unsigned toScale, llvm::Type* width) {
   if (v->getType() != width) v = b_.CreateSExtOrTrunc(v, width);
   if (toScale == from.scale) return v;
   if (toScale > from.scale) {
      __int128 factor = decimal::pow10(toScale - from.scale);
      // A value with many integer digits may not fit 128 bits at the larger scale: an error then,
      // not a wrapped product.
      unsigned integral = from.id == TypeId::Decimal ? from.precision - from.scale : integerDigits(from);
      if (width == cx_.i128() && integral + toScale > decimal::maxPrecision) return checkedMultiply(v, cx_.int128(factor));
      return b_.CreateMul(v, width == cx_.i128() ? cx_.int128(factor) : llvm::ConstantInt::get(width, uint64_t(factor)));
   }
   return divideRounded(v, decimal::pow10(from.scale - toScale));
}

llvm::Value* SqlOps::checkedMultiply(llvm::Value* a, llvm::Value* b) {
   // Two factors that fit in 64 bits cannot overflow 128 bits: multiply inline. Otherwise the
   // runtime checks (LLVM would lower a checked 128-bit multiply to a compiler-rt call).
   auto fits64 = [&](llvm::Value* v) { return b_.CreateICmpEQ(v, b_.CreateSExt(b_.CreateTrunc(v, cx_.i64()), cx_.i128())); };
   return cx_.ifThenElse(
      b_.CreateAnd(fits64(a), fits64(b)), [&]() -> llvm::Value* { return b_.CreateMul(a, b); },
      [&]() -> llvm::Value* {
         llvm::Value* out = cx_.entryAlloca(cx_.i128());
         llvm::Value* overflow = cx_.callRuntime(runtime::kiln_mul128_overflows, {a, b, out});
         cx_.errorIf(byteToBool(overflow), codeNumericOverflow);
         return b_.CreateLoad(cx_.i128(), out);
      });
}

llvm::Value* SqlOps::decimalArithmetic(ArithOp op, const SqlValue& a, const SqlValue& b, SqlType result) {
   llvm::Type* width = cx_.valueType(result);
   const unsigned maxP = decimal::maxPrecision;
   unsigned pa = a.type.precision, sa = a.type.scale, pb = b.type.precision, sb = b.type.scale;
   switch (op) {
      case ArithOp::Add:
      case ArithOp::Sub: {
         unsigned natural = std::max(pa - sa, pb - sb) + 1 + result.scale;
         bool capped = natural > maxP;
         llvm::Value* x = rescale(a.value, a.type, result.scale, width);
         llvm::Value* y = rescale(b.value, b.type, result.scale, width);
         if (!capped) return op == ArithOp::Add ? b_.CreateAdd(x, y) : b_.CreateSub(x, y);
         llvm::Value* r = checkedIntegerOp(op == ArithOp::Add ? llvm::Intrinsic::sadd_with_overflow : llvm::Intrinsic::ssub_with_overflow, x, y, result);
         checkPrecision(r, result.precision);
         return r;
      }
      case ArithOp::Mul: {
         if (pa + pb <= maxP && sa + sb == result.scale) {
            // The product of a p1-digit and a p2-digit number has at most p1 + p2 digits: no check.
            return b_.CreateMul(b_.CreateSExtOrTrunc(a.value, width), b_.CreateSExtOrTrunc(b.value, width));
         }
         llvm::Value* r = checkedMultiply(b_.CreateSExt(a.value, cx_.i128()), b_.CreateSExt(b.value, cx_.i128()));
         if (sa + sb > result.scale) r = divideRounded(r, decimal::pow10(sa + sb - result.scale));
         checkPrecision(r, result.precision);
         return b_.CreateSExtOrTrunc(r, width);
      }
      case ArithOp::Div: {
         llvm::Value* r = cx_.callRuntime(runtime::kiln_decimal_divide,
                                          {b_.CreateSExt(a.value, cx_.i128()), b_.CreateSExt(b.value, cx_.i128()), cx_.int32(int64_t(result.scale) - sa + sb)});
         checkPrecision(r, result.precision);
         return b_.CreateSExtOrTrunc(r, width);
      }
      case ArithOp::Mod: {
         llvm::Value* x = rescale(a.value, a.type, result.scale, cx_.i128());
         llvm::Value* y = rescale(b.value, b.type, result.scale, cx_.i128());
         return b_.CreateSExtOrTrunc(cx_.callRuntime(runtime::kiln_i128_mod, {x, y}), width);
      }
      case ArithOp::Concat: break;
   }
   return zeroOf(result);
}

SqlValue SqlOps::arithmetic(ArithOp op, const SqlValue& a, const SqlValue& b, SqlType result) {
   SqlType ta = a.type, tb = b.type;
   if (op == ArithOp::Concat) {
      return guardNulls({a, b}, result, [&] { return callStringHelper(runtime::kiln_concat, {stringAddress(a.value), stringAddress(b.value)}, true); });
   }
   if (result.id == TypeId::Date || (ta.id == TypeId::Date && tb.id == TypeId::Date)) {
      // date ± integer, integer + date, date - date
      const SqlValue& dateSide = ta.id == TypeId::Date ? a : b;
      const SqlValue& other = ta.id == TypeId::Date ? b : a;
      llvm::Value* days = b_.CreateSExt(other.value, cx_.i64());
      llvm::Value* from = b_.CreateSExt(dateSide.value, cx_.i64());
      llvm::Value* v = op == ArithOp::Sub ? b_.CreateSub(from, days) : b_.CreateAdd(from, days);
      llvm::Value* nullFlag = a.isNull || b.isNull ? b_.CreateOr(isNull(a), isNull(b)) : nullptr;
      if (result.id == TypeId::Date) {
         // An infinite date stays infinite, as in PostgreSQL.
         llvm::Value* infinite = isInfiniteDate(dateSide.value);
         llvm::Value* outside = b_.CreateOr(b_.CreateICmpSLT(v, cx_.int64(date::firstDay)), b_.CreateICmpSGE(v, cx_.int64(date::endDay)));
         errorUnlessNull(b_.CreateAnd(outside, b_.CreateNot(infinite)), nullFlag, int32_t(RuntimeError::DateOutOfRange));
         return {b_.CreateSelect(infinite, dateSide.value, b_.CreateTrunc(v, cx_.i32())), nullFlag, result};
      }
      errorUnlessNull(b_.CreateOr(isInfiniteDate(a.value), isInfiniteDate(b.value)), nullFlag, int32_t(RuntimeError::CannotSubtractInfiniteDates));
      return {b_.CreateTrunc(v, cx_.i32()), nullFlag, result};
   }
   if (result.id == TypeId::Timestamp || result.id == TypeId::TimestampTz || result.id == TypeId::Time) {
      // timestamp, timestamptz or time ± interval, interval + any of them, and date + time (the
      // date made a timestamp when binding, the time an interval's time part)
      const SqlValue& moment = ta.id == result.id ? a : b;
      const SqlValue& span = ta.id == result.id ? b : a;
      const RuntimeFunction& helper = result.id == TypeId::Timestamp     ? runtime::kiln_timestamp_add_interval
                                      : result.id == TypeId::TimestampTz ? runtime::kiln_timestamptz_add_interval
                                                                         : runtime::kiln_time_add_interval;
      return guardNulls({a, b}, result, [&] {
         llvm::Value* interval = span.value;
         if (span.type.id == TypeId::Time) interval = b_.CreateInsertValue(llvm::Constant::getNullValue(cx_.intervalType()), span.value, 2);
         llvm::Value* slot = cx_.entryAlloca(cx_.intervalType());
         b_.CreateStore(interval, slot);
         return cx_.callRuntime(helper, {moment.value, slot, cx_.int32(op == ArithOp::Sub ? -1 : 1)});
      });
   }
   if (ta.id == tb.id && (ta.id == TypeId::Timestamp || ta.id == TypeId::TimestampTz)) {
      return guardNulls({a, b}, result, [&] {
         llvm::Value* out = cx_.entryAlloca(cx_.intervalType());
         cx_.callRuntime(runtime::kiln_timestamp_difference, {a.value, b.value, out});
         return b_.CreateLoad(cx_.intervalType(), out);
      });
   }
   if (ta.id == TypeId::Time && tb.id == TypeId::Time) {
      llvm::Value* v = b_.CreateInsertValue(llvm::Constant::getNullValue(cx_.intervalType()), b_.CreateSub(a.value, b.value), 2);
      return {v, a.isNull || b.isNull ? b_.CreateOr(isNull(a), isNull(b)) : nullptr, result};
   }
   llvm::Value* nullFlag = a.isNull || b.isNull ? b_.CreateOr(isNull(a), isNull(b)) : nullptr;
   if (result.id == TypeId::Interval && (op == ArithOp::Mul || op == ArithOp::Div)) {
      // In double precision, fractions of months and days cascading down, as PostgreSQL's.
      const SqlValue& interval = ta.id == TypeId::Interval ? a : b;
      const SqlValue& factor = ta.id == TypeId::Interval ? b : a;
      return guardNulls({a, b}, result, [&] {
         llvm::Value* in = cx_.entryAlloca(cx_.intervalType());
         llvm::Value* out = cx_.entryAlloca(cx_.intervalType());
         b_.CreateStore(interval.value, in);
         llvm::Value* by = cast({factor.value, nullptr, factor.type}, SqlType::double_(), false).value;
         cx_.callRuntime(runtime::kiln_interval_scale, {in, by, cx_.int8(op == ArithOp::Div), out});
         return b_.CreateLoad(cx_.intervalType(), out);
      });
   }
   if (result.id == TypeId::Interval) {
      // Field by field (months, days, microseconds), each within its range, as PostgreSQL's.
      llvm::Value* v = llvm::UndefValue::get(cx_.intervalType());
      for (unsigned i = 0; i < 3; ++i) {
         llvm::Value *x = b_.CreateExtractValue(a.value, i), *y = b_.CreateExtractValue(b.value, i);
         auto id = op == ArithOp::Sub ? llvm::Intrinsic::ssub_with_overflow : llvm::Intrinsic::sadd_with_overflow;
         v = b_.CreateInsertValue(v, checkedIntervalOp(id, x, y, nullFlag), i);
      }
      return {v, nullFlag, result};
   }
   if (result.isInteger()) {
      switch (op) {
         case ArithOp::Add: return {checkedIntegerOp(llvm::Intrinsic::sadd_with_overflow, a.value, b.value, result, nullFlag), nullFlag, result};
         case ArithOp::Sub: return {checkedIntegerOp(llvm::Intrinsic::ssub_with_overflow, a.value, b.value, result, nullFlag), nullFlag, result};
         case ArithOp::Mul: return {checkedIntegerOp(llvm::Intrinsic::smul_with_overflow, a.value, b.value, result, nullFlag), nullFlag, result};
         case ArithOp::Div:
         case ArithOp::Mod:
            return guardNulls({a, b}, result, [&] {
               llvm::Type* t = a.value->getType();
               cx_.errorIf(b_.CreateICmpEQ(b.value, llvm::ConstantInt::get(t, 0)), codeDivisionByZero);
               llvm::Value* minusOne = b_.CreateICmpEQ(b.value, llvm::ConstantInt::getSigned(t, -1));
               if (op == ArithOp::Div) {
                  llvm::Value* minimum = llvm::ConstantInt::get(t, llvm::APInt::getSignedMinValue(t->getIntegerBitWidth()));
                  cx_.errorIf(b_.CreateAnd(minusOne, b_.CreateICmpEQ(a.value, minimum)), outOfRangeCode(result));
                  return b_.CreateSDiv(a.value, b.value);
               }
               // x % -1 is 0; srem would trap on the minimum value.
               llvm::Value* divisor = b_.CreateSelect(minusOne, llvm::ConstantInt::get(t, 1), b.value);
               return b_.CreateSRem(a.value, divisor);
            });
         case ArithOp::Concat: break;
      }
   }
   if (result.isFloat()) return {floatArithmetic(op, a.value, b.value, result, nullFlag), nullFlag, result};
   if (result.id == TypeId::Decimal) {
      // Its checks must not see a NULL's value (nor can its runtime calls).
      if (nullFlag) return guardNulls({a, b}, result, [&] { return decimalArithmetic(op, a, b, result); });
      return {decimalArithmetic(op, a, b, result), nullptr, result};
   }
   if (result.id == TypeId::Numeric) {
      static const RuntimeFunction* const helpers[] = {&runtime::kiln_numeric_add, &runtime::kiln_numeric_subtract, &runtime::kiln_numeric_multiply,
                                                       &runtime::kiln_numeric_divide, &runtime::kiln_numeric_modulo};
      SqlValue x = cast(a, result, false), y = cast(b, result, false);
      return guardNulls({x, y}, result, [&] { return callStringHelper(*helpers[int(op)], {stringAddress(x.value), stringAddress(y.value)}, true); });
   }
   throw Error("XX000", "unsupported arithmetic on " + result.toString());
}

SqlValue SqlOps::negate(const SqlValue& a) {
   SqlType t = a.type;
   if (t.isFloat()) return {b_.CreateFNeg(a.value), a.isNull, t};
   if (t.id == TypeId::Interval) {
      llvm::Value* v = a.value;
      for (unsigned i = 0; i < 3; ++i) {
         llvm::Value* field = b_.CreateExtractValue(a.value, i);
         v = b_.CreateInsertValue(v, checkedIntervalOp(llvm::Intrinsic::ssub_with_overflow, llvm::ConstantInt::get(field->getType(), 0), field, a.isNull), i);
      }
      return {v, a.isNull, t};
   }
   if (t.id == TypeId::Decimal) return {b_.CreateNeg(a.value), a.isNull, t};
   if (t.id == TypeId::Numeric) return guardNulls({a}, t, [&] { return numericUnary(NumericUnary::Negate, a.value); });
   return {checkedIntegerOp(llvm::Intrinsic::ssub_with_overflow, llvm::ConstantInt::get(a.value->getType(), 0), a.value, t, a.isNull), a.isNull, t};
}

llvm::Value* SqlOps::stringAddress(llvm::Value* string) {
   llvm::Value* slot = cx_.entryAlloca(cx_.stringType());
   b_.CreateStore(string, slot);
   return slot;
}

llvm::Value* SqlOps::callStringHelper(const RuntimeFunction& function, std::vector<llvm::Value*> args, bool passArena) {
   llvm::Value* out = cx_.entryAlloca(cx_.stringType());
   args.push_back(out);
   if (passArena) args.push_back(arena());
   cx_.callRuntime(function, args);
   return b_.CreateLoad(cx_.stringType(), out);
}

SqlOps::UnpackedArray SqlOps::unpackArray(llvm::Value* array) {
   llvm::Value* elements = cx_.entryAlloca(cx_.ptr());
   llvm::Value* nulls = cx_.entryAlloca(cx_.ptr());
   llvm::Value* count = cx_.callRuntime(runtime::kiln_array_unpack, {stringAddress(array), elements, nulls, arena()});
   return {b_.CreateZExt(count, cx_.i64()), b_.CreateLoad(cx_.ptr(), elements), b_.CreateLoad(cx_.ptr(), nulls)};
}

SqlValue SqlOps::arrayElement(const UnpackedArray& array, llvm::Value* index) {
   llvm::Value* text = b_.CreateLoad(cx_.stringType(), b_.CreateInBoundsGEP(cx_.stringType(), array.elements, index));
   llvm::Value* isNull = b_.CreateICmpNE(b_.CreateLoad(cx_.i8(), b_.CreateInBoundsGEP(cx_.i8(), array.nulls, index)), cx_.int8(0));
   return {text, isNull, SqlType::text()};
}

llvm::Value* SqlOps::substring(llvm::Value* s, llvm::Value* from, llvm::Value* count) {
   auto call = [&] {
      return callStringHelper(runtime::kiln_substring, {stringAddress(s), from, count ? count : cx_.int64(0), cx_.int8(count != nullptr)}, true);
   };
   auto* constFrom = llvm::dyn_cast<llvm::ConstantInt>(from);
   auto* constCount = count ? llvm::dyn_cast<llvm::ConstantInt>(count) : nullptr;
   if (!constFrom || !constCount) return call();
   int64_t first = constFrom->getSExtValue(), n = constCount->getSExtValue();
   if (first < 1 || n < 1 || first + n - 1 > 4) return call();
   // Characters that lie within the 4-byte prefix are its bytes when those are ASCII (UTF-8's
   // multi-byte characters have the high bit set in every byte): a few instructions, no call,
   // as in TPC-H Q22's substring(c_phone FROM 1 FOR 2).
   uint64_t end = uint64_t(first + n - 1);
   uint64_t covered = end == 4 ? 0xFFFFFFFFull : (uint64_t(1) << (8 * end)) - 1;
   llvm::Value* word = b_.CreateExtractValue(s, 0);
   llvm::Value* prefix = b_.CreateLShr(word, 32);
   llvm::Value* ascii = b_.CreateICmpEQ(b_.CreateAnd(prefix, cx_.int64(int64_t(covered & 0x80808080ull))), cx_.int64(0));
   llvm::Value* longEnough = b_.CreateICmpUGE(b_.CreateAnd(word, cx_.int64(0xFFFFFFFF)), cx_.int64(int64_t(end)));
   return cx_.ifThenElse(
      b_.CreateAnd(ascii, longEnough),
      [&]() -> llvm::Value* {
         uint64_t keep = n == 4 ? 0xFFFFFFFFull : (uint64_t(1) << (8 * n)) - 1;
         llvm::Value* bytes = b_.CreateAnd(b_.CreateLShr(prefix, uint64_t(8 * (first - 1))), cx_.int64(int64_t(keep)));
         llvm::Value* result = llvm::UndefValue::get(cx_.stringType());
         result = b_.CreateInsertValue(result, b_.CreateOr(b_.CreateShl(bytes, 32), cx_.int64(n)), 0);
         return b_.CreateInsertValue(result, cx_.int64(0), 1);
      },
      call);
}

namespace {

/// CHAR(n) and VARCHAR(n) whose every value is inline (a character takes 4 bytes at most): their
/// 16 bytes are the whole value, zero-padded.
bool alwaysInline(SqlType type) {
   return (type.id == TypeId::Char || type.id == TypeId::Varchar) && type.length > 0 && type.length * 4 <= GermanString::maxInline;
}

}  // namespace

llvm::Value* SqlOps::stringEquals(llvm::Value* a, llvm::Value* b, SqlType type) {
   // The first word holds length and prefix; short strings are decided by the second word too.
   if (llvm::isa<llvm::Constant>(a)) std::swap(a, b);
   llvm::Value *a0 = b_.CreateExtractValue(a, 0), *b0 = b_.CreateExtractValue(b, 0);
   if (alwaysInline(type)) return b_.CreateAnd(b_.CreateICmpEQ(a0, b0), b_.CreateICmpEQ(b_.CreateExtractValue(a, 1), b_.CreateExtractValue(b, 1)));
   if (auto* constant = llvm::dyn_cast<llvm::Constant>(b)) {
      // Against a constant, the length is known: a short one is two word compares, without a
      // branch (an IN list of short strings becomes straight-line code).
      uint64_t word = llvm::cast<llvm::ConstantInt>(constant->getAggregateElement(0u))->getZExtValue();
      if (uint32_t(word) <= GermanString::maxInline)
         return b_.CreateAnd(b_.CreateICmpEQ(a0, b0), b_.CreateICmpEQ(b_.CreateExtractValue(a, 1), b_.CreateExtractValue(b, 1)));
      return cx_.ifThenElse(
         b_.CreateICmpEQ(a0, b0),
         [&]() -> llvm::Value* { return byteToBool(cx_.callRuntime(runtime::kiln_string_equal, {stringAddress(a), stringAddress(b)})); },
         [&]() -> llvm::Value* { return cx_.boolean(false); });
   }
   return cx_.ifThenElse(
      b_.CreateICmpEQ(a0, b0),
      [&]() -> llvm::Value* {
         llvm::Value* length = b_.CreateTrunc(a0, cx_.i32());
         return cx_.ifThenElse(
            b_.CreateICmpULE(length, cx_.int32(GermanString::maxInline)),
            [&]() -> llvm::Value* { return b_.CreateICmpEQ(b_.CreateExtractValue(a, 1), b_.CreateExtractValue(b, 1)); },
            [&]() -> llvm::Value* { return byteToBool(cx_.callRuntime(runtime::kiln_string_equal, {stringAddress(a), stringAddress(b)})); });
      },
      [&]() -> llvm::Value* { return cx_.boolean(false); });
}

llvm::Value* SqlOps::numericEquals(llvm::Value* a, llvm::Value* b) {
   // The first words without the scales hold the length and (inline) the exponent; the second
   // word is the rest of an inline value; a longer one's bytes are compared by the helper.
   if (llvm::isa<llvm::Constant>(a)) std::swap(a, b);
   llvm::Value* mask = cx_.int64(int64_t(packed_numeric::valueBitsOfFirstWord));
   llvm::Value *a0 = b_.CreateAnd(b_.CreateExtractValue(a, 0), mask), *b0 = b_.CreateAnd(b_.CreateExtractValue(b, 0), mask);
   auto inlineEqual = [&]() -> llvm::Value* { return b_.CreateICmpEQ(b_.CreateExtractValue(a, 1), b_.CreateExtractValue(b, 1)); };
   auto helperEqual = [&]() -> llvm::Value* { return byteToBool(cx_.callRuntime(runtime::kiln_numeric_equal, {stringAddress(a), stringAddress(b)})); };
   if (auto* constant = llvm::dyn_cast<llvm::Constant>(b)) {
      uint64_t word = llvm::cast<llvm::ConstantInt>(constant->getAggregateElement(0u))->getZExtValue();
      if (uint32_t(word) <= GermanString::maxInline) return b_.CreateAnd(b_.CreateICmpEQ(a0, b0), inlineEqual());
   }
   return cx_.ifThenElse(
      b_.CreateICmpEQ(a0, b0),
      [&]() -> llvm::Value* {
         return cx_.ifThenElse(b_.CreateICmpULE(b_.CreateTrunc(a0, cx_.i32()), cx_.int32(GermanString::maxInline)), inlineEqual, helperEqual);
      },
      [&]() -> llvm::Value* { return cx_.boolean(false); });
}

llvm::Value* SqlOps::numericUnary(NumericUnary operation, llvm::Value* a, int32_t digits) {
   return callStringHelper(runtime::kiln_numeric_unary, {stringAddress(a), cx_.int32(int32_t(operation)), cx_.int32(digits)}, true);
}

llvm::Value* SqlOps::numericHelper(const RuntimeFunction& function, const std::vector<SqlValue>& values) {
   std::vector<llvm::Value*> addresses;
   for (const SqlValue& v : values) addresses.push_back(stringAddress(v.value));
   return callStringHelper(function, addresses, true);
}

llvm::Value* SqlOps::castNumeric(const SqlValue& v, SqlType target) {
   SqlType from = v.type;
   if (target.id == TypeId::Numeric) {
      if (from.isInteger() || from.id == TypeId::Decimal)
         return callStringHelper(runtime::kiln_numeric_from_decimal, {b_.CreateSExt(v.value, cx_.i128()), cx_.int32(from.isInteger() ? 0 : from.scale)}, true);
      if (from.isFloat())
         return callStringHelper(runtime::kiln_numeric_from_double, {b_.CreateFPExt(v.value, cx_.f64()), cx_.int8(from.id == TypeId::Real)}, true);
   } else {
      llvm::Value* address = stringAddress(v.value);
      llvm::Type* targetType = cx_.valueType(target);
      if (target.isInteger()) return b_.CreateTrunc(cx_.callRuntime(runtime::kiln_numeric_to_integer, {address, cx_.int32(int32_t(target.id))}), targetType);
      if (target.id == TypeId::Decimal)
         return b_.CreateTrunc(cx_.callRuntime(runtime::kiln_numeric_to_decimal, {address, cx_.int32(target.precision), cx_.int32(target.scale)}), targetType);
      if (target.isFloat())
         return b_.CreateFPTrunc(cx_.callRuntime(runtime::kiln_numeric_to_double, {address, cx_.int8(target.id == TypeId::Real)}), targetType);
   }
   throw Error("42846", "cannot cast type " + from.toString() + " to " + target.toString());
}

llvm::Value* SqlOps::compareValues(CompareOp op, llvm::Value* a, llvm::Value* b, SqlType type) {
   // Equal arrays have equal text, but their order is PostgreSQL's element by element.
   bool equality = op == CompareOp::Eq || op == CompareOp::Ne || op == CompareOp::IsDistinct || op == CompareOp::IsNotDistinct;
   // Arrays of NUMERIC are equal element by element: '{1.10}' and '{1.1}' have other texts.
   if (type.isArray() && type.element == TypeId::Numeric) equality = false;
   if (type.id == TypeId::Numeric) {
      if (op == CompareOp::Eq || op == CompareOp::IsNotDistinct) return numericEquals(a, b);
      if (op == CompareOp::Ne || op == CompareOp::IsDistinct) return b_.CreateNot(numericEquals(a, b));
      a = order(a, b, type);
      b = cx_.int32(0);
   } else if (type.isArray() && !equality) {
      a = order(a, b, type);
      b = cx_.int32(0);
   } else if (type.isStringLike()) {
      if (op == CompareOp::Eq) return stringEquals(a, b, type);
      if (op == CompareOp::Ne) return b_.CreateNot(stringEquals(a, b, type));
      llvm::Value* c = cx_.callRuntime(runtime::kiln_string_compare, {stringAddress(a), stringAddress(b)});
      a = c;
      b = cx_.int32(0);
   } else if (type.id == TypeId::Interval) {
      a = intervalSpan(a);
      b = intervalSpan(b);
   }
   if (type.isFloat()) {
      // PostgreSQL's order: NaN equals NaN and is above every other value.
      auto isNaN = [&](llvm::Value* x) { return b_.CreateFCmpUNO(x, x); };
      auto less = [&](llvm::Value* x, llvm::Value* y) { return b_.CreateAnd(b_.CreateNot(isNaN(x)), b_.CreateOr(isNaN(y), b_.CreateFCmpOLT(x, y))); };
      auto lessOrEqual = [&](llvm::Value* x, llvm::Value* y) { return b_.CreateOr(isNaN(y), b_.CreateFCmpOLE(x, y)); };
      llvm::Value* equal = b_.CreateOr(b_.CreateFCmpOEQ(a, b), b_.CreateAnd(isNaN(a), isNaN(b)));
      switch (op) {
         case CompareOp::Eq:
         case CompareOp::IsNotDistinct: return equal;
         case CompareOp::Ne:
         case CompareOp::IsDistinct: return b_.CreateNot(equal);
         case CompareOp::Lt: return less(a, b);
         case CompareOp::Le: return lessOrEqual(a, b);
         case CompareOp::Gt: return less(b, a);
         case CompareOp::Ge: return lessOrEqual(b, a);
      }
   }
   bool isUnsigned = type.id == TypeId::Boolean;
   switch (op) {
      case CompareOp::Eq:
      case CompareOp::IsNotDistinct: return b_.CreateICmpEQ(a, b);
      case CompareOp::Ne:
      case CompareOp::IsDistinct: return b_.CreateICmpNE(a, b);
      case CompareOp::Lt: return isUnsigned ? b_.CreateICmpULT(a, b) : b_.CreateICmpSLT(a, b);
      case CompareOp::Le: return isUnsigned ? b_.CreateICmpULE(a, b) : b_.CreateICmpSLE(a, b);
      case CompareOp::Gt: return isUnsigned ? b_.CreateICmpUGT(a, b) : b_.CreateICmpSGT(a, b);
      case CompareOp::Ge: return isUnsigned ? b_.CreateICmpUGE(a, b) : b_.CreateICmpSGE(a, b);
   }
   return cx_.boolean(false);
}

llvm::Value* SqlOps::order(llvm::Value* a, llvm::Value* b, SqlType type) {
   if (type.isArray())
      return cx_.callRuntime(runtime::kiln_array_compare, {stringAddress(a), stringAddress(b), cx_.int64(int64_t(packType(type.elementType())))});
   if (type.isStringLike()) return cx_.callRuntime(runtime::kiln_string_compare, {stringAddress(a), stringAddress(b)});
   if (type.id == TypeId::Numeric) return cx_.callRuntime(runtime::kiln_numeric_compare, {stringAddress(a), stringAddress(b)});
   llvm::Value* less = compareValues(CompareOp::Lt, a, b, type);
   llvm::Value* greater = compareValues(CompareOp::Gt, a, b, type);
   return b_.CreateSub(b_.CreateZExt(greater, cx_.i32()), b_.CreateZExt(less, cx_.i32()));
}

SqlValue SqlOps::compare(CompareOp op, const SqlValue& a, const SqlValue& b) {
   SqlType boolean = SqlType::boolean();
   if (op == CompareOp::IsDistinct || op == CompareOp::IsNotDistinct) {
      // NULL-safe: two NULLs are not distinct, NULL and a value are.
      llvm::Value *nullA = isNull(a), *nullB = isNull(b);
      llvm::Value* valuesDiffer = compareValues(CompareOp::Ne, a.value, b.value, a.type);
      llvm::Value* bothValues = b_.CreateNot(b_.CreateOr(nullA, nullB));
      llvm::Value* distinct = b_.CreateOr(b_.CreateXor(nullA, nullB), b_.CreateAnd(bothValues, valuesDiffer));
      return {op == CompareOp::IsDistinct ? distinct : b_.CreateNot(distinct), nullptr, boolean};
   }
   if (callsHelpers(a.type) && (a.isNull || b.isNull)) {
      // String comparisons call helpers: skip them for NULLs.
      return guardNulls({a, b}, boolean, [&] { return compareValues(op, a.value, b.value, a.type); });
   }
   llvm::Value* nullFlag = a.isNull || b.isNull ? b_.CreateOr(isNull(a), isNull(b)) : nullptr;
   return {compareValues(op, a.value, b.value, a.type), nullFlag, boolean};
}

SqlValue SqlOps::logicalAnd(const SqlValue& a, const SqlValue& b) {
   if (!a.isNull && !b.isNull) return {b_.CreateAnd(a.value, b.value), nullptr, SqlType::boolean()};
   // FALSE wins over NULL; NULL over TRUE.
   llvm::Value* falseA = b_.CreateAnd(b_.CreateNot(isNull(a)), b_.CreateNot(a.value));
   llvm::Value* falseB = b_.CreateAnd(b_.CreateNot(isNull(b)), b_.CreateNot(b.value));
   llvm::Value* isFalse = b_.CreateOr(falseA, falseB);
   llvm::Value* null = b_.CreateAnd(b_.CreateNot(isFalse), b_.CreateOr(isNull(a), isNull(b)));
   return {b_.CreateNot(isFalse), null, SqlType::boolean()};
}

SqlValue SqlOps::logicalOr(const SqlValue& a, const SqlValue& b) {
   if (!a.isNull && !b.isNull) return {b_.CreateOr(a.value, b.value), nullptr, SqlType::boolean()};
   // TRUE wins over NULL; NULL over FALSE.
   llvm::Value* isTrueResult = b_.CreateOr(isTrue(a), isTrue(b));
   llvm::Value* null = b_.CreateAnd(b_.CreateNot(isTrueResult), b_.CreateOr(isNull(a), isNull(b)));
   return {isTrueResult, null, SqlType::boolean()};
}

SqlValue SqlOps::logicalNot(const SqlValue& a) { return {b_.CreateNot(a.value), a.isNull, SqlType::boolean()}; }

void SqlOps::checkIntegerRange(llvm::Value* wide, SqlType target) {
   unsigned bits = target.id == TypeId::SmallInt ? 16 : target.id == TypeId::Integer ? 32 : 64;
   unsigned width = wide->getType()->getIntegerBitWidth();
   if (width <= bits) return;
   llvm::Value* low = llvm::ConstantInt::get(wide->getType(), llvm::APInt::getSignedMinValue(bits).sext(width));
   llvm::Value* high = llvm::ConstantInt::get(wide->getType(), llvm::APInt::getSignedMaxValue(bits).sext(width));
   cx_.errorIf(b_.CreateOr(b_.CreateICmpSLT(wide, low), b_.CreateICmpSGT(wide, high)), outOfRangeCode(target));
}

llvm::Value* SqlOps::toText(const SqlValue& v) {
   SqlType t = v.type;
   if (t.isStringLike()) return v.value;
   if (t.isInteger()) return callStringHelper(runtime::kiln_format_integer, {b_.CreateSExt(v.value, cx_.i64())}, true);
   if (t.id == TypeId::Decimal) return callStringHelper(runtime::kiln_format_decimal, {b_.CreateSExt(v.value, cx_.i128()), cx_.int32(t.scale)}, true);
   if (t.id == TypeId::Numeric) return callStringHelper(runtime::kiln_numeric_format, {stringAddress(v.value)}, true);
   if (t.isFloat()) return callStringHelper(runtime::kiln_format_double, {b_.CreateFPExt(v.value, cx_.f64()), cx_.int8(t.id == TypeId::Real)}, true);
   if (t.id == TypeId::Date) return callStringHelper(runtime::kiln_format_date, {v.value}, true);
   if (t.id == TypeId::Timestamp) return callStringHelper(runtime::kiln_format_timestamp, {v.value}, true);
   if (t.id == TypeId::TimestampTz) return callStringHelper(runtime::kiln_format_timestamptz, {v.value}, true);
   if (t.id == TypeId::Time) return callStringHelper(runtime::kiln_format_time, {v.value}, true);
   if (t.id == TypeId::Boolean) return callStringHelper(runtime::kiln_format_bool, {boolToByte(v.value)}, false);
   if (t.id == TypeId::Interval) {
      llvm::Value* slot = cx_.entryAlloca(cx_.intervalType());
      b_.CreateStore(v.value, slot);
      return callStringHelper(runtime::kiln_format_interval, {slot}, true);
   }
   throw Error("XX000", "cannot convert " + t.toString() + " to text");
}

llvm::Value* SqlOps::fromText(llvm::Value* string, SqlType target) {
   llvm::Value* address = stringAddress(string);
   switch (target.id) {
      case TypeId::SmallInt:
      case TypeId::Integer:
      case TypeId::BigInt: return b_.CreateTrunc(cx_.callRuntime(runtime::kiln_parse_integer, {address, cx_.int32(int32_t(target.id))}), cx_.valueType(target));
      case TypeId::Decimal:
         return b_.CreateTrunc(cx_.callRuntime(runtime::kiln_parse_decimal, {address, cx_.int32(target.precision), cx_.int32(target.scale)}),
                               cx_.valueType(target));
      case TypeId::Numeric: return callStringHelper(runtime::kiln_numeric_parse, {address}, true);
      case TypeId::Real:
      case TypeId::Double:
         return b_.CreateFPTrunc(cx_.callRuntime(runtime::kiln_parse_double, {address, cx_.int32(int32_t(target.id))}), cx_.valueType(target));
      case TypeId::Date: return cx_.callRuntime(runtime::kiln_parse_date, {address});
      case TypeId::Timestamp:
      case TypeId::TimestampTz:
      case TypeId::Time: return cx_.callRuntime(runtime::kiln_parse_moment, {address, cx_.int32(int32_t(target.id))});
      case TypeId::Boolean: return byteToBool(cx_.callRuntime(runtime::kiln_parse_bool, {address}));
      case TypeId::Interval: {
         llvm::Value* out = cx_.entryAlloca(cx_.intervalType());
         cx_.callRuntime(runtime::kiln_parse_interval, {address, out});
         return b_.CreateLoad(cx_.intervalType(), out);
      }
      default: throw Error("XX000", "cannot convert text to " + target.toString());
   }
}

llvm::Value* SqlOps::roundFraction(llvm::Value* micros, SqlType type) {
   bool rounds = (type.id == TypeId::Timestamp || type.id == TypeId::TimestampTz || type.id == TypeId::Time) && type.fractionalDigits() < 6;
   return rounds ? cx_.callRuntime(runtime::kiln_round_moment, {micros, cx_.int32(int32_t(type.fractionalDigits()))}) : micros;
}

llvm::Value* SqlOps::castValue(const SqlValue& v, SqlType target, bool explicitCast) {
   SqlType from = v.type;
   llvm::Type* targetType = cx_.valueType(target);
   if (target.isString()) {
      llvm::Value* text = toText(v);
      bool fits = target.id == TypeId::Text || (target.id == TypeId::Varchar && target.length == 0);
      // Stored CHAR values have no trailing blanks already; other strings may need them cut.
      if (fits || from == target || (from.id == TypeId::Char && target.id == TypeId::Char && target.length == 0)) return text;
      llvm::Value* slot = stringAddress(text);
      cx_.callRuntime(runtime::kiln_string_fit, {slot, cx_.int32(int32_t(target.id)), cx_.int32(target.length), cx_.int8(explicitCast)});
      return b_.CreateLoad(cx_.stringType(), slot);
   }
   if (target.isArray() && from.isArray()) {
      // Element by element, as values of the one element type convert to the other's; the
      // converted texts replace the elements in the unpacked array.
      UnpackedArray elements = unpackArray(v.value);
      cx_.forRange(cx_.int64(0), elements.count, [&](llvm::Value* i) {
         SqlValue element = cast(cast(arrayElement(elements, i), from.elementType(), false), target.elementType(), explicitCast);
         SqlValue text = guardNulls({element}, SqlType::text(), [&] { return toText(element); });
         b_.CreateStore(text.value, b_.CreateInBoundsGEP(cx_.stringType(), elements.elements, i));
      });
      return callStringHelper(
         runtime::kiln_array_build,
         {elements.elements, elements.nulls, b_.CreateTrunc(elements.count, cx_.i32()), cx_.int64(int64_t(packType(target.elementType())))}, true);
   }
   if (target.isArray()) {
      // From text: each element read as the element type.
      llvm::Value* text = toText(v);
      return callStringHelper(runtime::kiln_array_from_text, {stringAddress(text), cx_.int64(int64_t(packType(target))), cx_.int8(explicitCast)}, true);
   }
   if (from.isString()) return fromText(v.value, target);
   if (target.id == TypeId::Numeric || from.id == TypeId::Numeric) return castNumeric(v, target);
   if (from.id == TypeId::Boolean && target.isInteger()) return b_.CreateZExt(v.value, targetType);
   if (from.isInteger() && target.id == TypeId::Boolean) return b_.CreateICmpNE(v.value, llvm::ConstantInt::get(v.value->getType(), 0));
   if (from.isInteger() && target.isInteger()) {
      checkIntegerRange(v.value, target);
      return b_.CreateSExtOrTrunc(v.value, targetType);
   }
   if (from.isInteger() && target.id == TypeId::Decimal) {
      llvm::Value* wide = b_.CreateSExt(v.value, cx_.i128());
      llvm::Value* scaled = b_.CreateMul(wide, cx_.int128(decimal::pow10(target.scale)));
      if (integerDigits(from) + target.scale > target.precision) checkPrecision(scaled, target.precision);
      return b_.CreateTrunc(scaled, targetType);
   }
   if (from.id == TypeId::Decimal && target.id == TypeId::Decimal) {
      llvm::Type* work = (target.isWideDecimal() || from.isWideDecimal() || target.scale > from.scale) ? cx_.i128() : cx_.i64();
      llvm::Value* r = rescale(v.value, from, target.scale, work);
      if (int(from.precision) - int(from.scale) > int(target.precision) - int(target.scale) || target.scale < from.scale) checkPrecision(r, target.precision);
      return b_.CreateSExtOrTrunc(r, targetType);
   }
   if (from.id == TypeId::Decimal && target.isInteger()) {
      llvm::Value* whole = divideRounded(b_.CreateSExt(v.value, cx_.i128()), decimal::pow10(from.scale));
      checkIntegerRange(whole, target);
      return b_.CreateTrunc(whole, targetType);
   }
   if (from.isInteger() && target.isFloat()) return b_.CreateSIToFP(v.value, targetType);
   if (from.id == TypeId::Decimal && target.isFloat()) {
      llvm::Value* d;
      if (from.precision <= 15 && from.scale <= 22) {
         // Both operands are exact in a double, so the quotient is correctly rounded.
         d = b_.CreateFDiv(b_.CreateSIToFP(v.value, cx_.f64()), llvm::ConstantFP::get(cx_.f64(), double(decimal::pow10(from.scale))));
      } else {
         d = cx_.callRuntime(runtime::kiln_i128_to_double, {b_.CreateSExt(v.value, cx_.i128()), cx_.int32(from.scale)});
      }
      return b_.CreateFPTrunc(d, targetType);
   }
   if (from.id == TypeId::Real && target.id == TypeId::Double) return b_.CreateFPExt(v.value, targetType);
   if (from.id == TypeId::Double && target.id == TypeId::Real) {
      // PostgreSQL's float8 to float4: a finite value that becomes infinite, or a nonzero one zero, is out of range.
      llvm::Value* single = b_.CreateFPTrunc(v.value, targetType);
      cx_.errorIf(b_.CreateAnd(isInfinite(single), b_.CreateNot(isInfinite(v.value))), outOfRangeCode(target));
      cx_.errorIf(b_.CreateAnd(b_.CreateFCmpOEQ(single, llvm::ConstantFP::get(targetType, 0.0)),
                               b_.CreateFCmpUNE(v.value, llvm::ConstantFP::get(v.value->getType(), 0.0))),
                  int32_t(RuntimeError::FloatUnderflow));
      return single;
   }
   if (from.isFloat() && target.isInteger()) {
      llvm::Value* rounded = b_.CreateUnaryIntrinsic(llvm::Intrinsic::rint, b_.CreateFPExt(v.value, cx_.f64()));
      unsigned bits = target.id == TypeId::SmallInt ? 16 : target.id == TypeId::Integer ? 32 : 64;
      double low = -std::ldexp(1.0, int(bits) - 1), high = std::ldexp(1.0, int(bits) - 1);
      llvm::Value* inRange = b_.CreateAnd(b_.CreateFCmpOGE(rounded, llvm::ConstantFP::get(cx_.f64(), low)),
                                          b_.CreateFCmpOLT(rounded, llvm::ConstantFP::get(cx_.f64(), high)));
      cx_.errorIf(b_.CreateNot(inRange), outOfRangeCode(target));
      return b_.CreateFPToSI(rounded, targetType);
   }
   if (from.id == TypeId::Date && target.id == TypeId::Timestamp) {
      // The midnight of every date but the far future is a timestamp; infinities stay infinite.
      llvm::Value* days = b_.CreateSExt(v.value, cx_.i64());
      llvm::Value* infinite = b_.CreateICmpEQ(v.value, cx_.int32(date::infinity));
      llvm::Value* minusInfinite = b_.CreateICmpEQ(v.value, cx_.int32(date::minusInfinity));
      cx_.errorIf(b_.CreateAnd(b_.CreateICmpSGE(days, cx_.int64(timestamp::endDay)), b_.CreateNot(infinite)),
                  int32_t(RuntimeError::DateOutOfRangeForTimestamp));
      llvm::Value* midnight = b_.CreateMul(days, cx_.int64(interval::microsPerDay));
      return b_.CreateSelect(infinite, cx_.int64(timestamp::infinity), b_.CreateSelect(minusInfinite, cx_.int64(timestamp::minusInfinity), midnight));
   }
   // Between timestamptz and the others, the session's time zone decides.
   if (from.id == TypeId::Date && target.id == TypeId::TimestampTz) return cx_.callRuntime(runtime::kiln_date_to_timestamptz, {v.value});
   if (from.id == TypeId::TimestampTz && target.id == TypeId::Date) return cx_.callRuntime(runtime::kiln_timestamptz_to_date, {v.value});
   if (from.id == TypeId::Timestamp && target.id == TypeId::TimestampTz) return cx_.callRuntime(runtime::kiln_timestamp_to_timestamptz, {v.value});
   if (from.id == TypeId::TimestampTz && target.id == TypeId::Timestamp) return cx_.callRuntime(runtime::kiln_timestamptz_to_timestamp, {v.value});
   if (from.id == TypeId::TimestampTz && target.id == TypeId::Time) return cx_.callRuntime(runtime::kiln_timestamptz_to_time, {v.value});
   if (from.id == TypeId::Timestamp && (target.id == TypeId::Date || target.id == TypeId::Time)) {
      // Floor division: the day a timestamp before 2000 falls on is the one it started.
      llvm::Value* perDay = cx_.int64(interval::microsPerDay);
      llvm::Value* quotient = b_.CreateSDiv(v.value, perDay);
      llvm::Value* before = b_.CreateICmpSLT(b_.CreateSRem(v.value, perDay), cx_.int64(0));
      llvm::Value* day = b_.CreateSub(quotient, b_.CreateZExt(before, cx_.i64()));
      if (target.id == TypeId::Date) {
         // An infinite timestamp is the infinite date.
         llvm::Value* finite = b_.CreateTrunc(day, targetType);
         llvm::Value* infinite = b_.CreateICmpEQ(v.value, cx_.int64(timestamp::infinity));
         llvm::Value* minusInfinite = b_.CreateICmpEQ(v.value, cx_.int64(timestamp::minusInfinity));
         return b_.CreateSelect(infinite, cx_.int32(date::infinity), b_.CreateSelect(minusInfinite, cx_.int32(date::minusInfinity), finite));
      }
      return b_.CreateSub(v.value, b_.CreateMul(day, perDay));  // an infinite timestamp's is NULL (cast)
   }
   if (from.isFloat() && target.id == TypeId::Decimal) {
      llvm::Value* r = cx_.callRuntime(runtime::kiln_double_to_decimal,
                                       {b_.CreateFPExt(v.value, cx_.f64()), cx_.int32(target.precision), cx_.int32(target.scale)});
      return b_.CreateTrunc(r, targetType);
   }
   if (from.id == target.id) return v.value;
   throw Error("42846", "cannot cast type " + from.toString() + " to " + target.toString());
}

SqlValue SqlOps::cast(const SqlValue& v, SqlType target, bool explicitCast) {
   if (v.type == target) return v;
   if (v.type.id == TypeId::Unknown) return cast({v.value, v.isNull, SqlType::text()}, target, explicitCast);
   SqlValue result = guardNulls({v}, target, [&] { return roundFraction(castValue(v, target, explicitCast), target); });
   if (castCanMakeNull(v.type, target)) {
      // The time of day of an infinite timestamp is NULL, as PostgreSQL's timestamp_time.
      llvm::Value* infinite = isInfiniteTimestamp(v.value);
      result.isNull = result.isNull ? b_.CreateOr(result.isNull, infinite) : infinite;
   }
   return result;
}

SqlValue SqlOps::dateForComparison(const SqlValue& v, SqlType target) {
   return guardNulls({v}, target, [&]() -> llvm::Value* {
      if (target.id == TypeId::TimestampTz) return cx_.callRuntime(runtime::kiln_date_to_timestamptz_for_comparison, {v.value});
      // As timestamp::fromDateForComparison: a day past the range just above it.
      llvm::Value* days = b_.CreateSExt(v.value, cx_.i64());
      llvm::Value* beyond = b_.CreateAnd(b_.CreateICmpSGE(days, cx_.int64(timestamp::endDay)), b_.CreateICmpNE(v.value, cx_.int32(date::infinity)));
      llvm::Value* above = b_.CreateAdd(days, cx_.int64(timestamp::end - timestamp::endDay));
      llvm::Value* midnight = b_.CreateSelect(beyond, above, b_.CreateMul(days, cx_.int64(interval::microsPerDay)));
      llvm::Value* infinite = b_.CreateICmpEQ(v.value, cx_.int32(date::infinity));
      llvm::Value* minusInfinite = b_.CreateICmpEQ(v.value, cx_.int32(date::minusInfinity));
      return b_.CreateSelect(infinite, cx_.int64(timestamp::infinity), b_.CreateSelect(minusInfinite, cx_.int64(timestamp::minusInfinity), midnight));
   });
}

llvm::Value* SqlOps::isInfiniteDate(llvm::Value* days) {
   return b_.CreateOr(b_.CreateICmpEQ(days, cx_.int32(date::infinity)), b_.CreateICmpEQ(days, cx_.int32(date::minusInfinity)));
}

llvm::Value* SqlOps::isInfiniteTimestamp(llvm::Value* micros) {
   return b_.CreateOr(b_.CreateICmpEQ(micros, cx_.int64(timestamp::infinity)), b_.CreateICmpEQ(micros, cx_.int64(timestamp::minusInfinity)));
}

llvm::Value* SqlOps::canonicalFloat(llvm::Value* value) {
   llvm::Type* type = value->getType();
   llvm::Value* zero = llvm::ConstantFP::get(type, 0.0);
   value = b_.CreateSelect(b_.CreateFCmpOEQ(value, zero), zero, value);
   return b_.CreateSelect(b_.CreateFCmpUNO(value, value), llvm::ConstantFP::getNaN(type), value);
}

llvm::Value* SqlOps::intervalSpan(llvm::Value* interval) {
   llvm::Value* months = b_.CreateSExt(b_.CreateExtractValue(interval, 0), cx_.i128());
   llvm::Value* days = b_.CreateSExt(b_.CreateExtractValue(interval, 1), cx_.i128());
   llvm::Value* micros = b_.CreateSExt(b_.CreateExtractValue(interval, 2), cx_.i128());
   llvm::Value* totalDays = b_.CreateAdd(b_.CreateMul(months, cx_.int128(30)), days);
   return b_.CreateAdd(b_.CreateMul(totalDays, cx_.int128(86400000000LL)), micros);
}

llvm::Value* SqlOps::hash(const SqlValue& v, llvm::Value* seed) {
   llvm::Value* key;
   if (v.type.isArray() && v.type.element == TypeId::Numeric) {
      auto hashArray = [&]() -> llvm::Value* {
         return cx_.callRuntime(runtime::kiln_array_hash, {stringAddress(v.value), cx_.int64(int64_t(packType(v.type.elementType())))});
      };
      key = v.isNull ? cx_.ifThenElse(v.isNull, [&]() -> llvm::Value* { return cx_.int64(0); }, hashArray) : hashArray();
   } else if (v.type.isStringLike()) {
      // A short string is all in its 16 bytes (zero-padded): hash those; a long one by its bytes.
      llvm::Value* word0 = b_.CreateExtractValue(v.value, 0);
      auto hashInline = [&]() -> llvm::Value* {
         llvm::Value* word1 = b_.CreateExtractValue(v.value, 1);
         return b_.CreateXor(word0, b_.CreateMul(word1, cx_.int64(int64_t(0x9E3779B97F4A7C15ULL))));
      };
      if (alwaysInline(v.type)) {
         key = hashInline();
      } else {
         llvm::Value* isShort = b_.CreateICmpULE(b_.CreateTrunc(word0, cx_.i32()), cx_.int32(GermanString::maxInline));
         key = cx_.ifThenElse(isShort, hashInline, [&]() -> llvm::Value* { return cx_.callRuntime(runtime::kiln_string_hash, {stringAddress(v.value)}); });
      }
   } else if (v.type.id == TypeId::Numeric) {
      // Inline values (nearly all) are their two words without the display scale.
      llvm::Value* word0 = b_.CreateExtractValue(v.value, 0);
      llvm::Value* isInline = b_.CreateICmpULE(b_.CreateTrunc(word0, cx_.i32()), cx_.int32(GermanString::maxInline));
      key = cx_.ifThenElse(
         isInline,
         [&]() -> llvm::Value* {
            llvm::Value* head = b_.CreateAnd(word0, cx_.int64(int64_t(packed_numeric::valueBitsOfFirstWord)));
            return b_.CreateXor(head, b_.CreateMul(b_.CreateExtractValue(v.value, 1), cx_.int64(int64_t(0x9E3779B97F4A7C15ULL))));
         },
         [&]() -> llvm::Value* { return cx_.callRuntime(runtime::kiln_numeric_hash, {stringAddress(v.value)}); });
   } else if (v.type.id == TypeId::Interval) {
      // Equal intervals ('1 day', '24:00:00') hash alike.
      llvm::Value* span = intervalSpan(v.value);
      key = b_.CreateXor(b_.CreateTrunc(span, cx_.i64()), b_.CreateTrunc(b_.CreateLShr(span, 64), cx_.i64()));
   } else if (v.value->getType() == cx_.i128()) {
      key = b_.CreateXor(b_.CreateTrunc(v.value, cx_.i64()), b_.CreateTrunc(b_.CreateLShr(v.value, 64), cx_.i64()));
   } else if (v.type.isFloat()) {
      key = b_.CreateBitCast(canonicalFloat(b_.CreateFPExt(v.value, cx_.f64())), cx_.i64());
   } else {
      key = b_.CreateSExt(v.value, cx_.i64());
   }
   if (v.isNull) key = b_.CreateSelect(v.isNull, cx_.int64(0x5bd1e9955bd1e995LL), key);
   // Mix into the seed (a multiply-xorshift in the manner of splitmix64).
   llvm::Value* h = b_.CreateXor(seed, key);
   h = b_.CreateMul(h, cx_.int64(int64_t(0xbf58476d1ce4e5b9ULL)));
   return b_.CreateXor(h, b_.CreateLShr(h, 31));
}

llvm::Value* SqlOps::sameKey(const SqlValue& a, const SqlValue& b) {
   if (!a.isNull && !b.isNull) return compareValues(CompareOp::Eq, a.value, b.value, a.type);
   llvm::Value* bothNull = b_.CreateAnd(isNull(a), isNull(b));
   llvm::Value* neitherNull = b_.CreateNot(b_.CreateOr(isNull(a), isNull(b)));
   llvm::Value* equal = callsHelpers(a.type) ? cx_.ifThenElse(
                                                  neitherNull, [&] { return compareValues(CompareOp::Eq, a.value, b.value, a.type); },
                                                  [&]() -> llvm::Value* { return cx_.boolean(false); })
                                             : b_.CreateAnd(neitherNull, compareValues(CompareOp::Eq, a.value, b.value, a.type));
   return b_.CreateOr(bothNull, equal);
}

}  // namespace kiln
