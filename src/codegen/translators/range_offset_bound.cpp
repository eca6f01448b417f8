#include "codegen/translators/range_offset_bound.h"

#include <cmath>
#include <cstddef>
#include <functional>
#include <limits>

#include "codegen/runtime_functions.h"
#include "codegen/sql_ops.h"
#include "codegen/translators/row_access.h"
#include "common/decimal.h"
#include "runtime/window_segments.h"

namespace kiln {

namespace {

/// in_range(value, current ± distance): `less` asks value <= current ± distance, else >=.
using InRange = std::function<llvm::Value*(llvm::Value* value)>;

/// The distance in units of the key's scale, rounded so that comparing whole units decides as
/// the exact distance would (down when it is added to the side `less` compares, else up);
/// saturated where it exceeds 128 bits.
__int128 scaledDistance(const Value& distance, unsigned keyScale, bool roundDown) {
   __int128 units = distance.type.id == TypeId::Decimal ? distance.decimal : distance.integer;
   unsigned scale = distance.type.id == TypeId::Decimal ? distance.type.scale : 0;
   if (scale > keyScale) {
      __int128 divisor = decimal::pow10(scale - keyScale);
      return units / divisor + (!roundDown && units % divisor != 0 ? 1 : 0);
   }
   __int128 scaled;
   if (__builtin_mul_overflow(units, decimal::pow10(keyScale - scale), &scaled)) return std::numeric_limits<__int128>::max();
   return scaled;
}

/// Integers and decimals, in 128 bits: a sum past them holds all values or none, as in PostgreSQL.
InRange exactInRange(CodeContext& cx, const SqlValue& current, SqlType type, const Value& distance, bool sub, bool less) {
   auto& b = cx.builder();
   unsigned scale = type.id == TypeId::Decimal ? type.scale : 0;
   __int128 units = scaledDistance(distance, scale, sub != less);
   llvm::Value* offset = llvm::ConstantInt::get(cx.i128(), llvm::APInt(128, {uint64_t(units), uint64_t(units >> 64)}));
   llvm::Value* sum = b.CreateBinaryIntrinsic(sub ? llvm::Intrinsic::ssub_with_overflow : llvm::Intrinsic::sadd_with_overflow,
                                              b.CreateSExt(current.value, cx.i128()), offset);
   llvm::Value* overflow = b.CreateExtractValue(sum, 1);
   llvm::Value* bound = b.CreateExtractValue(sum, 0);
   // Past the lowest value (sub) all are >= the sum; past the highest all are <=.
   llvm::Value* whenOverflow = cx.boolean(sub ? !less : less);
   return [&cx, overflow, bound, whenOverflow, less](llvm::Value* value) {
      auto& b = cx.builder();
      llvm::Value* wide = b.CreateSExt(value, cx.i128());
      return b.CreateSelect(overflow, whenOverflow, less ? b.CreateICmpSLE(wide, bound) : b.CreateICmpSGE(wide, bound));
   };
}

/// REAL and DOUBLE, in double precision; an infinite distance from the infinity on its own
/// side holds all values (PostgreSQL's choice for what would be NaN).
InRange floatInRange(CodeContext& cx, const SqlValue& current, const Value& distance, bool sub, bool less) {
   auto& b = cx.builder();
   llvm::Value* base = b.CreateFPExt(current.value, cx.f64());
   llvm::Value* offset = llvm::ConstantFP::get(cx.f64(), distance.floating);
   llvm::Value* all = cx.boolean(false);
   if (std::isinf(distance.floating)) {
      llvm::Value* infinity = llvm::ConstantFP::get(cx.f64(), sub ? HUGE_VAL : -HUGE_VAL);
      all = b.CreateFCmpOEQ(base, infinity);
   }
   llvm::Value* bound = sub ? b.CreateFSub(base, offset) : b.CreateFAdd(base, offset);
   // NaN sorts after every number, whatever the offset (PostgreSQL's in_range).
   llvm::Value* baseIsNaN = b.CreateFCmpUNO(base, base);
   return [&cx, all, bound, less, baseIsNaN](llvm::Value* value) {
      auto& b = cx.builder();
      llvm::Value* wide = b.CreateFPExt(value, cx.f64());
      llvm::Value* numbers = b.CreateSelect(baseIsNaN, cx.boolean(less), b.CreateOr(all, less ? b.CreateFCmpOLE(wide, bound) : b.CreateFCmpOGE(wide, bound)));
      return b.CreateSelect(b.CreateFCmpUNO(wide, wide), b.CreateSelect(baseIsNaN, cx.boolean(true), cx.boolean(!less)), numbers);
   };
}

/// DATE ± INTERVAL, in microseconds: a time part in the interval counts, as dates are
/// compared as timestamps at midnight (PostgreSQL's in_range_date_interval).
InRange dateInRange(CodeContext& cx, const SqlValue& current, const Value& distance, bool sub, bool less) {
   auto& b = cx.builder();
   llvm::Value* slot = cx.entryAlloca(cx.intervalType());
   llvm::Value* interval = llvm::UndefValue::get(cx.intervalType());
   interval = b.CreateInsertValue(interval, cx.int32(distance.interval.months), 0);
   interval = b.CreateInsertValue(interval, cx.int32(distance.interval.days), 1);
   interval = b.CreateInsertValue(interval, cx.int64(distance.interval.micros), 2);
   b.CreateStore(interval, slot);
   llvm::Value* bound = cx.callRuntime(runtime::kiln_date_add_interval_micros, {current.value, slot, cx.int32(sub ? -1 : 1)});
   return [&cx, bound, less](llvm::Value* value) {
      auto& b = cx.builder();
      llvm::Value* micros = SqlOps(cx).cast({value, nullptr, SqlType::date()}, SqlType::timestamp(), false).value;
      return less ? b.CreateICmpSLE(micros, bound) : b.CreateICmpSGE(micros, bound);
   };
}

/// TIMESTAMP, TIMESTAMPTZ and INTERVAL ± INTERVAL, as their `+` and `-` compute it (a timestamp
/// past the range is error 22008, as in PostgreSQL).
InRange intervalStepInRange(CodeContext& cx, const SqlValue& current, SqlType type, const Value& distance, bool sub, bool less) {
   SqlOps ops(cx);
   llvm::Value* bound = ops.arithmetic(sub ? ArithOp::Sub : ArithOp::Add, {current.value, nullptr, type}, ops.constant(distance), type).value;
   return [&cx, bound, type, less](llvm::Value* value) { return SqlOps(cx).compareValues(less ? CompareOp::Le : CompareOp::Ge, value, bound, type); };
}

/// NUMERIC, as PostgreSQL's in_range_numeric_numeric has it (NaN after every number, an infinite
/// distance from the infinity on its own side holding all values).
InRange numericInRange(CodeContext& cx, const SqlValue& current, const Value& distance, bool sub, bool less) {
   SqlOps ops(cx);
   llvm::Value* base = ops.stringAddress(current.value);
   llvm::Value* offset = ops.stringAddress(ops.constant(distance).value);
   return [&cx, base, offset, sub, less](llvm::Value* value) {
      llvm::Value* inRange = cx.callRuntime(runtime::kiln_numeric_in_range, {SqlOps(cx).stringAddress(value), base, offset, cx.int8(sub), cx.int8(less)});
      return cx.builder().CreateICmpNE(inRange, cx.int8(0));
   };
}

/// The first position in [low, high) where `found` holds (it holds from some position on), else high.
llvm::Value* firstWhere(CodeContext& cx, llvm::Value* low, llvm::Value* high, const std::function<llvm::Value*(llvm::Value*)>& found) {
   auto& b = cx.builder();
   llvm::Value* lowSlot = cx.entryAlloca(cx.i64(), "search_low");
   llvm::Value* highSlot = cx.entryAlloca(cx.i64(), "search_high");
   b.CreateStore(low, lowSlot);
   b.CreateStore(high, highSlot);
   auto* header = cx.newBlock("search");
   auto* body = cx.newBlock("search_step");
   auto* after = cx.newBlock("search_end");
   b.CreateBr(header);
   b.SetInsertPoint(header);
   llvm::Value* l = b.CreateLoad(cx.i64(), lowSlot);
   llvm::Value* h = b.CreateLoad(cx.i64(), highSlot);
   b.CreateCondBr(b.CreateICmpSLT(l, h), body, after);
   b.SetInsertPoint(body);
   llvm::Value* middle = b.CreateAdd(l, b.CreateLShr(b.CreateSub(h, l), 1));
   llvm::Value* hit = found(middle);
   b.CreateStore(b.CreateSelect(hit, l, b.CreateAdd(middle, cx.int64(1))), lowSlot);
   b.CreateStore(b.CreateSelect(hit, middle, h), highSlot);
   b.CreateBr(header);
   b.SetInsertPoint(after);
   return b.CreateLoad(cx.i64(), lowSlot);
}

}  // namespace

llvm::Value* generateRangeOffsetBound(CodeContext& cx, const WindowPosition& p, const RangeKey& key, FrameBound bound, const Value& distance, bool isStart) {
   auto& b = cx.builder();
   auto& [field, sort] = key;
   // PostgreSQL's in_range flags: the start is the first row >= current - distance (PRECEDING)
   // and the end the first row not <= current ± distance; descending order flips both.
   bool sub = (bound == FrameBound::Preceding) != sort.descending;
   bool less = isStart == sort.descending;
   SqlValue current = loadField(cx, p.row, field);
   bool nullableKey = current.isNull != nullptr;
   auto search = [&]() -> llvm::Value* {
      // The non-NULL keys lie together, the NULLs (one peer group) before or after them.
      llvm::Value* low = p.partitionStart;
      llvm::Value* high = p.partitionEnd;
      if (nullableKey) {
         llvm::Value* edge = sort.nullsFirst ? p.partitionStart : b.CreateSub(p.partitionEnd, cx.int64(1));
         llvm::Value* edgeNull = SqlOps(cx).isNull(loadField(cx, p.rowAt(cx, edge), field));
         if (sort.nullsFirst) low = b.CreateSelect(edgeNull, p.headerAt(cx, edge, offsetof(WindowRowHeader, peerEnd)), low);
         else high = b.CreateSelect(edgeNull, p.headerAt(cx, edge, offsetof(WindowRowHeader, peerStart)), high);
      }
      InRange inRange;
      switch (field.type.id) {
         case TypeId::Real:
         case TypeId::Double: inRange = floatInRange(cx, current, distance, sub, less); break;
         case TypeId::Date: inRange = dateInRange(cx, current, distance, sub, less); break;
         case TypeId::Numeric: inRange = numericInRange(cx, current, distance, sub, less); break;
         case TypeId::Timestamp:
         case TypeId::TimestampTz:
         case TypeId::Interval: inRange = intervalStepInRange(cx, current, field.type, distance, sub, less); break;
         // Without wrapping around midnight, as time + interval would (PostgreSQL's in_range).
         case TypeId::Time: inRange = exactInRange(cx, current, field.type, Value::ofInteger(SqlType::bigInt(), distance.interval.micros), sub, less); break;
         default: inRange = exactInRange(cx, current, field.type, distance, sub, less);
      }
      return firstWhere(cx, low, high, [&](llvm::Value* i) {
         llvm::Value* within = inRange(loadField(cx, p.rowAt(cx, i), field).value);
         return isStart ? within : b.CreateNot(within);
      });
   };
   if (!nullableKey) return search();
   return cx.ifThenElse(current.isNull, [&] { return isStart ? p.peerStart : p.peerEnd; }, search);
}

}  // namespace kiln
