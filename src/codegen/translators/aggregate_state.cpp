#include "codegen/translators/aggregate_state.h"

#include "codegen/translators/row_access.h"
#include "runtime/helpers.h"

namespace kiln {

AggregateState AggregateState::layOut(const AggregateCall& call, std::vector<std::pair<SqlType, bool>>& fields) {
   AggregateState state{fields.size(), 0};
   switch (call.function) {
      case AggregateFunction::CountStar:
      case AggregateFunction::Count: fields.push_back({SqlType::bigInt(), false}); break;
      case AggregateFunction::Sum:
      case AggregateFunction::StringAgg:
         fields.push_back({call.output->type, false});
         state.extra = fields.size();
         fields.push_back({SqlType::boolean(), false});
         break;
      case AggregateFunction::Avg:
         fields.push_back({averageAccumulator(call), false});
         state.extra = fields.size();
         fields.push_back({SqlType::bigInt(), false});
         break;
      case AggregateFunction::Min:
      case AggregateFunction::Max:
         fields.push_back({call.argument->type, false});
         state.extra = fields.size();
         fields.push_back({SqlType::boolean(), false});
         break;
      case AggregateFunction::VarSamp:
      case AggregateFunction::VarPop:
      case AggregateFunction::StddevSamp:
      case AggregateFunction::StddevPop:
         fields.push_back({SqlType::double_(), false});
         state.extra = fields.size();
         fields.push_back({SqlType::double_(), false});
         state.squares = fields.size();
         fields.push_back({SqlType::double_(), false});
         break;
      case AggregateFunction::SingleValue:
         fields.push_back({call.argument->type, true});
         state.extra = fields.size();
         fields.push_back({SqlType::bigInt(), false});
         break;
   }
   return state;
}

SqlType AggregateState::averageAccumulator(const AggregateCall& call) {
   SqlType in = call.argument->type;
   return in.isFloat() ? SqlType::double_() : SqlType::decimal(38, in.scale);
}

SqlValue checkedAdd(CodeContext& cx, const SqlValue& a, const SqlValue& c) {
   auto& b = cx.builder();
   llvm::Value* result = b.CreateBinaryIntrinsic(llvm::Intrinsic::sadd_with_overflow, a.value, c.value);
   cx.errorIf(b.CreateExtractValue(result, 1), int32_t(a.type.id == TypeId::BigInt ? RuntimeError::BigIntOutOfRange : RuntimeError::NumericOverflow));
   return {b.CreateExtractValue(result, 0), nullptr, a.type};
}

VarianceFields AggregateState::varianceFields(CodeContext& cx, llvm::Value* entry, const RowLayout& layout) const {
   return {fieldAddress(cx, entry, layout.fields[extra]), fieldAddress(cx, entry, layout.fields[value]), fieldAddress(cx, entry, layout.fields[squares])};
}

void AggregateState::update(CodeContext& cx, llvm::Value* entry, const RowLayout& layout, const AggregateCall& call, const AggregateInput& input,
                         const std::function<void(const std::function<void()>&)>& admit) const {
   auto& b = cx.builder();
   const SqlValue& argument = input.argument;
   SqlOps ops(cx);
   const RowLayout::Field& valueField = layout.fields[value];
   llvm::Value* valueAddress = fieldAddress(cx, entry, valueField);
   auto increment = [&](llvm::Value* address, llvm::Value* by) { b.CreateStore(b.CreateAdd(b.CreateLoad(cx.i64(), address), by), address); };
   if (call.function == AggregateFunction::CountStar) return increment(valueAddress, cx.int64(1));
   if (call.function == AggregateFunction::SingleValue) {
      llvm::Value* rowsAddress = fieldAddress(cx, entry, layout.fields[extra]);
      llvm::Value* rows = b.CreateAdd(b.CreateLoad(cx.i64(), rowsAddress), cx.int64(1));
      cx.errorIf(b.CreateICmpUGT(rows, cx.int64(1)), int32_t(RuntimeError::SubqueryReturnedRows));
      b.CreateStore(rows, rowsAddress);
      return storeField(cx, entry, valueField, argument);
   }
   if (call.function == AggregateFunction::Count && !admit) {
      return increment(valueAddress, argument.isNull ? b.CreateZExt(b.CreateNot(argument.isNull), cx.i64()) : cx.int64(1));
   }
   llvm::Value* extraAddress = call.function == AggregateFunction::Count ? nullptr : fieldAddress(cx, entry, layout.fields[extra]);
   auto accumulate = [&] {
      switch (call.function) {
         case AggregateFunction::Count: increment(valueAddress, cx.int64(1)); break;
         case AggregateFunction::Sum:
         case AggregateFunction::Avg: {
            SqlType accumulator = valueField.type;
            SqlValue current = loadField(cx, entry, valueField);
            SqlValue addend = argument;
            if (accumulator.id == TypeId::Decimal) addend = {b.CreateSExt(argument.value, cx.i128()), nullptr, accumulator};
            else if (accumulator.id == TypeId::BigInt) addend = {b.CreateSExt(argument.value, cx.i64()), nullptr, accumulator};
            else if (accumulator.id == TypeId::Double) addend = {b.CreateFPExt(argument.value, cx.f64()), nullptr, accumulator};
            else addend = {argument.value, nullptr, accumulator};
            SqlValue sum = accumulator.isFloat() ? SqlValue{b.CreateFAdd(current.value, addend.value), nullptr, accumulator}
                                                 : checkedAdd(cx, current, addend);
            storeField(cx, entry, valueField, sum);
            if (call.function == AggregateFunction::Sum)
               b.CreateStore(cx.int8(1), extraAddress);
            else
               increment(extraAddress, cx.int64(1));
            break;
         }
         case AggregateFunction::Min:
         case AggregateFunction::Max: {
            SqlValue current = loadField(cx, entry, valueField);
            llvm::Value* seen = b.CreateICmpNE(b.CreateLoad(cx.i8(), extraAddress), cx.int8(0));
            CompareOp better = call.function == AggregateFunction::Min ? CompareOp::Lt : CompareOp::Gt;
            llvm::Value* replace = cx.ifThenElse(
               seen, [&] { return ops.compareValues(better, argument.value, current.value, argument.type); },
               [&]() -> llvm::Value* { return cx.boolean(true); });
            cx.ifThen(replace, [&] {
               storeField(cx, entry, valueField, {argument.value, nullptr, argument.type});
               b.CreateStore(cx.int8(1), extraAddress);
            });
            break;
         }
         case AggregateFunction::VarSamp:
         case AggregateFunction::VarPop:
         case AggregateFunction::StddevSamp:
         case AggregateFunction::StddevPop:
            addToVariance(cx, varianceFields(cx, entry, layout), ops.cast({argument.value, nullptr, argument.type}, SqlType::double_(), false).value);
            break;
         case AggregateFunction::StringAgg: {
            // The delimiter goes before every value but the first; a NULL one adds nothing.
            const SqlValue& delimiter = input.delimiter;
            llvm::Value* seen = b.CreateICmpNE(b.CreateLoad(cx.i8(), extraAddress), cx.int8(0));
            llvm::Value* withDelimiter = delimiter.isNull ? b.CreateAnd(seen, b.CreateNot(delimiter.isNull)) : seen;
            llvm::Value* none = llvm::ConstantPointerNull::get(cx.ptr());
            llvm::Value* delimiterAddress = b.CreateSelect(withDelimiter, ops.stringAddress(delimiter.value), none);
            cx.callRuntime("kiln_string_agg_append", {valueAddress, delimiterAddress, ops.stringAddress(argument.value), ops.arena()});
            b.CreateStore(cx.int8(1), extraAddress);
            break;
         }
         default: break;
      }
   };
   auto body = [&] {
      if (admit)
         admit(accumulate);
      else
         accumulate();
   };
   if (argument.isNull)
      cx.ifThen(b.CreateNot(argument.isNull), body);
   else
      body();
}


SqlValue AggregateState::result(CodeContext& cx, llvm::Value* entry, const RowLayout& layout, const AggregateCall& call) const {
   auto& b = cx.builder();
   SqlOps ops(cx);
   SqlValue v = loadField(cx, entry, layout.fields[value]);
   SqlType type = call.output->type;
   switch (call.function) {
      case AggregateFunction::CountStar:
      case AggregateFunction::Count: break;
      case AggregateFunction::Sum:
      case AggregateFunction::Min:
      case AggregateFunction::Max:
      case AggregateFunction::StringAgg: {
         llvm::Value* seen = b.CreateLoad(cx.i8(), fieldAddress(cx, entry, layout.fields[extra]));
         v.isNull = b.CreateICmpEQ(seen, cx.int8(0));
         v.type = type;
         break;
      }
      case AggregateFunction::VarSamp:
      case AggregateFunction::VarPop:
      case AggregateFunction::StddevSamp:
      case AggregateFunction::StddevPop: v = varianceResult(cx, call.function, varianceFields(cx, entry, layout)); break;
      case AggregateFunction::SingleValue: {
         llvm::Value* rows = b.CreateLoad(cx.i64(), fieldAddress(cx, entry, layout.fields[extra]));
         v.isNull = b.CreateOr(ops.isNull(v), b.CreateICmpEQ(rows, cx.int64(0)));
         break;
      }
      case AggregateFunction::Avg: {
         llvm::Value* count = b.CreateLoad(cx.i64(), fieldAddress(cx, entry, layout.fields[extra]));
         SqlValue sum = v;
         sum.isNull = b.CreateICmpEQ(count, cx.int64(0));
         v = ops.guardNulls({sum}, type, [&]() -> llvm::Value* {
            if (type.isFloat()) return b.CreateFDiv(sum.value, b.CreateSIToFP(count, cx.f64()));
            llvm::Value* quotient =
               cx.callRuntime("kiln_decimal_divide", {sum.value, b.CreateSExt(count, cx.i128()), cx.int32(int64_t(type.scale) - sum.type.scale)});
            return b.CreateSExtOrTrunc(quotient, cx.valueType(type));
         });
         break;
      }
   }
   return v;
}

}  // namespace kiln
