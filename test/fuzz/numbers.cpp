// Integer, numeric and floating-point operators and functions. Numerics are asked for with the
// scale their text must show and a budget of digits (the precision), which keeps results within
// kiln's 38 digits unless the wide-numeric switch is on.
#include "generator.h"

namespace kiln::fuzz {

namespace {

int maxNumericDigits(const Switches& switches) { return switches.wideNumeric ? 60 : 38; }

Type narrowerInteger(Kind kind) { return Type::of(kind == Kind::Int8 ? Kind::Int4 : Kind::Int2); }

}  // namespace

Type Generator::someNumeric() {
   static const std::vector<std::pair<int, int>> shapes = {{10, 2}, {18, 4}, {30, 8}, {5, 0}, {20, 0}, {12, 6}, {38, 2}};
   auto [precision, scale] = random_.pick(shapes);
   return Type::numeric(precision, scale);
}

NodePtr Generator::integerExpr(const Type& type, const Context& context) {
   auto e = [&] { return expr(type, context); };
   auto text = [&] { return expr(Type::of(Kind::Text), context); };
   bool int4 = type.kind == Kind::Int4;
   return choose({
      {30, [&] { return typed(type, {"(", e(), random_.pick(std::vector<std::string>{" + ", " - ", " * ", " / ", " % "}), e(), ")"}); }},
      {type.kind == Kind::Int2 ? 0 : 10,
       [&] {
          NodePtr narrow = expr(narrowerInteger(type.kind), context);
          std::string op = random_.pick(std::vector<std::string>{" + ", " - ", " * ", " / "});
          return random_.chance(50) ? typed(type, {"(", narrow, op, e(), ")"}) : typed(type, {"(", e(), op, narrow, ")"});
       }},
      {5, [&] { return typed(type, {"(- ", e(), ")"}); }},
      {5, [&] { return typed(type, {"abs(", e(), ")"}); }},
      {8,
       [&] {
          switch (random_.below(4)) {
             case 0: return typed(type, {"(", e(), random_.pick(std::vector<std::string>{" & ", " | ", " # "}), e(), ")"});
             case 1: return typed(type, {"(~ ", e(), ")"});
             default: return typed(type, {"(", e(), random_.chance(50) ? " << " : " >> ", std::to_string(random_.between(0, 40)), ")"});
          }
       }},
      {type.kind == Kind::Int2 ? 2 : 5,
       [&] {
          std::string f = random_.pick(std::vector<std::string>{"mod", "gcd", "lcm"});
          if (type.kind == Kind::Int2) f = "mod";
          return typed(type, {f, "(", e(), ", ", e(), ")"});
       }},
      {int4 ? 20 : 0,
       [&] {
          switch (random_.below(9)) {
             case 0: return typed(type, {random_.pick(std::vector<std::string>{"length(", "char_length(", "octet_length("}), text(), ")"});
             case 1: return typed(type, {"strpos(", text(), ", ", text(), ")"});
             case 2: return typed(type, {"position(", text(), " IN ", text(), ")"});
             case 3: return typed(type, {"ascii(", text(), ")"});
             case 4: {
                Type array = Type::arrayOf(Type::of(random_.chance(50) ? Kind::Int4 : Kind::Text));
                NodePtr a = expr(array, context);
                return random_.chance(50) ? typed(type, {"array_length(", a, ", 1)"}) : typed(type, {"cardinality(", a, ")"});
             }
             case 5: return typed(type, {"array_position(", expr(Type::arrayOf(type), context), ", ", element(type, context), ")"});
             case 6: {
                Type other = typeInReach(context, [](const Type&) { return true; });
                return typed(type, {random_.chance(50) ? "num_nulls(" : "num_nonnulls(", e(), ", ", expr(other, context), ")"});
             }
             case 7: return typed(type, {"(", expr(Type::of(Kind::Date), context), " - ", expr(Type::of(Kind::Date), context), ")"});
             default: {
                auto f = [&] { return expr(Type::of(Kind::Float8), context); };
                return typed(type, {"width_bucket(", f(), ", ", literal(Type::of(Kind::Float8)), ", ", literal(Type::of(Kind::Float8)), ", ",
                                    std::to_string(random_.between(1, 5)), ")"});
             }
          }
       }},
      {int4 ? 4 : 0,
       [&] {
          // An element of an array.
          return typed(type, {"(", expr(Type::arrayOf(type), context), ")[", smallInteger(-1, 4, context), "]"});
       }},
      {10, [&] { return cast(type, context); }},
   });
}

NodePtr Generator::numericExpr(const Type& type, const Context& context) {
   if (type.precision == 0) return cast(type, context);
   int p = type.precision, s = type.scale;
   auto withDigits = [&](int precision, int scale) -> NodePtr {
      if (precision <= scale || precision < 1) return nullptr;
      return expr(Type::numeric(precision, scale), context);
   };
   // An integer expression with at most `digits` digits, to meet a numeric in + - *.
   auto integerWithin = [&](int digits) -> NodePtr {
      if (digits >= 19 && random_.chance(30)) return expr(Type::of(Kind::Int8), context);
      if (digits >= 10 && random_.chance(50)) return expr(Type::of(Kind::Int4), context);
      if (digits >= 5) return expr(Type::of(Kind::Int2), context);
      return nullptr;
   };
   auto anyScale = [&](int precision) -> NodePtr {
      int scale = int(random_.between(0, std::min(8, precision - 1)));
      return withDigits(precision, scale);
   };
   // What round and trunc take: see the round-beyond-scale switch.
   auto toRound = [&](int precision) -> NodePtr {
      int least = switches_.roundBeyondScale ? 0 : s;
      if (least > std::min(8, precision - 1)) return nullptr;
      return withDigits(precision, int(random_.between(least, std::min(8, precision - 1))));
   };
   return choose({
      {25,
       [&]() -> NodePtr {
          std::string op = random_.chance(50) ? " + " : " - ";
          NodePtr a = withDigits(p - 1, s);
          NodePtr b = random_.chance(25) ? integerWithin(p - 1 - s) : withDigits(p - 1, s);
          if (!a || !b) return nullptr;
          return random_.chance(50) ? typed(type, {"(", a, op, b, ")"}) : typed(type, {"(", b, op, a, ")"});
       }},
      {15,
       [&]() -> NodePtr {
          int leftScale = int(random_.between(0, s));
          int rightScale = s - leftScale;
          int leftDigits = int(random_.between(leftScale + 1, std::max(leftScale + 1, p - rightScale - 1)));
          int rightDigits = p - leftDigits;
          NodePtr a = withDigits(leftDigits, leftScale);
          NodePtr b = rightScale == 0 && random_.chance(40) ? integerWithin(rightDigits) : withDigits(rightDigits, rightScale);
          if (!a || !b) return nullptr;
          return typed(type, {"(", a, " * ", b, ")"});
       }},
      {5,
       [&]() -> NodePtr {
          NodePtr operand = withDigits(p, s);
          return operand ? typed(type, {"(- ", operand, ")"}) : nullptr;
       }},
      {5, [&] { return typed(type, {"abs(", withDigits(p, s), ")"}); }},
      {12,
       [&]() -> NodePtr {
          NodePtr x = toRound(std::min(p, 30));
          if (!x) return nullptr;
          return typed(type, {random_.chance(60) ? "round(" : "trunc(", x, ", ", std::to_string(s), ")"});
       }},
      {s == 0 ? 8 : 0,
       [&]() -> NodePtr {
          NodePtr x = anyScale(std::min(p, 30));
          if (!x) return nullptr;
          return typed(type, {random_.pick(std::vector<std::string>{"ceil(", "floor(", "sign(", "round(", "trunc("}), x, ")"});
       }},
      {s == 0 ? 4 : 0,
       [&]() -> NodePtr {
          NodePtr a = anyScale(p), b = anyScale(p);
          if (!a || !b) return nullptr;
          return typed(type, {"div(", a, ", ", b, ")"});
       }},
      {4,
       [&]() -> NodePtr {
          NodePtr a = withDigits(p, s), b = withDigits(p, s);
          if (!a || !b) return nullptr;
          return typed(type, {"mod(", a, ", ", b, ")"});
       }},
      {(s == 0 || s == 6) && p >= 20 ? 6 : 0,
       [&] {
          if (s == 6) {
             if (random_.chance(50))
                return typed(type, {"EXTRACT(SECOND FROM ", expr(Type::of(random_.chance(50) ? Kind::Time : Kind::Timestamp), context), ")"});
             return typed(type, {"EXTRACT(EPOCH FROM ", expr(Type::of(random_.chance(50) ? Kind::Interval : Kind::Timestamp), context), ")"});
          }
          static const std::vector<std::string> dateFields = {"YEAR",   "MONTH", "DAY",    "DOW",     "DOY",        "QUARTER",
                                                              "ISODOW", "WEEK",  "DECADE", "CENTURY", "MILLENNIUM", "ISOYEAR"};
          Kind from = random_.pick(std::vector<Kind>{Kind::Date, Kind::Timestamp, Kind::TimestampTz});
          std::string field = random_.pick(dateFields);
          if (from != Kind::Date && random_.chance(30)) field = random_.chance(50) ? "HOUR" : "MINUTE";
          return typed(type, {"EXTRACT(", field, " FROM ", expr(Type::of(from), context), ")"});
       }},
      {switches_.numericDivision ? 6 : 0,
       [&]() -> NodePtr {
          NodePtr a = anyScale(std::min(p, 18)), b = anyScale(std::min(p, 18));
          if (!a || !b) return nullptr;
          return typed(type, {"round(", a, " / ", b, ", ", std::to_string(s), ")"});
       }},
      {p <= maxNumericDigits(switches_) ? 12 : 0, [&] { return cast(type, context); }},
   });
}

NodePtr Generator::floatExpr(const Type& type, const Context& context) {
   auto e = [&] { return expr(type, context); };
   bool float8 = type.kind == Kind::Float8;
   auto f8 = [&] { return expr(Type::of(Kind::Float8), context); };
   return choose({
      {25, [&] { return typed(type, {"(", e(), random_.pick(std::vector<std::string>{" + ", " - ", " * "}), e(), ")"}); }},
      {5, [&] { return typed(type, {"(", e(), " / ", e(), ")"}); }},
      {float8 ? 10 : 0,
       [&]() -> NodePtr {
          Type other = random_.pick(std::vector<Type>{Type::of(Kind::Float4), Type::of(Kind::Int4), someNumeric()});
          std::string op = random_.pick(std::vector<std::string>{" + ", " - ", " * "});
          NodePtr x = expr(other, context);
          return random_.chance(50) ? typed(type, {"(", e(), op, x, ")"}) : typed(type, {"(", x, op, e(), ")"});
       }},
      {5, [&] { return typed(type, {"(- ", e(), ")"}); }},
      {5, [&] { return typed(type, {"abs(", e(), ")"}); }},
      {float8 ? 20 : 0,
       [&] {
          static const std::vector<std::string> unary = {"sqrt", "cbrt", "exp", "ln", "log", "ceil", "floor", "round", "trunc", "sign", "radians", "abs"};
          if (random_.chance(10)) return typed(type, {"degrees(", f8(), ")"});
          switch (random_.below(6)) {
             case 0: return typed(type, {"power(", f8(), ", ", f8(), ")"});
             case 1: return typed(type, {"(", f8(), " * pi())"});
             default: return typed(type, {random_.pick(unary), "(", f8(), ")"});
          }
       }},
      {float8 ? 5 : 0,
       [&] {
          static const std::vector<std::string> fields = {"year", "month", "day", "hour", "minute", "second", "dow", "doy", "epoch", "quarter"};
          Kind from = random_.pick(std::vector<Kind>{Kind::Date, Kind::Timestamp, Kind::TimestampTz, Kind::Interval, Kind::Time});
          std::string field = random_.pick(fields);
          if (from == Kind::Time && field != "hour" && field != "minute" && field != "second" && field != "epoch") field = "hour";
          if (from == Kind::Interval && (field == "dow" || field == "doy")) field = "day";
          return typed(type, {"date_part('", field, "', ", expr(Type::of(from), context), ")"});
       }},
      {10, [&] { return cast(type, context); }},
   });
}

}  // namespace kiln::fuzz
