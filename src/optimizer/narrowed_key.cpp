#include "optimizer/narrowed_key.h"

namespace kiln {

namespace {

/// Digits before the decimal point every value of an exact numeric type fits in.
unsigned integerDigits(SqlType type) {
   switch (type.id) {
      case TypeId::SmallInt: return 5;
      case TypeId::Integer: return 10;
      case TypeId::BigInt: return 19;
      default: return unsigned(type.precision) - type.scale;
   }
}

/// Whether every value of `from` is a value of `to` (same number, same order).
bool widensExactly(SqlType from, SqlType to) {
   if (!from.isExactNumeric() || !to.isExactNumeric() || from.id == TypeId::Numeric) return false;
   if (to.id == TypeId::Numeric) return true;
   if (to.isInteger()) return from.isInteger() && integerDigits(from) <= integerDigits(to);
   return from.scale <= to.scale && integerDigits(from) <= integerDigits(to);
}

/// The largest (or smallest) value of exact numeric type `column`, as a constant of type `wider`.
ExprPtr extreme(SqlType column, SqlType wider, bool largest) {
   __int128 unscaled;
   switch (column.id) {
      case TypeId::SmallInt: unscaled = largest ? INT16_MAX : INT16_MIN; break;
      case TypeId::Integer: unscaled = largest ? INT32_MAX : INT32_MIN; break;
      case TypeId::BigInt: unscaled = largest ? INT64_MAX : INT64_MIN; break;
      default: {
         unscaled = 1;
         for (unsigned i = 0; i < column.precision; ++i) unscaled *= 10;
         unscaled = largest ? unscaled - 1 : 1 - unscaled;
      }
   }
   if (wider.id == TypeId::Numeric) return Expr::constantOf(Value::ofNumeric(Numeric::fromUnscaled(unscaled, column.scale)));
   for (unsigned i = column.scale; i < wider.scale; ++i) unscaled *= 10;
   return Expr::constantOf(wider.isInteger() ? Value::ofInteger(wider, int64_t(unscaled)) : Value::ofDecimal(wider, unscaled));
}

ExprPtr castTo(SqlType type, ExprPtr value) {
   auto cast = std::make_unique<Expr>(ExprKind::Cast, type);
   cast->children.push_back(std::move(value));
   return cast;
}

ExprPtr comparison(CompareOp op, ExprPtr a, ExprPtr b) {
   auto compare = std::make_unique<Expr>(ExprKind::Comparison, SqlType::boolean());
   compare->op = uint8_t(op);
   compare->children.push_back(std::move(a));
   compare->children.push_back(std::move(b));
   return compare;
}

/// CASE WHEN condition THEN result [ELSE otherwise] END.
ExprPtr when(ExprPtr condition, ExprPtr result, ExprPtr otherwise = nullptr) {
   auto choice = std::make_unique<Expr>(ExprKind::Case, result->type);
   choice->children.push_back(std::move(condition));
   choice->children.push_back(std::move(result));
   if (otherwise) {
      choice->children.push_back(std::move(otherwise));
      choice->hasElse = true;
   }
   return choice;
}

/// `value` plus or minus the smallest step of exact numeric type `type` (1, or 0.01 for scale 2).
ExprPtr step(ExprPtr value, bool up) {
   SqlType type = value->type;
   auto sum = std::make_unique<Expr>(ExprKind::Arithmetic, type);
   sum->op = uint8_t(up ? ArithOp::Add : ArithOp::Sub);
   sum->children.push_back(std::move(value));
   sum->children.push_back(Expr::constantOf(type.isInteger() ? Value::ofInteger(type, 1) : Value::ofDecimal(type, 1)));
   return sum;
}

/// The bound of `column` (as `column <= bound`, or `>=` for a lower one) equivalent to
/// `CAST(column AS wider) op value`.
ExprPtr narrowedBound(SqlType column, SqlType wider, CompareOp op, const Expr& value) {
   bool upper = op == CompareOp::Lt || op == CompareOp::Le, strict = op == CompareOp::Lt || op == CompareOp::Gt;
   // Between the extremes, the value rounded to the column's type, moved by a step where that is on
   // the wrong side of it (or on it, for < and >).
   ExprPtr rounded = castTo(column, value.clone()), widened = castTo(wider, castTo(column, value.clone()));
   CompareOp wrongSide = upper ? (strict ? CompareOp::Ge : CompareOp::Gt) : (strict ? CompareOp::Le : CompareOp::Lt);
   ExprPtr moved = step(rounded->clone(), !upper);
   ExprPtr inner = when(comparison(wrongSide, std::move(widened), value.clone()), std::move(moved), std::move(rounded));
   // Past the column's extreme on the open side: every row; past the other one: none (NULL).
   auto choice = std::make_unique<Expr>(ExprKind::Case, column);
   choice->children.push_back(comparison(upper ? CompareOp::Gt : CompareOp::Lt, value.clone(), extreme(column, wider, upper)));
   choice->children.push_back(extreme(column, column, upper));
   CompareOp inside = upper ? (strict ? CompareOp::Gt : CompareOp::Ge) : (strict ? CompareOp::Lt : CompareOp::Le);
   choice->children.push_back(comparison(inside, value.clone(), extreme(column, wider, !upper)));
   choice->children.push_back(std::move(inner));
   return choice;
}

}  // namespace

std::optional<NarrowedKey> narrowedKey(const Expr& cast, CompareOp op, const Expr& value) {
   if (cast.kind != ExprKind::Cast || cast.children[0]->kind != ExprKind::ColumnRef) return std::nullopt;
   SqlType column = cast.children[0]->type, wider = cast.type;
   if (value.type != wider || !widensExactly(column, wider)) return std::nullopt;
   if (op == CompareOp::Lt || op == CompareOp::Le || op == CompareOp::Gt || op == CompareOp::Ge) {
      bool upper = op == CompareOp::Lt || op == CompareOp::Le;
      return NarrowedKey{cast.children[0]->iu, upper ? CompareOp::Le : CompareOp::Ge, narrowedBound(column, wider, op, value)};
   }
   if (op != CompareOp::Eq) return std::nullopt;
   // CASE WHEN min <= v AND v <= max THEN CASE WHEN CAST(CAST(v AS column) AS wider) = v THEN
   // CAST(v AS column) END END: the range first, as a value past it would overflow the cast.
   std::vector<ExprPtr> inRange;
   inRange.push_back(comparison(CompareOp::Le, extreme(column, wider, false), value.clone()));
   inRange.push_back(comparison(CompareOp::Le, value.clone(), extreme(column, wider, true)));
   ExprPtr exact = Expr::equality(castTo(wider, castTo(column, value.clone())), value.clone());
   return NarrowedKey{cast.children[0]->iu, CompareOp::Eq, when(Expr::conjunction(std::move(inRange)), when(std::move(exact), castTo(column, value.clone())))};
}

}  // namespace kiln
