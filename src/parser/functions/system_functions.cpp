// The type rules of the functions of the session and the database (their entries:
// algebra/functions/system_functions.cpp).
#include "parser/expression_binder.h"
#include "parser/function_binder.h"
#include "parser/read_only_statement.h"

namespace kiln {

namespace {

ExprPtr currentSetting(const FunctionBinding& call) {
   if (call.args.size() == 2) call.args[1] = ExpressionBinder::coerce(std::move(call.args[1]), SqlType::boolean());
   auto e = call.make(SqlType::text());
   e->nullable = true;  // missing_ok and no such setting
   return e;
}

ExprPtr setConfig(const FunctionBinding& call) {
   ReadOnlyStatement::checkWrite(call.name, call.position);  // a snapshot's session ends with its statement
   std::vector<ExprPtr>& args = call.args;
   for (size_t i : {0, 1}) call.convert(i, ParameterType::Text);
   args[2] = ExpressionBinder::coerce(std::move(args[2]), SqlType::boolean());
   auto e = call.make(SqlType::text());
   e->nullable = false;  // a NULL value resets the setting; the new value comes back
   return e;
}

ExprPtr sequenceFunction(const FunctionBinding& call) { return call.binder.bindSequenceFunction(call.name, call.args, call.position); }

}  // namespace

std::span<const FunctionBinder> systemFunctionBinders() {
   static constexpr FunctionBinder binders[] = {
      {FunctionId::CurrentSetting, currentSetting},    {FunctionId::SetConfig, setConfig},           {FunctionId::SequenceNext, sequenceFunction},
      {FunctionId::SequenceCurrent, sequenceFunction}, {FunctionId::SequenceLast, sequenceFunction}, {FunctionId::SequenceSet, sequenceFunction},
   };
   return binders;
}

}  // namespace kiln
