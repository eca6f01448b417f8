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

SqlValue ExpressionCompiler::phi(llvm::Value* condition, const std::function<SqlValue()>& then, const std::function<SqlValue()>& otherwise, SqlType type) {
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
      case ExprKind::Constant: return ops_.constant(e.constant());
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
         if (patternExpr.kind == ExprKind::Constant && !patternExpr.constant().isNull) {
            // A constant pattern is prepared once.
            llvm::Constant* prepared = cx_.keepAlive(std::make_shared<const LikePattern>(patternExpr.constant().string, e.op != 0, padTo));
            SqlValue match = ops_.guardNulls({value}, SqlType::boolean(), [&] {
               return b.CreateICmpNE(cx_.callRuntime(runtime::kiln_like_pattern, {prepared, ops_.stringAddress(value.value)}), cx_.int8(0));
            });
            return e.negated ? ops_.logicalNot(match) : match;
         }
         SqlValue pattern = compile(patternExpr);
         SqlValue match = ops_.guardNulls({value, pattern}, SqlType::boolean(), [&] {
            llvm::Value* r = cx_.callRuntime(runtime::kiln_like,
                                             {ops_.stringAddress(value.value), ops_.stringAddress(pattern.value), cx_.int8(e.op), cx_.int32(padTo)});
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
      return phi(ops_.isTrue(condition), [&] { return compile(*e.children[2 * i + 1]); }, [&] { return branch(i + 1); }, e.type);
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

SqlValue ExpressionCompiler::compileFunction(const Expr& e) {
   auto& b = cx_.builder();
   std::vector<SqlValue> args;
   for (auto& child : e.children) args.push_back(compile(*child));
   if (const ScalarFunction* function = scalarFunction(e.functionId())) return compileScalarFunction(*function, {e, args, cx_, ops_});
   if (e.functionId() == FunctionId::Greatest || e.functionId() == FunctionId::Least) return compileExtremum(e, args);
   if (e.functionId() >= FunctionId::ArrayBuild && e.functionId() <= FunctionId::ArrayContains) return compileArrayOperator(e, args);
   if (e.functionId() >= FunctionId::ExtractYear && e.functionId() <= FunctionId::ExtractEpoch && e.functionId() != FunctionId::ExtractInterval)
      return compileExtract(e, args);
   // Operators and what extract and date_trunc of a literal field, and identity columns, bind to.
   auto compute = [&]() -> llvm::Value* {
      switch (e.functionId()) {
         case FunctionId::BitAnd: return b.CreateAnd(args[0].value, args[1].value);
         case FunctionId::BitOr: return b.CreateOr(args[0].value, args[1].value);
         case FunctionId::BitXor: return b.CreateXor(args[0].value, args[1].value);
         case FunctionId::BitNot: return b.CreateNot(args[0].value);
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
         case FunctionId::DateTrunc: {
            const RuntimeFunction& helper = args[0].type.id == TypeId::TimestampTz ? runtime::kiln_timestamptz_trunc : runtime::kiln_date_trunc;
            return cx_.callRuntime(helper, {args[0].value, cx_.int32(e.constant().integer)});
         }
         case FunctionId::ExtractInterval: {
            llvm::Value* in = cx_.entryAlloca(cx_.intervalType());
            b.CreateStore(args[0].value, in);
            llvm::Value* field = cx_.callRuntime(runtime::kiln_interval_extract, {in, cx_.int32(int32_t(e.constant().integer))});
            return b.CreateTrunc(field, cx_.valueType(e.type));
         }
         case FunctionId::NextIdentity:
            // The counter lives as long as its column, and a statement is bound again when the column goes.
            return cx_.callRuntime(runtime::kiln_next_identity,
                                   {cx_.builder().CreateIntToPtr(cx_.int64(int64_t(reinterpret_cast<intptr_t>(e.counter))), cx_.builder().getPtrTy())});
         default: throw Error("XX000", std::string("no code for function ") + functionName(e.functionId()));
      }
   };
   return ops_.guardNulls(args, e.type, compute);
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

}  // namespace kiln
