// Regular expression functions, with PostgreSQL's names and signatures (their type rules:
// parser/functions/, their code: codegen/functions/). The flags, which must be literals, are the
// call's constant (RegexFlags), checked when it is bound.
#include "algebra/scalar_function.h"

namespace kiln {

std::vector<ScalarFunction> regexFunctions() {
   using enum ParameterType;
   const SqlType text = SqlType::text();
   return {
      // s ~ pattern (the operators ~, ~*, !~ and !~* and SIMILAR TO are calls of it).
      {{"textregexeq"}, FunctionId::RegexMatch, {{{Any, Any}, SqlType::boolean()}}},
      // (s, pattern, replacement[, flags])
      {{"regexp_replace"}, FunctionId::RegexReplace, {{{Any, Any, Any}, text}, {{Any, Any, Any, Any}, text}}},
      // (s, pattern[, start[, flags]])
      {{"regexp_count"},
       FunctionId::RegexCount,
       {{{Any, Any}, SqlType::integer()}, {{Any, Any, Any}, SqlType::integer()}, {{Any, Any, Any, Any}, SqlType::integer()}}},
      // (s, pattern[, start[, occurrence[, flags[, group]]]]): NULL also when there is no such
      // match or group.
      {{"regexp_substr"}, FunctionId::RegexSubstr, {{{Any, Any}, text, true}}, NullBehaviour::Special},
      // substring(s FROM pattern) and substring(s SIMILAR pattern ESCAPE e): the first group's
      // part of the first match (or the whole match), the part between the escaped double quotes.
      // Tried before substring(s FROM start FOR count), which a pattern is not.
      {{"substring"}, FunctionId::RegexSubstring, {{{Any, Any}, text}, {{Any, Any, Any}, text}}, NullBehaviour::Special},
   };
}

}  // namespace kiln
