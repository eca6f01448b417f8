// Date and time functions, with PostgreSQL's names and signatures (their type rules:
// parser/functions/, their code: codegen/functions/). extract, date_part and date_trunc, whose
// field is a literal read when binding, are the binder's (ExpressionBinder::bindFuncCall).
#include "algebra/scalar_function.h"

namespace kiln {

std::vector<ScalarFunction> datetimeFunctions() {
   using enum ParameterType;
   const FunctionOverload one{{Any}}, two{{Any, Any}};
   return {
      // The transaction's start.
      {{"now", "transaction_timestamp"}, FunctionId::CurrentTimestamp, {{{}, SqlType::timestampTz()}}},
      // age(x) is age(current_date, x).
      {{"age"}, FunctionId::Age, {one, two}},
      {{"isfinite"}, FunctionId::IsFinite, {one}},
      // NULL also for an empty pattern, and of an infinite timestamp.
      {{"to_char"}, FunctionId::ToChar, {{{Any, Text}}}, NullBehaviour::Special},
      // `value AT TIME ZONE zone` arrives as timezone(zone, value); the zone a text or an interval.
      {{"timezone"}, FunctionId::AtTimeZone, {two}},
      {{"justify_days"}, FunctionId::JustifyDays, {one}},
      {{"justify_hours"}, FunctionId::JustifyHours, {one}},
      {{"justify_interval"}, FunctionId::JustifyInterval, {one}},
      {{"to_timestamp"}, FunctionId::ToTimestampEpoch, {one}},  // of seconds since 1970
      {{"to_timestamp"}, FunctionId::ToTimestamp, {{{Text, Text}}}},
      {{"to_date"}, FunctionId::ToDate, {{{Text, Text}, SqlType::date()}}},
      {{"make_date"}, FunctionId::MakeDate, {{{Any, Any, Any}}}},
   };
}

}  // namespace kiln
