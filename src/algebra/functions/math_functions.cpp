// Mathematical functions, with PostgreSQL's names and signatures (their type rules:
// parser/functions/, their code: codegen/functions/).
#include "algebra/scalar_function.h"

namespace kiln {

std::vector<ScalarFunction> mathFunctions() {
   using enum ParameterType;
   const FunctionOverload one{{Any}}, two{{Any, Any}};
   return {
      {{"random"}, FunctionId::Random, {{{}, SqlType::double_()}}, NullBehaviour::Strict, Volatility::Volatile},
      {{"abs"}, FunctionId::Abs, {one}},
      {{"ceil", "ceiling"}, FunctionId::Ceil, {one}},
      {{"floor"}, FunctionId::Floor, {one}},
      // round(x, digits) and trunc(x, digits): digits a literal.
      {{"round"}, FunctionId::Round, {one, two}},
      {{"trunc"}, FunctionId::Trunc, {one, two}},
      {{"sign"}, FunctionId::Sign, {one}},
      {{"sqrt"}, FunctionId::Sqrt, {one}},
      {{"cbrt"}, FunctionId::Cbrt, {one}},
      {{"exp"}, FunctionId::Exp, {one}},
      {{"ln"}, FunctionId::Ln, {one}},
      {{"log", "log10"}, FunctionId::Log10, {one}},
      {{"log"}, FunctionId::LogBase, {two}},  // log(b, x)
      {{"power", "pow"}, FunctionId::Power, {two}},
      {{"div"}, FunctionId::DivTruncated, {two}},
      {{"gcd"}, FunctionId::Gcd, {two}},
      {{"lcm"}, FunctionId::Lcm, {two}},
      {{"width_bucket"}, FunctionId::WidthBucket, {{{Any, Any, Any, Any}}}},  // (operand, low, high, count)
   };
}

}  // namespace kiln
