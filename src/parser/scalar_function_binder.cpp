#include "parser/scalar_function_binder.h"

#include "parser/expression_binder.h"
#include "parser/function_binder.h"

namespace kiln {

ExprPtr bindScalarFunction(const ScalarFunction& function, const std::string& name, std::vector<ExprPtr>& args, int position, ExpressionBinder& binder) {
   const FunctionOverload* overload = function.overloadFor(args.size());
   if (!overload) return nullptr;
   FunctionBinding call{function, name, args, position, binder};
   // Text parameters convert before integer ones: a mismatch names the argument types as
   // converted up to there.
   for (ParameterType type : {ParameterType::Text, ParameterType::BigInt})
      for (size_t i = 0; i < args.size(); ++i)
         if (overload->parameter(i) == type) call.convert(i, type);
   if (BindFunction rule = binderOf(function.id)) return rule(call);
   return call.make(overload->result);
}

}  // namespace kiln
