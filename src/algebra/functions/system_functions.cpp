// Functions of the session and the database: settings, sequences and system information, with
// PostgreSQL's names and signatures (their type rules: parser/functions/, their code:
// codegen/functions/).
#include "algebra/scalar_function.h"

namespace kiln {

std::vector<ScalarFunction> systemFunctions() {
   using enum ParameterType;
   const SqlType text = SqlType::text();
   // set_config changes what current_setting reads, and sequences count: two calls are two values.
   return {
      // current_setting(name[, missing_ok]): NULL with missing_ok for an unknown name.
      {{"current_setting"}, FunctionId::CurrentSetting, {{{Text}, text}, {{Text, Any}, text}}, NullBehaviour::Special, Volatility::Volatile},
      // set_config(name, value, is_local): a NULL value resets the setting, which comes back.
      {{"set_config"}, FunctionId::SetConfig, {{{Any, Any, Any}, text}}, NullBehaviour::Special, Volatility::Volatile},
      // The sequence is named by a constant (text, or 'name'::regclass).
      {{"nextval"}, FunctionId::SequenceNext, {{{Any}}}, NullBehaviour::Strict, Volatility::Volatile},
      {{"currval"}, FunctionId::SequenceCurrent, {{{Any}}}, NullBehaviour::Strict, Volatility::Volatile},
      {{"lastval"}, FunctionId::SequenceLast, {{{}}}, NullBehaviour::Strict, Volatility::Volatile},
      {{"setval"}, FunctionId::SequenceSet, {{{Any, Any}}, {{Any, Any, Any}}}, NullBehaviour::Strict, Volatility::Volatile},
   };
}

}  // namespace kiln
