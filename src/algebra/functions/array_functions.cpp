// Array functions, with PostgreSQL's names and signatures (their type rules: parser/functions/,
// their code: codegen/functions/). An array is its canonical text (common/array_text.h); most
// of these functions have NULL rules of their own, as PostgreSQL's.
#include "algebra/scalar_function.h"

namespace kiln {

std::vector<ScalarFunction> arrayFunctions() {
   using enum ParameterType;
   const SqlType text = SqlType::text(), integer = SqlType::integer();
   // Polymorphic: the element type comes from the array (parser/functions/array_functions.cpp).
   const SqlType fromArguments{};
   return {
      {{"cardinality"}, FunctionId::ArrayCardinality, {{{Any}, integer}}},
      // (array, dimension): NULL for an empty array and for a dimension it does not have.
      {{"array_length", "array_upper"}, FunctionId::ArrayLength, {{{Any, Any}, integer}}, NullBehaviour::Special},
      {{"array_lower"}, FunctionId::ArrayLower, {{{Any, Any}, integer}}, NullBehaviour::Special},
      {{"array_ndims"}, FunctionId::ArrayNdims, {{{Any}, integer}}, NullBehaviour::Special},
      {{"array_dims"}, FunctionId::ArrayDims, {{{Any}, text}}, NullBehaviour::Special},
      // (array, separator[, NULL's text]): NULL elements are skipped without the third.
      {{"array_to_string"}, FunctionId::ArrayToString, {{{Any, Text}, text}, {{Any, Text, Text}, text}}, NullBehaviour::Special},
      // (text, separator[, text that is NULL]): a NULL separator splits into characters.
      {{"string_to_array"},
       FunctionId::StringToArray,
       {{{Text, Text}, SqlType::array(text)}, {{Text, Text, Text}, SqlType::array(text)}},
       NullBehaviour::Special},
      // A NULL array counts as empty: array_cat is NULL only when both are, array_append and
      // array_prepend never.
      {{"array_cat"}, FunctionId::ArrayCat, {{{Any, Any}, fromArguments}}, NullBehaviour::Special},
      {{"array_append"}, FunctionId::ArrayAppend, {{{Any, Any}, fromArguments}}, NullBehaviour::Special},
      {{"array_prepend"}, FunctionId::ArrayPrepend, {{{Any, Any}, fromArguments}}, NullBehaviour::Special},
      // (array, element[, start]): NULL matches NULL; NULL when there is none.
      {{"array_position"}, FunctionId::ArrayPosition, {{{Any, Any}, integer}, {{Any, Any, BigInt}, integer}}, NullBehaviour::Special},
      {{"array_remove"}, FunctionId::ArrayRemove, {{{Any, Any}, fromArguments}}, NullBehaviour::Special},
      {{"array_replace"}, FunctionId::ArrayReplace, {{{Any, Any, Any}, fromArguments}}, NullBehaviour::Special},
   };
}

}  // namespace kiln
