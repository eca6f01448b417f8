// Arrays in expressions: ARRAY[...], subscripts and the operators (||, @>, <@, &&, ANY and ALL).
// An array is its canonical text (common/array_text.h); its elements are passed to the runtime as
// text. The array functions' type rules: functions/array_functions.cpp.
#include <algorithm>

#include "common/array_text.h"
#include "parser/constant_folding.h"
#include "parser/expression_binder.h"
#include "parser/type_rules.h"

namespace kiln {

namespace {

bool isArrayOrUnknown(const Expr& e) { return e.type.isArray() || e.type.id == TypeId::Unknown; }

/// A call whose result is NULL as `nullable` says (array functions mostly ignore NULL arguments).
ExprPtr makeArrayFunction(FunctionId id, SqlType type, bool nullable, std::vector<ExprPtr> args, int position) {
   ExprPtr e = ExpressionBinder::makeFunction(id, type, std::move(args), position);
   e->nullable = nullable;
   return e;
}

}  // namespace

ExprPtr ExpressionBinder::bindArrayConstructor(const PgQuery__AArrayExpr& array, const SqlType* target) {
   int position = array.location + 1;
   std::vector<ExprPtr> elements;
   for (size_t i = 0; i < array.n_elements; ++i) {
      if (array.elements[i]->node_case == PG_QUERY__NODE__NODE_A_ARRAY_EXPR) throw Error("0A000", "multidimensional arrays are not supported yet", position);
      elements.push_back(bind(*array.elements[i]));
      if (elements.back()->type.isArray()) throw Error("0A000", "multidimensional arrays are not supported yet", position);
   }
   // The elements' common type, as for CASE; under a cast, the cast's element type.
   SqlType element = SqlType::unknown();
   if (target && target->isArray()) {
      element = target->elementType();
   } else {
      // Elements all of one type give it with its modifiers, as PostgreSQL's select_common_typmod.
      if (!elements.empty()) element = elements[0]->type;
      for (auto& e : elements) {
         auto common = types::common(element, e->type);
         if (!common) throw Error("42804", "ARRAY types " + element.toString() + " and " + e->type.toString() + " cannot be matched", e->position);
         element = *common;
      }
      if (elements.empty()) throw Error("42P18", "cannot determine type of empty array", position);
      if (element.id == TypeId::Unknown) element = SqlType::text();
   }
   SqlType type = SqlType::array(element);
   bool constant = true;
   for (auto& e : elements) {
      e = target ? cast(std::move(e), element, e->position) : coerce(std::move(e), element);
      constant = constant && e->kind == ExprKind::Constant;
   }
   if (constant) {
      array_text::Elements texts;
      for (auto& e : elements) texts.push_back(e->constant().isNull ? std::nullopt : std::optional<std::string>(array_text::elementOutput(e->constant())));
      return Expr::constantOf(Value::ofString(type, array_text::join(texts)));
   }
   for (auto& e : elements) e = cast(std::move(e), SqlType::text(), position);
   return makeArrayFunction(FunctionId::ArrayBuild, type, false, std::move(elements), position);
}

ExprPtr ExpressionBinder::bindSubscript(const PgQuery__AIndirection& indirection) {
   ExprPtr e = bind(*indirection.arg);
   // PostgreSQL reads a[i][j] as one subscript per dimension (of a one-dimensional array: NULL).
   if (indirection.n_indirection > 1) throw Error("0A000", "more than one subscript is not supported yet", e->position);
   for (size_t i = 0; i < indirection.n_indirection; ++i) {
      const PgQuery__Node& step = *indirection.indirection[i];
      if (step.node_case != PG_QUERY__NODE__NODE_A_INDICES) throw Error("0A000", "this kind of expression is not supported yet");
      const PgQuery__AIndices& indices = *step.a_indices;
      int position = e->position;
      if (!e->type.isArray()) throw Error("42804", "cannot subscript type " + e->type.toString() + " because it does not support subscripting", position);
      auto bound = [&](const PgQuery__Node* node, int64_t absent) {
         if (!node) return Expr::constantOf(Value::ofInteger(SqlType::bigInt(), absent));
         ExprPtr index = bind(*node);
         if (index->type.id != TypeId::Unknown && !index->type.isNumeric()) throw Error("42804", "array subscript must have type integer", position);
         // Subscripts are integers, as PostgreSQL's: 3000000000 is out of range.
         return cast(cast(std::move(index), SqlType::integer(), position), SqlType::bigInt(), position);
      };
      std::vector<ExprPtr> args;
      SqlType type = e->type;
      args.push_back(std::move(e));
      if (indices.is_slice) {
         // a[lower:upper], a[:upper], a[lower:]: an array again.
         args.push_back(bound(indices.lidx, 1));
         args.push_back(bound(indices.uidx, INT64_MAX));
         e = makeArrayFunction(FunctionId::ArraySlice, type, true, std::move(args), position);
      } else {
         args.push_back(bound(indices.uidx, 0));
         e = cast(makeArrayFunction(FunctionId::ArraySubscript, SqlType::text(), true, std::move(args), position), type.elementType(), position);
      }
   }
   return e;
}

ExprPtr ExpressionBinder::bindArrayConcat(ExprPtr left, ExprPtr right, int position, ArrayJoin join) {
   auto mismatch = [&] {
      if (join != ArrayJoin::Operator)
         return Error("42883",
                      std::string("function ") +
                         (join == ArrayJoin::Append    ? "array_append("
                          : join == ArrayJoin::Prepend ? "array_prepend("
                                                       : "array_cat(") +
                         left->type.toString() + ", " + right->type.toString() + ") does not exist",
                      position);
      return Error("42883", "operator does not exist: " + left->type.toString() + " || " + right->type.toString(), position);
   };
   std::vector<ExprPtr> args;
   // array || array (an untyped side taken as an array, as PostgreSQL does).
   if (join == ArrayJoin::Cat || (join == ArrayJoin::Operator && isArrayOrUnknown(*left) && isArrayOrUnknown(*right))) {
      if (!isArrayOrUnknown(*left) || !isArrayOrUnknown(*right)) throw mismatch();
      // The arrays meet in their elements' common type (int[] || numeric[] is numeric[]).
      if (left->type.id == TypeId::Unknown) left = coerce(std::move(left), right->type.id == TypeId::Unknown ? SqlType::array(SqlType::text()) : right->type);
      if (right->type.id == TypeId::Unknown) right = coerce(std::move(right), left->type);
      auto element = types::common(left->type.elementType(), right->type.elementType());
      if (!element || element->isArray()) throw mismatch();
      SqlType type = SqlType::array(*element);
      left = coerce(std::move(left), type);
      right = coerce(std::move(right), type);
      bool nullable = left->nullable && right->nullable;
      args.push_back(std::move(left));
      args.push_back(std::move(right));
      return makeArrayFunction(FunctionId::ArrayCat, type, nullable, std::move(args), position);
   }
   bool append = join == ArrayJoin::Operator ? left->type.isArray() : join == ArrayJoin::Append;
   ExprPtr& array = append ? left : right;
   ExprPtr& element = append ? right : left;
   if (array->type.id == TypeId::Unknown && element->type.id != TypeId::Unknown) array = coerce(std::move(array), SqlType::array(element->type));
   if (!array->type.isArray()) throw mismatch();
   auto common = types::common(array->type.elementType(), element->type);
   if (!common || common->isArray()) throw mismatch();
   array = coerce(std::move(array), SqlType::array(*common));
   element = cast(coerce(std::move(element), *common), SqlType::text(), position);
   SqlType type = array->type;
   args.push_back(std::move(left));
   args.push_back(std::move(right));
   return makeArrayFunction(append ? FunctionId::ArrayAppend : FunctionId::ArrayPrepend, type, false, std::move(args), position);
}

ExprPtr ExpressionBinder::bindArrayContainment(const std::string& op, ExprPtr left, ExprPtr right, int position) {
   // An untyped side takes the other's type; arrays of one element type only, as for =.
   if (left->type.id == TypeId::Unknown && right->type.isArray()) left = coerce(std::move(left), right->type);
   if (right->type.id == TypeId::Unknown && left->type.isArray()) right = coerce(std::move(right), left->type);
   if (!left->type.isArray() || !right->type.isArray() || left->type.element != right->type.element)
      throw Error("42883", "operator does not exist: " + left->type.toString() + " " + op + " " + right->type.toString(), position);
   unify(left, right, op, position);
   std::vector<ExprPtr> args;
   args.push_back(std::move(op == "<@" ? right : left));
   args.push_back(std::move(op == "<@" ? left : right));
   ExprPtr e = makeFunction(FunctionId::ArrayContains, SqlType::boolean(), std::move(args), position);
   e->setConstant(Value::ofInteger(SqlType::integer(), op == "&&" ? 1 : 0));
   return e;
}

ExprPtr ExpressionBinder::bindArrayComparison(const std::string& op, ExprPtr value, ExprPtr array, bool all, int position) {
   static const std::pair<const char*, CompareOp> comparisons[] = {{"=", CompareOp::Eq},  {"<>", CompareOp::Ne}, {"<", CompareOp::Lt},
                                                                   {"<=", CompareOp::Le}, {">", CompareOp::Gt},  {">=", CompareOp::Ge}};
   const auto* found = std::find_if(std::begin(comparisons), std::end(comparisons), [&](const auto& c) { return op == c.first; });
   if (found == std::end(comparisons)) throw Error("0A000", "operator " + op + " with ANY or ALL is not supported yet", position);
   if (array->type.id == TypeId::Unknown) array = coerce(std::move(array), SqlType::array(value->type.id == TypeId::Unknown ? SqlType::text() : value->type));
   if (!array->type.isArray()) throw Error("42809", "op ANY/ALL (array) requires array on right side", position);
   auto common = types::common(value->type, array->type.elementType());
   if (!common || common->isArray())
      throw Error("42883", "operator does not exist: " + value->type.toString() + " " + op + " " + array->type.elementType().toString(), position);
   if (common->id == TypeId::Unknown) common = SqlType::text();
   value = coerce(std::move(value), *common);
   std::vector<ExprPtr> args;
   args.push_back(std::move(value));
   args.push_back(std::move(array));
   ExprPtr e = makeArrayFunction(FunctionId::ArrayCompare, SqlType::boolean(), true, std::move(args), position);
   e->setConstant(Value::ofInteger(SqlType::integer(), int64_t(found->second) | int64_t(all) << 8));
   return e;
}

}  // namespace kiln
