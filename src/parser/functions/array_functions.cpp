// The type rules of the array functions (their entries: algebra/functions/array_functions.cpp):
// an array argument of any array type, an element of its element type (passed as text), and the
// result's NULL as each function says.
#include "parser/expression_binder.h"
#include "parser/function_binder.h"
#include "parser/type_rules.h"

namespace kiln {

namespace {

void requireArray(const FunctionBinding& call, size_t i) {
   if (call.args[i]->type.id == TypeId::Unknown) throw Error("42804", "could not determine polymorphic type because input has type unknown", call.position);
   if (!call.args[i]->type.isArray()) throw call.noSuchFunction();
}

void requireInteger(const FunctionBinding& call, size_t i) { call.convert(i, ParameterType::BigInt); }

/// An element argument `i` of the array `arrayAt`: of its element type (an untyped array takes
/// the element's), passed as text.
void requireElement(const FunctionBinding& call, size_t arrayAt, size_t i) {
   std::vector<ExprPtr>& args = call.args;
   if (args[arrayAt]->type.id == TypeId::Unknown && args[i]->type.id != TypeId::Unknown)
      args[arrayAt] = ExpressionBinder::coerce(std::move(args[arrayAt]), SqlType::array(args[i]->type));
   requireArray(call, arrayAt);
   SqlType element = args[arrayAt]->type.elementType();
   auto common = types::common(element, args[i]->type);
   if (!common || common->isArray()) throw call.noSuchFunction();
   if (*common != element) args[arrayAt] = ExpressionBinder::coerce(std::move(args[arrayAt]), SqlType::array(*common));
   args[i] = ExpressionBinder::cast(ExpressionBinder::coerce(std::move(args[i]), *common), SqlType::text(), call.position);
}

ExprPtr make(const FunctionBinding& call, SqlType type, bool nullable) {
   ExprPtr e = call.make(type);
   e->nullable = nullable;
   return e;
}

ExprPtr cardinality(const FunctionBinding& call) {
   requireArray(call, 0);
   return call.make(SqlType::integer());
}

/// array_length, array_upper, array_lower, array_ndims and array_dims.
ExprPtr dimension(const FunctionBinding& call) {
   requireArray(call, 0);
   if (call.args.size() > 1) requireInteger(call, 1);
   return make(call, call.function.overloads[0].result, true);
}

ExprPtr arrayToString(const FunctionBinding& call) {
   requireArray(call, 0);
   bool nullable = call.args[0]->nullable || call.args[1]->nullable;
   return make(call, SqlType::text(), nullable);
}

ExprPtr stringToArray(const FunctionBinding& call) { return make(call, SqlType::array(SqlType::text()), call.args[0]->nullable); }

ExprPtr concatenation(const FunctionBinding& call) {
   FunctionId id = call.function.id;
   auto join = id == FunctionId::ArrayCat      ? ExpressionBinder::ArrayJoin::Cat
               : id == FunctionId::ArrayAppend ? ExpressionBinder::ArrayJoin::Append
                                               : ExpressionBinder::ArrayJoin::Prepend;
   return ExpressionBinder::bindArrayConcat(std::move(call.args[0]), std::move(call.args[1]), call.position, join);
}

ExprPtr position(const FunctionBinding& call) {
   requireElement(call, 0, 1);
   return make(call, SqlType::integer(), true);
}

/// array_remove(array, element) and array_replace(array, element, replacement).
ExprPtr removeOrReplace(const FunctionBinding& call) {
   for (size_t i = 1; i < call.args.size(); ++i) requireElement(call, 0, i);
   return make(call, call.args[0]->type, call.args[0]->nullable);
}

}  // namespace

std::span<const FunctionBinder> arrayFunctionBinders() {
   static constexpr FunctionBinder binders[] = {
      {FunctionId::ArrayCardinality, cardinality}, {FunctionId::ArrayLength, dimension},  {FunctionId::ArrayLower, dimension},
      {FunctionId::ArrayNdims, dimension},         {FunctionId::ArrayDims, dimension},    {FunctionId::ArrayToString, arrayToString},
      {FunctionId::StringToArray, stringToArray},  {FunctionId::ArrayCat, concatenation}, {FunctionId::ArrayAppend, concatenation},
      {FunctionId::ArrayPrepend, concatenation},   {FunctionId::ArrayPosition, position}, {FunctionId::ArrayRemove, removeOrReplace},
      {FunctionId::ArrayReplace, removeOrReplace},
   };
   return binders;
}

}  // namespace kiln
