#include "parser/scalar_function_binder.h"

#include "parser/expression_binder.h"

namespace kiln {

ExprPtr bindScalarFunction(const ScalarFunction& function, const std::string& name, std::vector<ExprPtr>& args, int position) {
   const FunctionOverload* overload = function.overloadFor(args.size());
   if (!overload) return nullptr;
   // Text parameters convert before integer ones: a mismatch names the argument types as
   // converted up to there.
   for (ParameterType type : {ParameterType::Text, ParameterType::BigInt}) {
      for (size_t i = 0; i < args.size(); ++i) {
         if (overload->parameters[i] != type) continue;
         SqlType argument = args[i]->type;
         bool untyped = argument.id == TypeId::Unknown;
         if (type == ParameterType::Text && untyped) args[i] = ExpressionBinder::coerce(std::move(args[i]), SqlType::text());
         else if (type == ParameterType::Text && !argument.isString()) throw ExpressionBinder::noSuchFunction(name, args, position);
         else if (type == ParameterType::BigInt && (untyped || argument.isInteger())) args[i] = ExpressionBinder::coerce(std::move(args[i]), SqlType::bigInt());
         else if (type == ParameterType::BigInt) throw ExpressionBinder::noSuchFunction(name, args, position);
      }
   }
   return ExpressionBinder::makeFunction(function.id, overload->result, std::move(args), position);
}

}  // namespace kiln
