// Conditions: comparisons, NULL tests, logic, BETWEEN, IN, LIKE and regular expressions, array
// and row comparisons, and subquery predicates (EXISTS, IN, NOT IN, ANY, ALL).
#include "generator.h"

namespace kiln::fuzz {

namespace {

const Type boolean = Type::of(Kind::Bool);

const std::vector<std::string>& comparisonOperators() {
   static const std::vector<std::string> all = {" = ", " <> ", " < ", " <= ", " > ", " >= ", " IS DISTINCT FROM ", " IS NOT DISTINCT FROM "};
   return all;
}

}  // namespace

NodePtr Generator::comparison(const Context& context) {
   Type left = typeInReach(context, [](const Type&) { return true; });
   // Often a type of another family on the right, which the comparison converts.
   Type right = left;
   if (random_.chance(30)) {
      if (left.isNumber()) right = random_.pick(std::vector<Type>{Type::of(Kind::Int4), Type::of(Kind::Int8), someNumeric(), Type::of(Kind::Float8)});
      else if (left.isMoment()) right = Type::of(random_.pick(std::vector<Kind>{Kind::Date, Kind::Timestamp, Kind::TimestampTz}));
      else if (left.isString()) right = random_.pick(std::vector<Type>{Type::of(Kind::Text), Type::varchar(8), Type::character(4)});
   }
   NodePtr a = expr(left, context), b = expr(right, context);
   // Not two constants: PostgreSQL decides such a condition when it plans, and skips what it
   // guards (a WHERE that is false reads no rows), where kiln may still evaluate it.
   if (a->constant && b->constant)
      if (NodePtr c = column(right, context)) b = c;
   return typed(boolean, {"(", a, random_.pick(comparisonOperators()), b, ")"});
}

NodePtr Generator::condition(const Context& context) {
   NodePtr made = anyCondition(context);
   if (made->rowColumn.empty()) made->rowColumn = rowColumn(context);
   return made;
}

NodePtr Generator::gate(const Context& context) {
   NodePtr made = condition(context);
   made->gate = true;
   return made;
}

NodePtr Generator::anyCondition(const Context& context) {
   if (context.depth >= maxDepth) return leaf(boolean, context);
   Context inner = context.deeper();
   auto c = [&] { return condition(inner); };
   auto anyType = [&] { return typeInReach(inner, [](const Type&) { return true; }); };
   auto stringType = [&] { return typeInReach(inner, [](const Type& t) { return t.isString(); }); };
   return choose({
      {30, [&] { return comparison(inner); }},
      {8, [&] { return typed(boolean, {"(", expr(anyType(), inner), random_.chance(50) ? " IS NULL)" : " IS NOT NULL)"}); }},
      {20,
       [&] {
          switch (random_.below(5)) {
             case 0: return typed(boolean, {"(NOT ", c(), ")"});
             case 1:
             case 2: {
                NodePtr both = typed(boolean, {"(", c(), " AND ", c(), ")"});
                both->conjunction = true;
                return both;
             }
             default: return typed(boolean, {"(", c(), " OR ", c(), ")"});
          }
       }},
      {5,
       [&] {
          Type t = anyType();
          std::string form = random_.pick(std::vector<std::string>{" BETWEEN ", " NOT BETWEEN ", " BETWEEN SYMMETRIC "});
          return typed(boolean, {"(", expr(t, inner), form, expr(t, inner), " AND ", expr(t, inner), ")"});
       }},
      {6,
       [&] {
          Type t = anyType();
          // Of columns and constants: PostgreSQL compares the value with the items that are not
          // constant one by one and stops at the first that decides, kiln computes them all, so
          // an item that fails would fail in kiln only.
          std::vector<NodePtr> items;
          for (int i = int(random_.between(1, 4)); i > 0; --i) items.push_back(random_.chance(70) ? literal(t) : leaf(t, inner));
          return typed(boolean, {"(", expr(t, inner), random_.chance(70) ? " IN (" : " NOT IN (", list(std::move(items), ", ", 1), "))"});
       }},
      {6,
       [&] {
          std::string op = random_.pick(std::vector<std::string>{" LIKE ", " NOT LIKE ", " ILIKE ", " NOT ILIKE "});
          NodePtr pattern = random_.chance(75) ? stringPattern() : expr(Type::of(Kind::Text), inner);
          return typed(boolean, {"(", expr(stringType(), inner), op, pattern, ")"});
       }},
      {3,
       [&] {
          static const std::vector<std::string> regexes = {"^a", "b$", "[a-c]+", "a.c", "(ab)+", "x|y", "[0-9]", "^$", "o", "A"};
          static const std::vector<std::string> similar = {"a%", "%(b|c)%", "_", "[a-c]*", "%"};
          if (random_.chance(25)) return typed(boolean, {"(", expr(stringType(), inner), " SIMILAR TO ", quoted(random_.pick(similar)), ")"});
          std::string op = random_.pick(std::vector<std::string>{" ~ ", " ~* ", " !~ ", " !~* "});
          return typed(boolean, {"(", expr(stringType(), inner), op, quoted(random_.pick(regexes)), ")"});
       }},
      {1, [&] { return typed(boolean, {"starts_with(", expr(Type::of(Kind::Text), inner), ", ", expr(Type::of(Kind::Text), inner), ")"}); }},
      {10, [&] { return leaf(boolean, inner); }},
      {3,
       [&] {
          std::string test = random_.pick(std::vector<std::string>{" IS TRUE", " IS NOT TRUE", " IS FALSE", " IS NOT FALSE", " IS UNKNOWN"});
          return typed(boolean, {"(", c(), test, ")"});
       }},
      {inner.subqueries && inner.depth < maxDepth - 1 ? 12 : 0, [&] { return subqueryPredicate(inner); }},
      {4,
       [&] {
          Type array = Type::arrayOf(Type::of(random_.chance(60) ? Kind::Int4 : Kind::Text));
          if (random_.chance(50)) {
             std::string op = random_.pick(std::vector<std::string>{" = ", " <> ", " < ", " >= "});
             return typed(boolean, {"(", element(array.elementType(), inner), op, random_.chance(60) ? "ANY (" : "ALL (", expr(array, inner), "))"});
          }
          std::string op = random_.pick(std::vector<std::string>{" @> ", " <@ ", " && ", " = ", " < "});
          return typed(boolean, {"(", expr(array, inner), op, expr(array, inner), ")"});
       }},
      {3,
       [&] {
          // Of columns and constants: PostgreSQL compares rows element by element and stops at
          // the first that decides, kiln computes them all, so an element that fails would fail
          // in kiln only.
          Type a = anyType(), b = anyType();
          auto x = [&](const Type& t) { return leaf(t, inner); };
          if (random_.chance(50)) {
             std::string op = random_.pick(std::vector<std::string>{" = ", " <> ", " < ", " <= ", " > ", " >= "});
             return typed(boolean, {"((", x(a), ", ", x(b), ")", op, "(", x(a), ", ", x(b), "))"});
          }
          return typed(boolean, {"((", x(a), ", ", x(b), ") IN ((", literal(a), ", ", literal(b), "), (", x(a), ", ", x(b), ")))"});
       }},
      {context.aggregates() ? 8 : 0, [&] { return aggregate(boolean, inner); }},
   });
}

NodePtr Generator::subqueryPredicate(const Context& context) {
   // Now and then a subquery that reads nothing of the enclosing query, with a constant on the
   // left of IN, ANY or ALL.
   bool uncorrelated = random_.chance(30);
   Context inner = context.subquery();
   if (uncorrelated) inner.outer.clear();
   switch (random_.below(4)) {
      case 0: {
         Query q = query(QueryRequest{}, inner);
         return typed(boolean, {random_.chance(70) ? "EXISTS (" : "NOT EXISTS (", q.sql, ")"});
      }
      default: {
         Type t = typeInReach(context, [](const Type& t) { return t.printsEqualValuesAlike(); });
         QueryRequest request;
         request.types = {t};
         Query q = query(request, inner);
         q.sql->comparedSubquery = true;
         int form = int(random_.below(4));
         NodePtr left = uncorrelated && random_.chance(60) ? literal(t) : expr(t, context);
         switch (form) {
            case 0: return typed(boolean, {"(", left, " IN (", q.sql, "))"});
            case 1: return typed(boolean, {"(", left, " NOT IN (", q.sql, "))"});
            default: {
               std::string op = random_.pick(comparisonOperators());
               if (op.find("DISTINCT") != std::string::npos) op = " = ";
               return typed(boolean, {"(", left, op, form == 2 ? "ANY (" : "ALL (", q.sql, "))"});
            }
         }
      }
   }
}

}  // namespace kiln::fuzz
