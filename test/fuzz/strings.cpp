// String operators and functions. Lengths and counts are small, so that no case asks for
// gigabytes; varchar(n) and char(n) come from casts of text (which truncate, and for char pad).
#include "generator.h"

namespace kiln::fuzz {

NodePtr Generator::stringPattern() {
   static const std::vector<std::string> patterns = {"%", "a%", "%b", "_", "%a_c%", "A%", "", "\\%", "%o%", "__", "x%y", "%é%", "%\\_%"};
   return typed(Type::of(Kind::Text), {quoted(random_.pick(patterns))});
}

namespace {

/// Patterns PCRE2 and PostgreSQL's regular expressions read alike.
const std::vector<std::string>& regexPatterns() {
   static const std::vector<std::string> all = {"^a", "b$", "[a-c]+", "a.c", "(ab)+", "x|y", "[0-9]", "^$", ".*", "o", "[^a ]", "(a)(b)?", "é"};
   return all;
}

}  // namespace

NodePtr Generator::textExpr(const Type& type, const Context& context) {
   if (type.kind != Kind::Text) {
      // varchar(n), char(n): a cast of text; the column or a constant are leaves.
      return typed(type, {"CAST(", expr(Type::of(Kind::Text), context), " AS ", type.sql(), ")"});
   }
   auto s = [&] { return expr(type, context); };
   auto n = [&](int lo, int hi) { return smallInteger(lo, hi, context); };
   Type charType = Type::character(4);
   return choose({
      {15, [&] { return typed(type, {"(", s(), " || ", s(), ")"}); }},
      {5,
       [&] {
          // (text || array would be an array.)
          Type other = typeInReach(context, [](const Type& t) { return !t.isFloat() && t.kind != Kind::Text && t.kind != Kind::Array; });
          return typed(type, {"(", s(), " || ", expr(other, context), ")"});
       }},
      {15,
       [&] {
          static const std::vector<std::string> unary = {"upper", "lower", "initcap",       "reverse",     "md5",           "btrim",
                                                         "ltrim", "rtrim", "quote_literal", "quote_ident", "quote_nullable"};
          return typed(type, {random_.pick(unary), "(", s(), ")"});
       }},
      {5, [&] { return typed(type, {random_.pick(std::vector<std::string>{"btrim(", "ltrim(", "rtrim("}), s(), ", ", s(), ")"}); }},
      {8,
       [&] {
          switch (random_.below(3)) {
             case 0: return typed(type, {"substring(", s(), " FROM ", n(-2, 6), optionalNode({" FOR ", n(-1, 5)}), ")"});
             case 1: return typed(type, {"substr(", s(), ", ", n(-2, 6), optionalNode({", ", n(-1, 5)}), ")"});
             default: return typed(type, {"substring(", s(), " FROM ", quoted(random_.pick(regexPatterns())), ")"});
          }
       }},
      {5, [&] { return typed(type, {random_.chance(50) ? "left(" : "right(", s(), ", ", n(-4, 6), ")"}); }},
      {5, [&] { return typed(type, {random_.chance(50) ? "lpad(" : "rpad(", s(), ", ", n(-1, 12), optionalNode({", ", s()}), ")"}); }},
      {3, [&] { return typed(type, {"repeat(", s(), ", ", n(-1, 4), ")"}); }},
      {5, [&] { return typed(type, {"replace(", s(), ", ", s(), ", ", s(), ")"}); }},
      {3, [&] { return typed(type, {"translate(", s(), ", ", s(), ", ", s(), ")"}); }},
      {3, [&] { return typed(type, {"overlay(", s(), " PLACING ", s(), " FROM ", n(1, 6), optionalNode({" FOR ", n(0, 4)}), ")"}); }},
      {3, [&] { return typed(type, {"split_part(", s(), ", ", s(), ", ", n(-3, 4), ")"}); }},
      {5,
       [&] {
          std::vector<NodePtr> args;
          for (int i = int(random_.between(1, 4)); i > 0; --i) args.push_back(expr(typeInReach(context, [](const Type& t) { return !t.isFloat(); }), context));
          if (random_.chance(50)) return typed(type, {"concat(", list(std::move(args), ", ", 1), ")"});
          return typed(type, {"concat_ws(", s(), ", ", list(std::move(args), ", ", 1), ")"});
       }},
      {2,
       [&] {
          static const std::vector<std::string> codes = {"65", "97", "233", "8364", "1114111", "0", "55296", "1114112", "32"};
          return typed(type, {"chr(", random_.pick(codes), ")"});
       }},
      {3,
       [&] {
          static const std::vector<std::string> formats = {"%s-%s", "%I.%I", "%L|%L", "[%5s|%-5s]", "%2$s %1$s", "%s%%", "%*s%s"};
          std::string f = random_.pick(formats);
          if (f == "%*s%s") return typed(type, {"format('", f, "', ", n(-6, 6), ", ", s(), ")"});
          return typed(type, {"format('", f, "', ", s(), ", ", s(), ")"});
       }},
      {3,
       [&] {
          return typed(type, {"regexp_replace(", s(), ", ", quoted(random_.pick(regexPatterns())), ", ",
                              quoted(random_.pick(std::vector<std::string>{"", "X", "<\\1>", "\\&\\&"})), random_.chance(50) ? ", 'g'" : "", ")"});
       }},
      {6,
       [&] {
          static const std::vector<std::string> momentPatterns = {"YYYY-MM-DD",   "DD Mon YYYY", "HH24:MI:SS.US", "Day, DDth Month", "YYYY \"Q\"Q IW",
                                                                  "FMMonth FMDD", "J",           "HH12 AM",       "Y,YYY BC",        "DDD WW",
                                                                  "TZ OF",        "SSSS"};
          static const std::vector<std::string> numberPatterns = {"999.99", "FM9990.00", "S9999", "9,999", "0000", "99.9PR", "FM999MI", "L99D9"};
          switch (random_.below(4)) {
             case 0: return typed(type, {"to_char(", expr(Type::of(Kind::Timestamp), context), ", ", quoted(random_.pick(momentPatterns)), ")"});
             case 1: return typed(type, {"to_char(", expr(Type::of(Kind::Date), context), ", ", quoted(random_.pick(momentPatterns)), ")"});
             case 2:
                return typed(type, {"to_char(", expr(Type::of(Kind::Interval), context), ", ",
                                    quoted(random_.pick(std::vector<std::string>{"HH24:MI:SS", "DD \"days\" HH", "MM-DD"})), ")"});
             default: {
                Type number = random_.pick(std::vector<Type>{Type::of(Kind::Int4), Type::numeric(10, 2), Type::of(Kind::Int8)});
                return typed(type, {"to_char(", expr(number, context), ", ", quoted(random_.pick(numberPatterns)), ")"});
             }
          }
       }},
      {3,
       [&] {
          Type array = Type::arrayOf(Type::of(random_.chance(50) ? Kind::Int4 : Kind::Text));
          return typed(type, {"array_to_string(", expr(array, context), ", ", s(), optionalNode({", ", s()}), ")"});
       }},
      {4, [&] { return typed(type, {"(", expr(Type::arrayOf(type), context), ")[", n(-1, 4), "]"}); }},
      {5, [&] { return typed(type, {"(", expr(charType, context), ")::text"}); }},
      {10, [&] { return cast(type, context); }},
   });
}

}  // namespace kiln::fuzz
