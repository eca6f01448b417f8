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
   if (!from.isExactNumeric() || !to.isExactNumeric()) return false;
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

/// CASE WHEN condition THEN result END.
ExprPtr when(ExprPtr condition, ExprPtr result) {
   auto choice = std::make_unique<Expr>(ExprKind::Case, result->type);
   choice->children.push_back(std::move(condition));
   choice->children.push_back(std::move(result));
   return choice;
}

}  // namespace

std::optional<NarrowedKey> narrowedKey(const Expr& cast, const Expr& value) {
   if (cast.kind != ExprKind::Cast || cast.children[0]->kind != ExprKind::ColumnRef) return std::nullopt;
   SqlType column = cast.children[0]->type, wider = cast.type;
   if (value.type != wider || !widensExactly(column, wider)) return std::nullopt;
   // CASE WHEN min <= v AND v <= max THEN CASE WHEN CAST(CAST(v AS column) AS wider) = v THEN
   // CAST(v AS column) END END: the range first, as a value past it would overflow the cast.
   std::vector<ExprPtr> inRange;
   inRange.push_back(comparison(CompareOp::Le, extreme(column, wider, false), value.clone()));
   inRange.push_back(comparison(CompareOp::Le, value.clone(), extreme(column, wider, true)));
   ExprPtr exact = Expr::equality(castTo(wider, castTo(column, value.clone())), value.clone());
   return NarrowedKey{cast.children[0]->iu, when(Expr::conjunction(std::move(inRange)), when(std::move(exact), castTo(column, value.clone())))};
}

}  // namespace kiln
