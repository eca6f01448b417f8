// String functions, with PostgreSQL's names and signatures (their type rules: parser/functions/,
// their code: codegen/functions/).
#include "algebra/scalar_function.h"

namespace kiln {

std::vector<ScalarFunction> stringFunctions() {
   using enum ParameterType;
   const SqlType text = SqlType::text(), integer = SqlType::integer();
   return {
      {{"substring", "substr"}, FunctionId::Substring, {{{Text, BigInt}, text}, {{Text, BigInt, BigInt}, text}}},
      {{"upper"}, FunctionId::Upper, {{{Text}, text}}},
      {{"lower"}, FunctionId::Lower, {{{Text}, text}}},
      {{"reverse"}, FunctionId::Reverse, {{{Text}, text}}},
      {{"initcap"}, FunctionId::Initcap, {{{Text}, text}}},
      {{"length", "char_length", "character_length"}, FunctionId::Length, {{{Text}, integer}}},
      {{"octet_length"}, FunctionId::OctetLength, {{{Text}, integer}}},
      // trim(s) and trim(s, characters): blanks or those characters off both sides, or one.
      {{"btrim", "trim"}, FunctionId::Trim, {{{Text}, text}, {{Text, Text}, text}}},
      {{"ltrim"}, FunctionId::LTrim, {{{Text}, text}, {{Text, Text}, text}}},
      {{"rtrim"}, FunctionId::RTrim, {{{Text}, text}, {{Text, Text}, text}}},
      // position(b IN a) arrives as position(a, b), like strpos(a, b): search b within a.
      {{"position", "strpos"}, FunctionId::Position, {{{Text, Text}, integer}}},
      {{"replace"}, FunctionId::Replace, {{{Text, Text, Text}, text}}},
      {{"left"}, FunctionId::Left, {{{Text, BigInt}, text}}},
      {{"right"}, FunctionId::Right, {{{Text, BigInt}, text}}},
      {{"lpad"}, FunctionId::LPad, {{{Text, BigInt}, text}, {{Text, BigInt, Text}, text}}},
      {{"rpad"}, FunctionId::RPad, {{{Text, BigInt}, text}, {{Text, BigInt, Text}, text}}},
      {{"split_part"}, FunctionId::SplitPart, {{{Text, Text, BigInt}, text}}},
      {{"repeat"}, FunctionId::Repeat, {{{Text, BigInt}, text}}},
      {{"starts_with"}, FunctionId::StartsWith, {{{Text, Text}, SqlType::boolean()}}},
      {{"ascii"}, FunctionId::Ascii, {{{Text}, integer}}},
      {{"chr"}, FunctionId::Chr, {{{BigInt}, text}}},
      {{"md5"}, FunctionId::Md5, {{{Text}, text}}},
      {{"quote_ident"}, FunctionId::QuoteIdent, {{{Text}, text}}},
      {{"translate"}, FunctionId::Translate, {{{Text, Text, Text}, text}}},
      // Of any values, as their output functions write them; NULLs are skipped, and only
      // concat_ws's separator and format's format make the result NULL.
      {{"concat"}, FunctionId::Concat, {{{Any}, text, true}}, NullBehaviour::Special},
      {{"concat_ws"}, FunctionId::ConcatWs, {{{Text, Any}, text, true}}, NullBehaviour::Special},
      {{"format"}, FunctionId::Format, {{{Text}, text}, {{Text, Any}, text, true}}, NullBehaviour::Special},
      // Of any value, as its text.
      {{"quote_literal"}, FunctionId::QuoteLiteral, {{{Any}, text}}},
   };
}

}  // namespace kiln
