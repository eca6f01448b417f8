#include "codegen/translators/aggregate_state.h"

#include "codegen/expression_compiler.h"
#include "codegen/runtime_functions.h"
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
      case AggregateFunction::StddevPop: {
         // Sx, N and Sxx: doubles, or for exact numbers the exact sums (NUMERIC) and a count.
         bool exact = call.output->type.id == TypeId::Numeric;
         SqlType sum = exact ? SqlType::numeric() : SqlType::double_();
         fields.push_back({sum, false});
         state.extra = fields.size();
         fields.push_back({exact ? SqlType::bigInt() : SqlType::double_(), false});
         state.squares = fields.size();
         fields.push_back({sum, false});
         break;
      }
      case AggregateFunction::SingleValue:
         fields.push_back({call.argument->type, true});
         state.extra = fields.size();
         fields.push_back({SqlType::bigInt(), false});
         break;
      case AggregateFunction::PercentileCont:
      case AggregateFunction::PercentileDisc:
      case AggregateFunction::Mode:
         fields.push_back({SqlType::bigInt(), false});  // the group's ValueLists::List, null until its first value
         state.extra = none;
         break;
   }
   return state;
}

std::vector<AggregateState> AggregateState::layOutAll(const std::vector<AggregateCall>& calls, bool grouped, std::vector<std::pair<SqlType, bool>>& fields) {
   struct Accumulated {
      const Expr* argument;  // for counts, null: every row counts
      SqlType type;
      size_t field;
   };
   std::vector<Accumulated> sums, counts;
   // The field accumulating `argument` into `type` in `accumulated`, and whether it is new.
   auto fieldFor = [&](std::vector<Accumulated>& accumulated, const Expr* argument, SqlType type) -> std::pair<size_t, bool> {
      for (const Accumulated& a : accumulated)
         if (a.type == type && (a.argument == argument || (a.argument && argument && a.argument->equals(*argument)))) return {a.field, false};
      accumulated.push_back({argument, type, fields.size()});
      fields.push_back({type, false});
      return {accumulated.back().field, true};
   };
   std::vector<AggregateState> states;
   for (const AggregateCall& call : calls) {
      bool shareable = !call.distinct && (call.function == AggregateFunction::CountStar || call.function == AggregateFunction::Count ||
                                          call.function == AggregateFunction::Sum || call.function == AggregateFunction::Avg);
      if (!shareable) {
         states.push_back(layOut(call, fields));
         continue;
      }
      const Expr* counted = call.argument && call.argument->nullable ? call.argument.get() : nullptr;
      AggregateState state{none, none};
      switch (call.function) {
         case AggregateFunction::CountStar:
         case AggregateFunction::Count: std::tie(state.value, state.ownsValue) = fieldFor(counts, counted, SqlType::bigInt()); break;
         case AggregateFunction::Sum:
            std::tie(state.value, state.ownsValue) = fieldFor(sums, call.argument.get(), call.output->type);
            if (!grouped || call.argument->nullable) {
               state.extra = fields.size();
               fields.push_back({SqlType::boolean(), false});
            }
            break;
         default:
            std::tie(state.value, state.ownsValue) = fieldFor(sums, call.argument.get(), averageAccumulator(call));
            std::tie(state.extra, state.ownsExtra) = fieldFor(counts, counted, SqlType::bigInt());
            break;
      }
      states.push_back(state);
   }
   return states;
}

SqlType AggregateState::averageAccumulator(const AggregateCall& call) {
   SqlType in = call.argument->type;
   return in.id == TypeId::Interval || in.id == TypeId::Numeric ? in : in.isFloat() ? SqlType::double_() : SqlType::decimal(38, in.scale);
}

SqlValue addAccumulated(CodeContext& cx, const SqlValue& a, const SqlValue& c) {
   auto& b = cx.builder();
   if (a.type.id == TypeId::Numeric) return numericAccumulate(cx, a, c);
   if (a.type.id == TypeId::Interval) return SqlOps(cx).arithmetic(ArithOp::Add, a, c, a.type);  // field by field, checked
   if (a.type.isFloat()) return {b.CreateFAdd(a.value, c.value), nullptr, a.type};
   llvm::Value* result = b.CreateBinaryIntrinsic(llvm::Intrinsic::sadd_with_overflow, a.value, c.value);
   cx.errorIf(b.CreateExtractValue(result, 1), int32_t(a.type.id == TypeId::BigInt ? RuntimeError::BigIntOutOfRange : RuntimeError::NumericOverflow));
   return {b.CreateExtractValue(result, 0), nullptr, a.type};
}

CompareOp replacingComparison(AggregateFunction function, SqlType type) {
   bool tieTakesNewer = type.id == TypeId::Interval || type.id == TypeId::Numeric || type.isFloat();
   if (function == AggregateFunction::Min) return tieTakesNewer ? CompareOp::Le : CompareOp::Lt;
   return tieTakesNewer ? CompareOp::Ge : CompareOp::Gt;
}

void AggregateState::accumulateSum(CodeContext& cx, llvm::Value* entry, const RowLayout::Field& field, const SqlValue& argument) {
   auto& b = cx.builder();
   SqlType accumulator = field.type;
   SqlValue current = loadField(cx, entry, field);
   SqlValue sum{nullptr, nullptr, accumulator};
   if (accumulator.id == TypeId::Interval) {
      sum = addAccumulated(cx, current, {argument.value, nullptr, accumulator});
   } else if (accumulator.isFloat()) {
      sum.value = b.CreateFAdd(current.value, b.CreateFPExt(argument.value, current.value->getType()));
   } else if (accumulator.id == TypeId::Numeric) {
      sum = numericAccumulate(cx, current, argument);
   } else if (accumulator.id == TypeId::Decimal && argument.value->getType()->getIntegerBitWidth() <= 64) {
      // 128 bits take 2^64 addends of 64 bits before they overflow: more rows than there can be.
      sum.value = b.CreateAdd(current.value, b.CreateSExt(argument.value, current.value->getType()));
   } else {
      sum = addAccumulated(cx, current, {b.CreateSExt(argument.value, current.value->getType()), nullptr, accumulator});
   }
   storeField(cx, entry, field, sum);
}

SqlValue AggregateState::orderedSetResult(CodeContext& cx, llvm::Value* listWord, const AggregateCall& call) {
   auto& b = cx.builder();
   SqlOps ops(cx);
   SqlType type = call.output->type;
   llvm::Value* list = b.CreateIntToPtr(listWord, cx.ptr());
   SqlValue fraction;
   if (call.delimiter) {
      IUValues none;
      fraction = ExpressionCompiler(cx, none).compile(*call.delimiter);
   }
   // No value (all were NULL), or a NULL fraction: NULL.
   llvm::Value* isNull = b.CreateIsNull(list);
   if (fraction.isNull) isNull = b.CreateOr(isNull, fraction.isNull);
   llvm::Value* descending = cx.int8(call.descending);
   llvm::Value* value = cx.ifThenElse(
      isNull, [&]() -> llvm::Value* { return llvm::Constant::getNullValue(cx.valueType(type)); },
      [&]() -> llvm::Value* {
         if (call.function == AggregateFunction::PercentileCont) return cx.callRuntime(runtime::kiln_percentile_cont, {list, fraction.value, descending});
         llvm::Value* physical = cx.int32(int32_t(physicalTypeOf(type)));
         llvm::Value* address = call.function == AggregateFunction::Mode
                                   ? cx.callRuntime(runtime::kiln_mode, {list, physical, descending})
                                   : cx.callRuntime(runtime::kiln_percentile_disc, {list, physical, descending, fraction.value});
         return ops.load(address, nullptr, type, false).value;
      });
   return {value, isNull, type};
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
   if (call.function == AggregateFunction::CountStar) {
      if (ownsValue) increment(valueAddress, cx.int64(1));
      return;
   }
   if (call.function == AggregateFunction::SingleValue) {
      llvm::Value* rowsAddress = fieldAddress(cx, entry, layout.fields[extra]);
      llvm::Value* rows = b.CreateAdd(b.CreateLoad(cx.i64(), rowsAddress), cx.int64(1));
      cx.errorIf(b.CreateICmpUGT(rows, cx.int64(1)), int32_t(RuntimeError::SubqueryReturnedRows));
      b.CreateStore(rows, rowsAddress);
      return storeField(cx, entry, valueField, argument);
   }
   if (call.function == AggregateFunction::Count && !admit) {
      if (ownsValue) increment(valueAddress, argument.isNull ? b.CreateZExt(b.CreateNot(argument.isNull), cx.i64()) : cx.int64(1));
      return;
   }
   llvm::Value* extraAddress = call.function == AggregateFunction::Count || extra == none ? nullptr : fieldAddress(cx, entry, layout.fields[extra]);
   auto accumulate = [&] {
      switch (call.function) {
         case AggregateFunction::Count: increment(valueAddress, cx.int64(1)); break;
         case AggregateFunction::Sum:
         case AggregateFunction::Avg: {
            if (ownsValue) accumulateSum(cx, entry, valueField, argument);
            if (!extraAddress || !ownsExtra) break;
            if (call.function == AggregateFunction::Sum) b.CreateStore(cx.int8(1), extraAddress);
            else increment(extraAddress, cx.int64(1));
            break;
         }
         case AggregateFunction::Min:
         case AggregateFunction::Max: {
            SqlValue current = loadField(cx, entry, valueField);
            llvm::Value* seen = b.CreateICmpNE(b.CreateLoad(cx.i8(), extraAddress), cx.int8(0));
            llvm::Value* replace = cx.ifThenElse(
               seen, [&] { return ops.compareValues(replacingComparison(call.function, argument.type), argument.value, current.value, argument.type); },
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
            if (call.output->type.id == TypeId::Numeric) addToNumericVariance(cx, varianceFields(cx, entry, layout), {argument.value, nullptr, argument.type});
            else addToVariance(cx, varianceFields(cx, entry, layout), ops.cast({argument.value, nullptr, argument.type}, SqlType::double_(), false).value);
            break;
         case AggregateFunction::StringAgg: {
            // The delimiter goes before every value but the first; a NULL one adds nothing.
            const SqlValue& delimiter = input.delimiter;
            llvm::Value* seen = b.CreateICmpNE(b.CreateLoad(cx.i8(), extraAddress), cx.int8(0));
            llvm::Value* withDelimiter = delimiter.isNull ? b.CreateAnd(seen, b.CreateNot(delimiter.isNull)) : seen;
            llvm::Value* none = llvm::ConstantPointerNull::get(cx.ptr());
            llvm::Value* delimiterAddress = b.CreateSelect(withDelimiter, ops.stringAddress(delimiter.value), none);
            cx.callRuntime(runtime::kiln_string_agg_append, {valueAddress, delimiterAddress, ops.stringAddress(argument.value), ops.arena()});
            b.CreateStore(cx.int8(1), extraAddress);
            break;
         }
         default: break;
      }
   };
   auto body = [&] {
      if (admit) admit(accumulate);
      else accumulate();
   };
   if (argument.isNull) cx.ifThen(b.CreateNot(argument.isNull), body);
   else body();
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
         v.type = type;
         if (extra == none) break;  // a SUM of non-NULL values in a group
         llvm::Value* seen = b.CreateLoad(cx.i8(), fieldAddress(cx, entry, layout.fields[extra]));
         v.isNull = b.CreateICmpEQ(seen, cx.int8(0));
         break;
      }
      case AggregateFunction::VarSamp:
      case AggregateFunction::VarPop:
      case AggregateFunction::StddevSamp:
      case AggregateFunction::StddevPop:
         v = type.id == TypeId::Numeric ? numericVarianceResult(cx, call.function, varianceFields(cx, entry, layout))
                                        : varianceResult(cx, call.function, varianceFields(cx, entry, layout));
         break;
      case AggregateFunction::SingleValue: {
         llvm::Value* rows = b.CreateLoad(cx.i64(), fieldAddress(cx, entry, layout.fields[extra]));
         v.isNull = b.CreateOr(ops.isNull(v), b.CreateICmpEQ(rows, cx.int64(0)));
         break;
      }
      case AggregateFunction::PercentileCont:
      case AggregateFunction::PercentileDisc:
      case AggregateFunction::Mode: v = orderedSetResult(cx, v.value, call); break;
      case AggregateFunction::Avg: {
         llvm::Value* count = b.CreateLoad(cx.i64(), fieldAddress(cx, entry, layout.fields[extra]));
         SqlValue sum = v;
         sum.isNull = b.CreateICmpEQ(count, cx.int64(0));
         v = ops.guardNulls({sum}, type, [&]() -> llvm::Value* {
            if (type.id == TypeId::Interval) return ops.arithmetic(ArithOp::Div, {sum.value, nullptr, type}, {count, nullptr, SqlType::bigInt()}, type).value;
            if (type.isFloat()) return b.CreateFDiv(sum.value, b.CreateSIToFP(count, cx.f64()));
            // The sum over the count as `/` divides them: PostgreSQL's avg.
            if (sum.type.id == TypeId::Numeric) return ops.callStringHelper(runtime::kiln_numeric_average, {ops.stringAddress(sum.value), count}, true);
            return ops.callStringHelper(runtime::kiln_numeric_average_decimal, {sum.value, cx.int32(sum.type.scale), count}, true);
         });
         break;
      }
   }
   return v;
}

}  // namespace kiln
