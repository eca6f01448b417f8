#include "parser/function_binder.h"

#include <array>

#include "parser/expression_binder.h"

namespace kiln {

Error FunctionBinding::noSuchFunction() const { return ExpressionBinder::noSuchFunction(name, args, position); }

ExprPtr FunctionBinding::make(FunctionId id, SqlType result) const { return ExpressionBinder::makeFunction(id, result, std::move(args), position); }

void convertArgument(std::vector<ExprPtr>& args, size_t i, ParameterType type, const std::string& name, int position) {
   bool untyped = args[i]->type.id == TypeId::Unknown;
   bool fits = untyped || (type == ParameterType::Text ? args[i]->type.isString() : args[i]->type.isInteger());
   if (!fits) throw ExpressionBinder::noSuchFunction(name, args, position);
   SqlType target = type == ParameterType::Text ? SqlType::text() : SqlType::bigInt();
   if (untyped || type == ParameterType::BigInt) args[i] = ExpressionBinder::coerce(std::move(args[i]), target);
}

void FunctionBinding::convertAll(SqlType type, bool (*fits)(const SqlType& argument)) const {
   for (ExprPtr& arg : args) {
      if (arg->type.id != TypeId::Unknown && !fits(arg->type)) throw noSuchFunction();
      arg = ExpressionBinder::coerce(std::move(arg), type);
   }
}

BindFunction binderOf(FunctionId id) {
   static const std::array<BindFunction, 256> byId = [] {
      std::array<BindFunction, 256> table{};
      for (auto family :
           {mathFunctionBinders, datetimeFunctionBinders, stringFunctionBinders, systemFunctionBinders, regexFunctionBinders, arrayFunctionBinders})
         for (const FunctionBinder& binder : family()) table[size_t(binder.id)] = binder.bind;
      return table;
   }();
   return byId[size_t(id)];
}

}  // namespace kiln
