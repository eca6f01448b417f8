// Dates, timestamps, times and intervals, and arrays.
#include "generator.h"

namespace kiln::fuzz {

std::string Generator::timeZoneName() {
   static const std::vector<std::string> zones = {
      "UTC", "Europe/Berlin", "America/New_York", "Asia/Kolkata", "Australia/Lord_Howe", "Pacific/Kiritimati", "America/St_Johns", "Europe/London"};
   return random_.pick(zones);
}

namespace {

const std::vector<std::string>& truncationUnits() {
   static const std::vector<std::string> all = {"microseconds", "milliseconds", "second", "minute", "hour",    "day",       "week",
                                                "month",        "quarter",      "year",   "decade", "century", "millennium"};
   return all;
}

}  // namespace

NodePtr Generator::dateExpr(const Context& context) {
   Type date = Type::of(Kind::Date);
   return choose({
      {20,
       [&] {
          NodePtr days = random_.chance(80) ? smallInteger(-400, 400, context) : expr(Type::of(Kind::Int4), context);
          return typed(date, {"(", expr(date, context), random_.chance(50) ? " + " : " - ", days, ")"});
       }},
      {5,
       [&] {
          return typed(date, {"make_date(", smallInteger(-10, 3000, context), ", ", smallInteger(0, 13, context), ", ", smallInteger(0, 32, context), ")"});
       }},
      {3, [&] { return typed(date, {"to_date(", quoted(values_.text(date)), ", 'YYYY-MM-DD')"}); }},
      {10, [&] { return cast(date, context); }},
   });
}

NodePtr Generator::timestampExpr(const Context& context) {
   Type ts = Type::of(Kind::Timestamp);
   auto iv = [&] { return expr(Type::of(Kind::Interval), context); };
   return choose({
      {20,
       [&] {
          switch (random_.below(4)) {
             case 0: return typed(ts, {"(", expr(Type::of(Kind::Date), context), " + ", iv(), ")"});
             case 1: return typed(ts, {"(", expr(Type::of(Kind::Date), context), " + ", expr(Type::of(Kind::Time), context), ")"});
             default: return typed(ts, {"(", expr(ts, context), random_.chance(50) ? " + " : " - ", iv(), ")"});
          }
       }},
      {8, [&] { return typed(ts, {"date_trunc('", random_.pick(truncationUnits()), "', ", expr(ts, context), ")"}); }},
      {5, [&] { return typed(ts, {"(", expr(Type::of(Kind::TimestampTz), context), " AT TIME ZONE ", quoted(timeZoneName()), ")"}); }},
      {10, [&] { return cast(ts, context); }},
   });
}

NodePtr Generator::timestampTzExpr(const Context& context) {
   Type tz = Type::of(Kind::TimestampTz);
   return choose({
      {20, [&] { return typed(tz, {"(", expr(tz, context), random_.chance(50) ? " + " : " - ", expr(Type::of(Kind::Interval), context), ")"}); }},
      {5, [&] { return typed(tz, {"date_trunc('", random_.pick(truncationUnits()), "', ", expr(tz, context), ")"}); }},
      {5, [&] { return typed(tz, {"(", expr(Type::of(Kind::Timestamp), context), " AT TIME ZONE ", quoted(timeZoneName()), ")"}); }},
      {3,
       [&] {
          static const std::vector<std::string> seconds = {"0", "1e9", "-1e9", "1700000000.5", "253402300799", "-62135596800"};
          return typed(tz, {"to_timestamp(", quoted(random_.pick(seconds)), "::float8)"});
       }},
      {2, [&] { return typed(tz, {"to_timestamp(", quoted(values_.text(Type::of(Kind::Timestamp))), ", 'YYYY-MM-DD HH24:MI:SS')"}); }},
      {10, [&] { return cast(tz, context); }},
   });
}

NodePtr Generator::timeExpr(const Context& context) {
   Type time = Type::of(Kind::Time);
   return choose({
      {20, [&] { return typed(time, {"(", expr(time, context), random_.chance(50) ? " + " : " - ", expr(Type::of(Kind::Interval), context), ")"}); }},
      {10, [&] { return cast(time, context); }},
   });
}

NodePtr Generator::intervalExpr(const Context& context) {
   Type iv = Type::of(Kind::Interval);
   auto e = [&] { return expr(iv, context); };
   return choose({
      {15,
       [&] {
          Kind from = random_.pick(std::vector<Kind>{Kind::Timestamp, Kind::TimestampTz, Kind::Time});
          return typed(iv, {"(", expr(Type::of(from), context), " - ", expr(Type::of(from), context), ")"});
       }},
      {10, [&] { return typed(iv, {"(", e(), random_.chance(50) ? " + " : " - ", e(), ")"}); }},
      {8,
       [&] {
          NodePtr factor = random_.chance(50) ? expr(Type::of(Kind::Float8), context) : expr(Type::of(Kind::Int4), context);
          return typed(iv, {"(", e(), random_.chance(60) ? " * " : " / ", factor, ")"});
       }},
      {3, [&] { return typed(iv, {"(- ", e(), ")"}); }},
      {5, [&] { return typed(iv, {random_.pick(std::vector<std::string>{"justify_days(", "justify_hours(", "justify_interval("}), e(), ")"}); }},
      {4,
       [&] {
          Type from = Type::of(random_.chance(70) ? Kind::Timestamp : Kind::TimestampTz);
          return typed(iv, {"age(", expr(from, context), ", ", expr(from, context), ")"});
       }},
      {6, [&] { return constant(iv, "CAST(" + quoted(values_.text(iv)) + " AS interval)"); }},
   });
}

NodePtr Generator::element(const Type& type, const Context& context) {
   NodePtr value = expr(type, context);
   return type.kind == Kind::Text ? typed(type, {"CAST(", value, " AS text)"}) : value;
}

NodePtr Generator::arrayExpr(const Type& type, const Context& context) {
   Type elementType = type.elementType();
   auto a = [&] { return expr(type, context); };
   auto x = [&] { return element(elementType, context); };
   return choose({
      {15,
       [&] {
          std::vector<NodePtr> items;
          for (int i = int(random_.between(1, 4)); i > 0; --i) items.push_back(x());
          return typed(type, {"ARRAY[", list(std::move(items), ", ", 1), "]"});
       }},
      {10,
       [&] {
          switch (random_.below(3)) {
             case 0: return typed(type, {"(", a(), " || ", a(), ")"});
             case 1: return typed(type, {"(", a(), " || ", x(), ")"});
             default: return typed(type, {"(", x(), " || ", a(), ")"});
          }
       }},
      {10,
       [&] {
          switch (random_.below(5)) {
             case 0: return typed(type, {"array_append(", a(), ", ", x(), ")"});
             case 1: return typed(type, {"array_prepend(", x(), ", ", a(), ")"});
             case 2: return typed(type, {"array_cat(", a(), ", ", a(), ")"});
             case 3: return typed(type, {"array_remove(", a(), ", ", x(), ")"});
             default: return typed(type, {"array_replace(", a(), ", ", x(), ", ", x(), ")"});
          }
       }},
      {elementType.kind == Kind::Text ? 5 : 0,
       [&] { return typed(type, {"string_to_array(", expr(elementType, context), ", ", quoted(random_.chance(50) ? "," : " "), ")"}); }},
      {5, [&] { return typed(type, {"(", a(), ")[", smallInteger(-1, 3, context), ":", smallInteger(0, 5, context), "]"}); }},
      {context.subqueries && context.depth < maxDepth - 1 ? 4 : 0,
       [&] {
          QueryRequest request;
          request.types = {elementType};
          request.requireOrder = true;
          Query q = query(request, context.subquery());
          return typed(type, {"CAST(ARRAY(", q.sql, ") AS ", type.sql(), ")"});
       }},
      {5, [&] { return cast(type, context); }},
   });
}

}  // namespace kiln::fuzz
