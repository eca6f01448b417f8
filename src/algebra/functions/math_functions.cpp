// Mathematical functions, with PostgreSQL's names and signatures (their code: codegen/functions/).
#include "algebra/scalar_function.h"

namespace kiln {

std::vector<ScalarFunction> mathFunctions() {
   return {
      {{"random"}, FunctionId::Random, {{{}, SqlType::double_()}}, NullBehaviour::Strict, Volatility::Volatile},
   };
}

}  // namespace kiln
