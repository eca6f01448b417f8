// The type rules of the string functions that take any values (their entries:
// algebra/functions/string_functions.cpp).
#include "parser/expression_binder.h"
#include "parser/function_binder.h"

namespace kiln {

namespace {

ExprPtr text(const char* s) { return Expr::constantOf(Value::ofString(SqlType::text(), s)); }
/// CASE WHEN b THEN 't' WHEN NOT b THEN 'f' END: a boolean as its output function writes it
/// (unlike its cast to text); NULL stays NULL.
ExprPtr booleanLetter(ExprPtr b, int position) {
   auto letter = ExpressionBinder::makeExpr(ExprKind::Case, SqlType::text(), b->nullable, position);
   auto negated = ExpressionBinder::makeExpr(ExprKind::Not, SqlType::boolean(), b->nullable, position);
   negated->children.push_back(b->clone());
   letter->children.push_back(std::move(b));
   letter->children.push_back(text("t"));
   letter->children.push_back(std::move(negated));
   letter->children.push_back(text("f"));
   return letter;
}

/// Any type goes, written as its output function writes it: booleans as t and f.
ExprPtr concat(const FunctionBinding& call) {
   std::vector<ExprPtr>& args = call.args;
   bool withSeparator = call.function.id == FunctionId::ConcatWs;
   for (size_t i = withSeparator; i < args.size(); ++i) {
      if (args[i]->type.id == TypeId::Char && args[i]->type.length) args[i] = ExpressionBinder::withPadding(std::move(args[i]));
      else if (int at = args[i]->position; args[i]->type.id == TypeId::Boolean) args[i] = booleanLetter(std::move(args[i]), at);
      else if (!args[i]->type.isString()) args[i] = ExpressionBinder::coerce(std::move(args[i]), SqlType::text());
   }
   bool nullable = withSeparator && args[0]->nullable;
   auto e = call.make(SqlType::text());
   e->nullable = nullable;
   return e;
}

/// The arguments as their output functions write them (NULLs stay NULL: %s shows nothing, %L
/// NULL).
ExprPtr format(const FunctionBinding& call) {
   std::vector<ExprPtr>& args = call.args;
   for (size_t i = 1; i < args.size(); ++i) {
      if (args[i]->type.id == TypeId::Boolean) args[i] = booleanLetter(std::move(args[i]), call.position);
      if (!args[i]->type.isString()) args[i] = ExpressionBinder::cast(std::move(args[i]), SqlType::text(), call.position);
   }
   bool nullable = args[0]->nullable;
   auto e = call.make(SqlType::text());
   e->nullable = nullable;
   return e;
}

/// Of any value, as its text.
ExprPtr quoteLiteral(const FunctionBinding& call) {
   ExprPtr& value = call.args[0];
   if (!value->type.isString()) value = ExpressionBinder::cast(std::move(value), SqlType::text(), call.position);
   return call.make(FunctionId::QuoteLiteral, SqlType::text());
}

}  // namespace

std::span<const FunctionBinder> stringFunctionBinders() {
   static constexpr FunctionBinder binders[] = {
      {FunctionId::Concat, concat},
      {FunctionId::ConcatWs, concat},
      {FunctionId::Format, format},
      {FunctionId::QuoteLiteral, quoteLiteral},
   };
   return binders;
}

}  // namespace kiln
