#include "codegen/expression_compiler.h"

#include <llvm/IR/Intrinsics.h>

#include "algebra/scalar_function.h"
#include "codegen/function_compiler.h"
#include "codegen/runtime_functions.h"
#include "codegen/translators/row_access.h"
#include "common/decimal.h"
#include "common/timestamp.h"
#include "runtime/like_pattern.h"

namespace kiln {

void ExpressionCompiler::materializeInputs(const Expr& e) {
   std::vector<const IU*> ius;
   e.collectIUs(ius);
   for (const IU* iu : ius) values_.getUnlessLoadOnly(iu);
}

SqlValue ExpressionCompiler::phi(llvm::Value* condition, const std::function<SqlValue()>& then, const std::function<SqlValue()>& otherwise,
                                 SqlType type) {
   // Values and NULL flags of both branches merge; a branch without a NULL flag contributes false.
   llvm::Value* nullSlot = nullptr;
   llvm::Value* value = cx_.ifThenElse(
      condition,
      [&] {
         SqlValue v = then();
         nullSlot = cx_.entryAlloca(cx_.i1());
         cx_.builder().CreateStore(ops_.isNull(v), nullSlot);
         return v.value;
      },
      [&] {
         SqlValue v = otherwise();
         cx_.builder().CreateStore(ops_.isNull(v), nullSlot);
         return v.value;
      });
   return {value, cx_.builder().CreateLoad(cx_.i1(), nullSlot), type};
}

SqlValue ExpressionCompiler::compile(const Expr& e) {
   auto& b = cx_.builder();
   switch (e.kind) {
      case ExprKind::ColumnRef: return values_.get(e.iu);
      case ExprKind::Constant: return ops_.constant(e.constant);
      case ExprKind::Cast:
         if (e.op == castForComparison) return ops_.dateForComparison(compile(*e.children[0]), e.type);
         return ops_.cast(compile(*e.children[0]), e.type, e.negated);
      case ExprKind::Arithmetic: {
         SqlValue a = compile(*e.children[0]);
         SqlValue c = compile(*e.children[1]);
         return ops_.arithmetic(e.arithOp(), a, c, e.type);
      }
      case ExprKind::Negate: return ops_.negate(compile(*e.children[0]));
      case ExprKind::Comparison: {
         SqlValue a = compile(*e.children[0]);
         SqlValue c = compile(*e.children[1]);
         return ops_.compare(e.compareOp(), a, c);
      }
      case ExprKind::And:
      case ExprKind::Or: return compileShortCircuit(e);
      case ExprKind::Not: return ops_.logicalNot(compile(*e.children[0]));
      case ExprKind::IsNull: {
         SqlValue v = compile(*e.children[0]);
         llvm::Value* null = ops_.isNull(v);
         return {e.negated ? b.CreateNot(null) : null, nullptr, SqlType::boolean()};
      }
      case ExprKind::Case: return compileCase(e);
      case ExprKind::Like: {
         SqlValue value = compile(*e.children[0]);
         const Expr& patternExpr = *e.children[1];
         int32_t padTo = value.type.id == TypeId::Char ? int32_t(value.type.length) : 0;
         if (patternExpr.kind == ExprKind::Constant && !patternExpr.constant.isNull) {
            // A constant pattern is prepared once.
            llvm::Constant* prepared = cx_.keepAlive(std::make_shared<const LikePattern>(patternExpr.constant.string, e.op != 0, padTo));
            SqlValue match = ops_.guardNulls({value}, SqlType::boolean(), [&] {
               return b.CreateICmpNE(cx_.callRuntime(runtime::kiln_like_pattern, {prepared, ops_.stringAddress(value.value)}), cx_.int8(0));
            });
            return e.negated ? ops_.logicalNot(match) : match;
         }
         SqlValue pattern = compile(patternExpr);
         SqlValue match = ops_.guardNulls({value, pattern}, SqlType::boolean(), [&] {
            llvm::Value* r = cx_.callRuntime(runtime::kiln_like, {ops_.stringAddress(value.value), ops_.stringAddress(pattern.value), cx_.int8(e.op), cx_.int32(padTo)});
            return b.CreateICmpNE(r, cx_.int8(0));
         });
         return e.negated ? ops_.logicalNot(match) : match;
      }
      case ExprKind::InList: return compileInList(e);
      case ExprKind::Function: return compileFunction(e);
      case ExprKind::Parameter: {
         const RowLayout::Field& field = cx_.parameterLayout()->fields.at(size_t(e.parameter - 1));
         return loadField(cx_, cx_.parameters().load(cx_), field);
      }
   }
   throw Error("XX000", "internal: unknown expression kind");
}

SqlValue ExpressionCompiler::compileShortCircuit(const Expr& e) {
   // Left to right; stops at the first FALSE (AND) or TRUE (OR), like PostgreSQL, so a guard
   // such as `x <> 0 AND 10 / x > 1` never divides by zero.
   materializeInputs(e);
   IUValues::Branches branches(values_);
   bool isAnd = e.kind == ExprKind::And;
   SqlValue result = compile(*e.children[0]);
   auto& b = cx_.builder();
   for (size_t i = 1; i < e.children.size(); ++i) {
      llvm::Value* decided = isAnd ? b.CreateAnd(b.CreateNot(ops_.isNull(result)), b.CreateNot(result.value)) : ops_.isTrue(result);
      const Expr& next = *e.children[i];
      SqlValue current = result;
      result = phi(
         decided, [&] { return SqlValue{cx_.boolean(!isAnd), nullptr, SqlType::boolean()}; },
         [&] {
            SqlValue other = compile(next);
            return isAnd ? ops_.logicalAnd(current, other) : ops_.logicalOr(current, other);
         },
         SqlType::boolean());
   }
   return result;
}

SqlValue ExpressionCompiler::compileCase(const Expr& e) {
   materializeInputs(e);
   IUValues::Branches branches(values_);
   size_t pairs = (e.children.size() - (e.hasElse ? 1 : 0)) / 2;
   std::function<SqlValue(size_t)> branch = [&](size_t i) -> SqlValue {
      if (i == pairs) return e.hasElse ? compile(*e.children.back()) : ops_.nullOf(e.type);
      SqlValue condition = compile(*e.children[2 * i]);
      return phi(
         ops_.isTrue(condition), [&] { return compile(*e.children[2 * i + 1]); }, [&] { return branch(i + 1); }, e.type);
   };
   SqlValue result = branch(0);
   if (!e.nullable) result.isNull = nullptr;
   return result;
}

SqlValue ExpressionCompiler::compileInList(const Expr& e) {
   SqlValue value = compile(*e.children[0]);
   SqlValue result;
   for (size_t i = 1; i < e.children.size(); ++i) {
      SqlValue equal = ops_.compare(CompareOp::Eq, value, compile(*e.children[i]));
      result = i == 1 ? equal : ops_.logicalOr(result, equal);
   }
   return e.negated ? ops_.logicalNot(result) : result;
}

/// The address of the sequence a nextval/currval/setval call names: it lives as long as the
/// sequence, and a statement is bound again when the sequence goes (as for a table).
llvm::Value* ExpressionCompiler::sequenceAddress(const Expr& e) {
   return cx_.builder().CreateIntToPtr(cx_.int64(int64_t(reinterpret_cast<intptr_t>(e.sequence))), cx_.builder().getPtrTy());
}

SqlValue ExpressionCompiler::compileFunction(const Expr& e) {
   auto& b = cx_.builder();
   std::vector<SqlValue> args;
   for (auto& child : e.children) args.push_back(compile(*child));
   if (e.functionId() == FunctionId::Greatest || e.functionId() == FunctionId::Least) return compileExtremum(e, args);
   if (e.functionId() == FunctionId::Concat || e.functionId() == FunctionId::ConcatWs || e.functionId() == FunctionId::Format) return compileConcat(e, args);
   if (e.functionId() >= FunctionId::RegexMatch && e.functionId() <= FunctionId::RegexSubstring) return compileRegex(e, args);
   if (e.functionId() >= FunctionId::ArrayBuild && e.functionId() <= FunctionId::ArrayContains) return compileArrayFunction(e, args);
   if (e.functionId() == FunctionId::CurrentSetting || e.functionId() == FunctionId::SetConfig) return compileSettingFunction(e, args);
   if ((e.functionId() >= FunctionId::ExtractYear && e.functionId() <= FunctionId::ExtractEpoch && e.functionId() != FunctionId::ExtractInterval) ||
       e.functionId() == FunctionId::IsFinite)
      return compileDatetimeFunction(e, args);
   if (const ScalarFunction* function = scalarFunction(e.functionId())) {
      CompileFunction compile = compilerOf(function->id);
      return ops_.guardNulls(args, e.type, [&] { return compile({e, args, cx_, ops_}); });
   }
   auto address = [&](size_t i) { return ops_.stringAddress(args[i].value); };
   auto compute = [&]() -> llvm::Value* {
      switch (e.functionId()) {
         case FunctionId::Concat:
         case FunctionId::ConcatWs:
         case FunctionId::Format: break;  // compileConcat
         case FunctionId::ArrayBuild:
         case FunctionId::ArraySubscript:
         case FunctionId::ArrayCardinality:
         case FunctionId::ArrayLength:
         case FunctionId::ArrayLower:
         case FunctionId::ArrayNdims:
         case FunctionId::ArrayDims:
         case FunctionId::ArrayToString:
         case FunctionId::StringToArray:
         case FunctionId::ArrayCat:
         case FunctionId::ArrayAppend:
         case FunctionId::ArrayPrepend:
         case FunctionId::ArrayPosition:
         case FunctionId::ArrayRemove:
         case FunctionId::ArrayReplace:
         case FunctionId::ArrayCompare:
         case FunctionId::ArrayElementText:
         case FunctionId::ArraySlice:
         case FunctionId::ArrayContains: break;  // compileArrayFunction
         case FunctionId::Abs: {
            if (e.type.id == TypeId::Numeric) return ops_.numericUnary(NumericUnary::Absolute, args[0].value);
            llvm::Value* v = args[0].value;
            if (e.type.isFloat()) return b.CreateUnaryIntrinsic(llvm::Intrinsic::fabs, v);
            llvm::Value* negative = b.CreateICmpSLT(v, llvm::ConstantInt::get(v->getType(), 0));
            // Integers negate with an overflow check: abs of the minimum value is out of range.
            llvm::Value* negated = e.type.id == TypeId::Decimal ? b.CreateNeg(v) : ops_.negate({v, nullptr, e.type}).value;
            return b.CreateSelect(negative, negated, v);
         }
         case FunctionId::Round:
         case FunctionId::Trunc: {
            bool round = e.functionId() == FunctionId::Round;
            if (e.type.isFloat()) return b.CreateUnaryIntrinsic(round ? llvm::Intrinsic::rint : llvm::Intrinsic::trunc, args[0].value);
            SqlType in = args[0].type;
            int64_t digits = e.constant.isNull ? 0 : e.constant.integer;
            if (e.type.id == TypeId::Numeric) {
               int32_t clamped = int32_t(std::clamp<int64_t>(digits, -2 * Numeric::maxDisplayScale, 2 * Numeric::maxDisplayScale));
               return ops_.numericUnary(round ? NumericUnary::Round : NumericUnary::Truncate, args[0].value, clamped);
            }
            llvm::Value* v = b.CreateSExt(args[0].value, cx_.i128());
            if (digits > int64_t(in.scale)) return b.CreateTrunc(b.CreateMul(v, cx_.int128(decimal::pow10(unsigned(e.type.scale - in.scale)))), cx_.valueType(e.type));
            if (digits < int64_t(in.scale)) {
               int64_t drop = int64_t(in.scale) - digits;
               if (drop > 38) return llvm::ConstantInt::get(cx_.valueType(e.type), 0);
               llvm::Value* divisor = cx_.int128(decimal::pow10(unsigned(drop)));
               // Truncation is the floor of a positive value and the ceiling of a negative one.
               v = round ? cx_.callRuntime(runtime::kiln_i128_div_rounded, {v, divisor})
                         : cx_.callRuntime(runtime::kiln_i128_div_floor, {v, divisor, b.CreateZExt(b.CreateICmpSLT(v, cx_.int128(0)), cx_.i8())});
               if (digits < 0) v = b.CreateMul(v, cx_.int128(decimal::pow10(unsigned(-digits))));
            }
            return b.CreateTrunc(v, cx_.valueType(e.type));
         }
         case FunctionId::Sign: {
            if (e.type.id == TypeId::Numeric) return ops_.numericUnary(NumericUnary::Sign, args[0].value);
            llvm::Value* v = args[0].value;
            llvm::Type* type = cx_.valueType(e.type);
            bool isFloat = e.type.isFloat();
            llvm::Value* zero = isFloat ? llvm::ConstantFP::get(type, 0.0) : llvm::ConstantInt::get(v->getType(), 0);
            llvm::Value* positive = isFloat ? b.CreateFCmpOGT(v, zero) : b.CreateICmpSGT(v, zero);
            llvm::Value* negative = isFloat ? b.CreateFCmpOLT(v, zero) : b.CreateICmpSLT(v, zero);
            auto constant = [&](int c) { return isFloat ? llvm::ConstantFP::get(type, c) : llvm::ConstantInt::getSigned(type, c); };
            return b.CreateSelect(positive, constant(1), b.CreateSelect(negative, constant(-1), constant(0)));
         }
         case FunctionId::Sqrt:
            if (e.type.id == TypeId::Numeric) return ops_.numericUnary(NumericUnary::SquareRoot, args[0].value);
            return cx_.callRuntime(runtime::kiln_sqrt, {args[0].value});
         case FunctionId::Cbrt: return cx_.callRuntime(runtime::kiln_cbrt, {args[0].value});
         case FunctionId::Exp:
            if (e.type.id == TypeId::Numeric) return ops_.numericUnary(NumericUnary::Exp, args[0].value);
            return cx_.callRuntime(runtime::kiln_exp, {args[0].value});
         case FunctionId::Ln:
            if (e.type.id == TypeId::Numeric) return ops_.numericUnary(NumericUnary::Ln, args[0].value);
            return cx_.callRuntime(runtime::kiln_ln, {args[0].value});
         case FunctionId::Log10:
            if (e.type.id == TypeId::Numeric) return ops_.numericUnary(NumericUnary::Log10, args[0].value);
            return cx_.callRuntime(runtime::kiln_log10, {args[0].value});
         case FunctionId::LogBase:
            if (e.type.id == TypeId::Numeric) return ops_.numericHelper(runtime::kiln_numeric_log, {args[0], args[1]});
            return cx_.callRuntime(runtime::kiln_log_base, {args[0].value, args[1].value});
         case FunctionId::Power:
            if (e.type.id == TypeId::Numeric) return ops_.numericHelper(runtime::kiln_numeric_power, {args[0], args[1]});
            return cx_.callRuntime(runtime::kiln_power, {args[0].value, args[1].value});
         case FunctionId::DivTruncated: return ops_.numericHelper(runtime::kiln_numeric_divide_truncated, {args[0], args[1]});
         case FunctionId::BitAnd: return b.CreateAnd(args[0].value, args[1].value);
         case FunctionId::BitOr: return b.CreateOr(args[0].value, args[1].value);
         case FunctionId::BitXor: return b.CreateXor(args[0].value, args[1].value);
         case FunctionId::BitNot: return b.CreateNot(args[0].value);
         case FunctionId::Gcd:
         case FunctionId::Lcm: {
            bool bigint = e.type.id == TypeId::BigInt;
            llvm::Value* result = cx_.callRuntime(e.functionId() == FunctionId::Gcd ? runtime::kiln_gcd : runtime::kiln_lcm,
                                                  {b.CreateSExt(args[0].value, cx_.i64()), b.CreateSExt(args[1].value, cx_.i64()), cx_.int8(bigint)});
            return b.CreateTrunc(result, cx_.valueType(e.type));
         }
         case FunctionId::WidthBucket:
            if (args[0].type.isFloat()) return cx_.callRuntime(runtime::kiln_width_bucket_double, {args[0].value, args[1].value, args[2].value, args[3].value});
            if (args[0].type.id == TypeId::Numeric)
               return cx_.callRuntime(runtime::kiln_numeric_width_bucket, {address(0), address(1), address(2), args[3].value});
            return cx_.callRuntime(runtime::kiln_width_bucket_decimal, {b.CreateSExt(args[0].value, cx_.i128()), b.CreateSExt(args[1].value, cx_.i128()),
                                                                 b.CreateSExt(args[2].value, cx_.i128()), args[3].value});
         case FunctionId::QuoteLiteral: return ops_.callStringHelper(runtime::kiln_quote_literal, {address(0)}, true);
         case FunctionId::ToDate: return cx_.callRuntime(runtime::kiln_to_date, {address(0), address(1)});
         case FunctionId::ToTimestamp: return cx_.callRuntime(runtime::kiln_to_timestamp_local, {address(0), address(1)});
         case FunctionId::ToTimestampEpoch: return cx_.callRuntime(runtime::kiln_to_timestamp_epoch, {args[0].value});
         case FunctionId::MakeDate: return cx_.callRuntime(runtime::kiln_make_date, {args[0].value, args[1].value, args[2].value});
         case FunctionId::ShiftLeft:
         case FunctionId::ShiftRight: {
            // As PostgreSQL on x86-64 (C's shift of int or int64): the count taken modulo the
            // width it shifts in; smallint shifts as an int, truncated afterwards.
            llvm::Type* type = args[0].value->getType();
            unsigned width = std::max(32u, type->getIntegerBitWidth());
            llvm::Value* wide = b.CreateSExt(args[0].value, b.getIntNTy(width));
            llvm::Value* count = b.CreateAnd(b.CreateSExtOrTrunc(args[1].value, wide->getType()), llvm::ConstantInt::get(wide->getType(), width - 1));
            llvm::Value* shifted = e.functionId() == FunctionId::ShiftLeft ? b.CreateShl(wide, count) : b.CreateAShr(wide, count);
            return b.CreateTrunc(shifted, type);
         }
         case FunctionId::Ceil:
         case FunctionId::Floor: {
            bool ceiling = e.functionId() == FunctionId::Ceil;
            if (e.type.isFloat()) return b.CreateUnaryIntrinsic(ceiling ? llvm::Intrinsic::ceil : llvm::Intrinsic::floor, args[0].value);
            if (e.type.id == TypeId::Numeric) return ops_.numericUnary(ceiling ? NumericUnary::Ceiling : NumericUnary::Floor, args[0].value);
            llvm::Value* v = b.CreateSExt(args[0].value, cx_.i128());
            v = cx_.callRuntime(runtime::kiln_i128_div_floor, {v, cx_.int128(decimal::pow10(args[0].type.scale)), cx_.int8(ceiling)});
            return b.CreateTrunc(v, cx_.valueType(e.type));
         }
         case FunctionId::Greatest:
         case FunctionId::Least: break;  // compileExtremum
         case FunctionId::ExtractYear:
         case FunctionId::ExtractMonth:
         case FunctionId::ExtractDay:
         case FunctionId::ExtractQuarter:
         case FunctionId::ExtractDow:
         case FunctionId::ExtractDoy:
         case FunctionId::ExtractWeek:
         case FunctionId::ExtractIsoDow:
         case FunctionId::ExtractIsoYear:
         case FunctionId::ExtractDecade:
         case FunctionId::ExtractCentury:
         case FunctionId::ExtractMillennium:
         case FunctionId::ExtractHour:
         case FunctionId::ExtractMinute:
         case FunctionId::ExtractSecond:
         case FunctionId::ExtractEpoch:
         case FunctionId::IsFinite: break;  // compileDatetimeFunction
         case FunctionId::DateTrunc: {
            const RuntimeFunction& helper = args[0].type.id == TypeId::TimestampTz ? runtime::kiln_timestamptz_trunc : runtime::kiln_date_trunc;
            return cx_.callRuntime(helper, {args[0].value, cx_.int32(e.constant.integer)});
         }
         case FunctionId::CurrentTimestamp: return cx_.callRuntime(runtime::kiln_transaction_timestamp, {});
         case FunctionId::ExtractInterval: {
            llvm::Value* in = cx_.entryAlloca(cx_.intervalType());
            b.CreateStore(args[0].value, in);
            llvm::Value* field = cx_.callRuntime(runtime::kiln_interval_extract, {in, cx_.int32(int32_t(e.constant.integer))});
            return b.CreateTrunc(field, cx_.valueType(e.type));
         }
         case FunctionId::JustifyDays:
         case FunctionId::JustifyHours:
         case FunctionId::JustifyInterval: {
            llvm::Value* in = cx_.entryAlloca(cx_.intervalType());
            llvm::Value* out = cx_.entryAlloca(cx_.intervalType());
            b.CreateStore(args[0].value, in);
            cx_.callRuntime(runtime::kiln_justify_interval, {in, cx_.int8(e.functionId() != FunctionId::JustifyHours), cx_.int8(e.functionId() != FunctionId::JustifyDays), out});
            return b.CreateLoad(cx_.intervalType(), out);
         }
         case FunctionId::Age: {
            llvm::Value* out = cx_.entryAlloca(cx_.intervalType());
            cx_.callRuntime(runtime::kiln_timestamp_age, {args[0].value, args[1].value, out});
            return cx_.builder().CreateLoad(cx_.intervalType(), out);
         }
         case FunctionId::NextIdentity:
            // The counter lives as long as its column, and a statement is bound again when the column goes.
            return cx_.callRuntime(runtime::kiln_next_identity, {cx_.builder().CreateIntToPtr(cx_.int64(int64_t(reinterpret_cast<intptr_t>(e.counter))),
                                                                                         cx_.builder().getPtrTy())});
         case FunctionId::SequenceNext: return cx_.callRuntime(runtime::kiln_sequence_next, {sequenceAddress(e)});
         case FunctionId::SequenceCurrent: return cx_.callRuntime(runtime::kiln_sequence_current, {sequenceAddress(e)});
         case FunctionId::SequenceLast: return cx_.callRuntime(runtime::kiln_sequence_last, {});
         case FunctionId::CurrentSetting:
         case FunctionId::SetConfig: break;  // compileSettingFunction
         case FunctionId::SequenceSet: {
            llvm::Value* called = args.size() > 2 ? b.CreateZExt(args[2].value, cx_.i8()) : cx_.int8(1);
            return cx_.callRuntime(runtime::kiln_sequence_set, {sequenceAddress(e), args[1].value, called});
         }
         case FunctionId::RegexMatch:
         case FunctionId::RegexReplace:
         case FunctionId::RegexCount:
         case FunctionId::RegexSubstr:
         case FunctionId::RegexSubstring: break;  // compileRegex
         case FunctionId::AtTimeZone: {
            bool instant = args[1].type.id == TypeId::TimestampTz;
            if (args[0].type.id == TypeId::Interval) {
               llvm::Value* slot = cx_.entryAlloca(cx_.intervalType());
               b.CreateStore(args[0].value, slot);
               return cx_.callRuntime(instant ? runtime::kiln_timestamptz_at_offset : runtime::kiln_timestamp_at_offset, {args[1].value, slot});
            }
            return cx_.callRuntime(instant ? runtime::kiln_timestamptz_at_zone : runtime::kiln_timestamp_at_zone, {args[1].value, address(0)});
         }
         case FunctionId::ToChar: {
            TypeId shown = args[0].type.id;
            if (shown == TypeId::Interval) {
               llvm::Value* slot = cx_.entryAlloca(cx_.intervalType());
               b.CreateStore(args[0].value, slot);
               return ops_.callStringHelper(runtime::kiln_to_char_interval, {slot, address(1)}, true);
            }
            if (args[0].type.isFloat()) {
               llvm::Value* value = b.CreateFPExt(args[0].value, cx_.f64());
               int32_t digits = shown == TypeId::Real ? 6 : 15;
               return ops_.callStringHelper(runtime::kiln_to_char_double, {value, cx_.int32(digits), address(1)}, true);
            }
            if (shown == TypeId::Numeric) return ops_.callStringHelper(runtime::kiln_to_char_numeric, {address(0), address(1)}, true);
            if (args[0].type.isNumeric()) {
               llvm::Value* unscaled = b.CreateSExt(args[0].value, cx_.i128());
               int32_t scale = shown == TypeId::Decimal ? int32_t(args[0].type.scale) : 0;
               return ops_.callStringHelper(runtime::kiln_to_char_decimal, {unscaled, cx_.int32(scale), address(1)}, true);
            }
            const RuntimeFunction& helper = shown == TypeId::TimestampTz ? runtime::kiln_to_char_timestamptz : runtime::kiln_to_char_timestamp;
            return ops_.callStringHelper(helper, {args[0].value, address(1)}, true);
         }
         default: break;  // the registry's functions: compiled by their callbacks (function_compiler.h)
      }
      return nullptr;
   };
   SqlValue result = ops_.guardNulls(args, e.type, compute);
   if (e.functionId() == FunctionId::ToChar && !args[0].type.isNumeric()) {
      // to_char of a date or time with an empty pattern is NULL, as in PostgreSQL (of a number ''),
      // and so is to_char of an infinite timestamp.
      llvm::Value* empty = b.CreateICmpEQ(b.CreateTrunc(b.CreateExtractValue(args[1].value, 0), cx_.i32()), cx_.int32(0));
      if (args[0].type.id != TypeId::Interval) empty = b.CreateOr(empty, ops_.isInfiniteTimestamp(args[0].value));
      result.isNull = result.isNull ? b.CreateOr(result.isNull, empty) : empty;
   }
   return result;
}

SqlValue ExpressionCompiler::compileSettingFunction(const Expr& e, const std::vector<SqlValue>& args) {
   auto& b = cx_.builder();
   llvm::Value* out = cx_.entryAlloca(cx_.stringType());
   if (e.functionId() == FunctionId::SetConfig) {
      // Not strict, as PostgreSQL's: a NULL name fails, a NULL value resets, a NULL is_local is false.
      llvm::Value* none = llvm::ConstantPointerNull::get(cx_.ptr());
      auto addressOrNone = [&](const SqlValue& v) { return b.CreateSelect(ops_.isNull(v), none, ops_.stringAddress(v.value)); };
      llvm::Value* isLocal = b.CreateAnd(b.CreateNot(ops_.isNull(args[2])), args[2].value);
      cx_.callRuntime(runtime::kiln_set_config, {addressOrNone(args[0]), addressOrNone(args[1]), b.CreateZExt(isLocal, cx_.i8()), out, ops_.arena()});
      return {b.CreateLoad(cx_.stringType(), out), nullptr, e.type};
   }
   // Strict; with missing_ok, an unknown name is NULL too.
   llvm::Value* found = cx_.entryAlloca(cx_.i8());
   b.CreateStore(cx_.int8(1), found);
   llvm::Value* missingOk = args.size() > 1 ? b.CreateZExt(args[1].value, cx_.i8()) : cx_.int8(0);
   SqlValue result = ops_.guardNulls(args, e.type, [&] {
      b.CreateStore(cx_.callRuntime(runtime::kiln_current_setting, {ops_.stringAddress(args[0].value), missingOk, out, ops_.arena()}), found);
      return b.CreateLoad(cx_.stringType(), out);
   });
   llvm::Value* missing = b.CreateICmpEQ(b.CreateLoad(cx_.i8(), found), cx_.int8(0));
   result.isNull = result.isNull ? b.CreateOr(result.isNull, missing) : missing;
   return result;
}

SqlValue ExpressionCompiler::compileExtremum(const Expr& e, const std::vector<SqlValue>& args) {
   auto& b = cx_.builder();
   CompareOp beats = e.functionId() == FunctionId::Greatest ? CompareOp::Gt : CompareOp::Lt;
   SqlValue best = args[0];
   for (size_t i = 1; i < args.size(); ++i) {
      const SqlValue& next = args[i];
      // The next argument wins when it beats the best so far, or when that is NULL and it is not.
      llvm::Value* take = ops_.isTrue(ops_.compare(beats, next, best));
      if (best.isNull) take = b.CreateOr(take, b.CreateAnd(best.isNull, b.CreateNot(ops_.isNull(next))));
      best.value = b.CreateSelect(take, next.value, best.value);
      best.isNull = best.isNull && next.isNull ? b.CreateAnd(best.isNull, next.isNull) : nullptr;
   }
   return best;
}

SqlValue ExpressionCompiler::compileConcat(const Expr& e, const std::vector<SqlValue>& args) {
   auto& b = cx_.builder();
   // concat_ws's separator and format's format come first: NULL there makes the result NULL.
   bool withSeparator = e.functionId() == FunctionId::ConcatWs || e.functionId() == FunctionId::Format;
   // The strings and their NULL flags go to the helper in two arrays on the stack.
   unsigned count = unsigned(args.size() - withSeparator);
   auto* stringsType = llvm::ArrayType::get(cx_.stringType(), count);
   auto* nullsType = llvm::ArrayType::get(cx_.i8(), count);
   llvm::Value* strings = cx_.entryAlloca(stringsType);
   llvm::Value* nulls = cx_.entryAlloca(nullsType);
   for (unsigned i = 0; i < count; ++i) {
      const SqlValue& arg = args[i + withSeparator];
      b.CreateStore(arg.value, b.CreateConstInBoundsGEP2_32(stringsType, strings, 0, i));
      b.CreateStore(b.CreateZExt(ops_.isNull(arg), cx_.i8()), b.CreateConstInBoundsGEP2_32(nullsType, nulls, 0, i));
   }
   auto join = [&](llvm::Value* separator) {
      const RuntimeFunction& helper = e.functionId() == FunctionId::Format ? runtime::kiln_format : runtime::kiln_concat_all;
      return ops_.callStringHelper(helper, {separator, strings, nulls, cx_.int32(count)}, true);
   };
   if (!withSeparator) return {join(llvm::ConstantPointerNull::get(cx_.ptr())), nullptr, e.type};
   return ops_.guardNulls({args[0]}, e.type, [&] { return join(ops_.stringAddress(args[0].value)); });
}

}  // namespace kiln
