// Aggregates (with DISTINCT, FILTER, ORDER BY inside, ordered-set aggregates) and window
// functions with frames. Whatever depends on the order of rows gets an order that is total, so
// that both systems must give the same answer: string_agg and array_agg order by their argument,
// row_number, lag, first_value and ROWS frames by the tables' ids (or all columns); peer-safe
// functions (rank, count, min, ...) may take any order with RANGE and GROUPS frames.
#include "generator.h"

namespace kiln::fuzz {

namespace {

std::string direction(Random& random) { return random.pick(std::vector<std::string>{"", " DESC", " NULLS FIRST", " DESC NULLS LAST", " ASC NULLS LAST"}); }

bool hasMinMax(const Type& t) { return t.kind != Kind::Bool; }

}  // namespace

std::vector<std::string> Generator::totalOrder(const Scope& scope) {
   if (!scope.totalOrder.empty()) return scope.totalOrder;
   std::vector<std::string> all;
   for (const Column& c : scope.columns) all.push_back(c.sql);
   return all;
}

NodePtr Generator::aggregate(const Type& type, const Context& context) {
   Context inner = context.insideAggregate();
   auto x = [&](const Type& t) { return expr(t, inner); };
   auto filtered = [&](std::vector<Piece> call) {
      if (random_.chance(25)) call.push_back(optionalNode({" FILTER (WHERE ", condition(inner), ")"}));
      return typed(type, std::move(call));
   };
   auto distinct = [&] { return random_.chance(20) ? "DISTINCT " : ""; };
   std::vector<Option> options = {
      {hasMinMax(type) ? 15 : 0, [&] { return filtered({random_.chance(50) ? "min(" : "max(", x(type), ")"}); }},
   };
   auto add = [&](int weight, Production make) { options.push_back({weight, std::move(make)}); };
   switch (type.kind) {
      case Kind::Int8:
         add(30, [&] {
            switch (random_.below(3)) {
               case 0: return filtered({"count(*)"});
               case 1: return filtered({"count(", distinct(), x(typeInReach(inner, [](const Type&) { return true; })), ")"});
               default: return filtered({"sum(", distinct(), x(Type::of(random_.chance(50) ? Kind::Int4 : Kind::Int2)), ")"});
            }
         });
         break;
      case Kind::Numeric: {
         int p = type.precision ? type.precision : 30, s = type.scale;
         add(p > s + 4 ? 20 : 0, [&] { return filtered({"sum(", distinct(), x(Type::numeric(p - 4, s)), ")"}); });
         add(s == 0 && p >= 24 ? 10 : 0, [&] { return filtered({"sum(", x(Type::of(Kind::Int8)), ")"}); });
         // avg of exact numbers shows kiln's static scale (a documented difference): rounded.
         add(p >= 16 ? 10 : 0, [&] {
            Type argument = random_.pick(std::vector<Type>{Type::of(Kind::Int2), Type::of(Kind::Int4), Type::numeric(12, 2), Type::numeric(10, 4)});
            if (switches_.numericDisplayScale && random_.chance(50)) return filtered({"avg(", x(argument), ")"});
            std::vector<Piece> call = {"round(avg(", x(argument), ")"};
            if (random_.chance(25)) call.push_back(optionalNode({" FILTER (WHERE ", condition(inner), ")"}));
            call.push_back(", " + std::to_string(s) + ")");
            return typed(type, std::move(call));
         });
         break;
      }
      case Kind::Float8:
         add(25, [&] {
            static const std::vector<std::string> statistics = {"stddev", "stddev_samp", "stddev_pop", "variance", "var_samp", "var_pop"};
            switch (random_.below(4)) {
               case 0: return filtered({"sum(", x(type), ")"});
               case 1: return filtered({"avg(", x(Type::of(random_.chance(50) ? Kind::Float8 : Kind::Float4)), ")"});
               case 2: return filtered({random_.pick(statistics), "(", x(type), ")"});
               default:
                  return filtered({"percentile_cont(", random_.pick(std::vector<std::string>{"0", "0.25", "0.5", "1"}), ") WITHIN GROUP (ORDER BY ", x(type),
                                   direction(random_), ")"});
            }
         });
         break;
      case Kind::Float4: add(15, [&] { return filtered({"sum(", x(type), ")"}); }); break;
      case Kind::Bool:
         add(30, [&] { return filtered({random_.pick(std::vector<std::string>{"bool_and(", "bool_or(", "every("}), condition(inner), ")"}); });
         break;
      case Kind::Text:
         add(25, [&] {
            NodePtr value = x(type);
            std::string separator = quoted(random_.pick(std::vector<std::string>{",", "", " | "}));
            std::string order = direction(random_);
            if (random_.chance(25)) return filtered({"string_agg(DISTINCT ", value, ", ", separator, " ORDER BY ", value, order, ")"});
            return filtered({"string_agg(", value, ", ", separator, " ORDER BY ", value, order, ")"});
         });
         break;
      case Kind::Interval: add(15, [&] { return filtered({random_.chance(50) ? "sum(" : "avg(", x(type), ")"}); }); break;
      case Kind::Array:
         add(25, [&] {
            NodePtr value = element(type.elementType(), inner);
            return filtered({"array_agg(", distinct(), value, " ORDER BY ", value, direction(random_), ")"});
         });
         break;
      default: break;
   }
   if (type.isNumber() || type.isMoment() || type.kind == Kind::Text || type.kind == Kind::Time)
      add(6, [&] {
         if (random_.chance(50)) return filtered({"mode() WITHIN GROUP (ORDER BY ", x(type), direction(random_), ")"});
         return filtered({"percentile_disc(", random_.pick(std::vector<std::string>{"0", "0.3", "0.5", "1"}), ") WITHIN GROUP (ORDER BY ", x(type),
                          direction(random_), ")"});
      });
   return choose(std::move(options));
}

NodePtr Generator::window(const Type& type, const Context& context) {
   Context inner = context;
   inner.windows = false;
   inner = inner.deeper();
   const Scope* scope = context.row;
   if (!scope) return nullptr;
   auto x = [&](const Type& t) { return expr(t, inner); };

   // The function; `orderSensitive` ones need a total order.
   bool orderSensitive = false;
   std::vector<Piece> call;
   std::vector<Option> options;
   auto add = [&](int weight, bool sensitive, std::function<std::vector<Piece>()> make) {
      options.push_back({weight, [&, sensitive, make] {
                            call = make();
                            orderSensitive = sensitive;
                            return node({});
                         }});
   };
   switch (type.kind) {
      case Kind::Int8:
         add(10, true, [&] { return std::vector<Piece>{"row_number()"}; });
         add(10, false, [&] { return std::vector<Piece>{random_.chance(50) ? "rank()" : "dense_rank()"}; });
         add(10, false, [&] { return std::vector<Piece>{"count(", x(typeInReach(inner, [](const Type&) { return true; })), ")"}; });
         add(5, false, [&] { return std::vector<Piece>{"sum(", x(Type::of(Kind::Int4)), ")"}; });
         break;
      case Kind::Int4: add(5, true, [&] { return std::vector<Piece>{"ntile(", std::to_string(random_.between(1, 4)), ")"}; }); break;
      case Kind::Float8:
         add(10, false, [&] { return std::vector<Piece>{random_.chance(50) ? "percent_rank()" : "cume_dist()"}; });
         add(5, false, [&] { return std::vector<Piece>{random_.chance(50) ? "avg(" : "sum(", x(type), ")"}; });
         break;
      case Kind::Numeric:
         if (type.precision > type.scale + 4) add(10, false, [&] { return std::vector<Piece>{"sum(", x(Type::numeric(type.precision - 4, type.scale)), ")"}; });
         break;
      case Kind::Bool: add(5, false, [&] { return std::vector<Piece>{random_.chance(50) ? "bool_and(" : "bool_or(", x(type), ")"}; }); break;
      default: break;
   }
   if (hasMinMax(type)) add(8, false, [&] { return std::vector<Piece>{random_.chance(50) ? "min(" : "max(", x(type), ")"}; });
   add(12, true, [&] {
      switch (random_.below(5)) {
         case 0:
         case 1: {
            std::vector<Piece> pieces = {random_.chance(50) ? "lag(" : "lead(", x(type)};
            if (random_.chance(60)) pieces.push_back(", " + std::to_string(random_.between(0, 3)));
            if (random_.chance(40) && pieces.size() == 3) pieces.insert(pieces.end(), {", ", x(type)});
            pieces.push_back(")");
            return pieces;
         }
         case 2: return std::vector<Piece>{"first_value(", x(type), ")"};
         case 3: return std::vector<Piece>{"last_value(", x(type), ")"};
         default: return std::vector<Piece>{"nth_value(", x(type), ", ", std::to_string(random_.between(1, 3)), ")"};
      }
   });
   if (!choose(std::move(options))) return nullptr;

   std::vector<Piece> over = {" OVER ("};
   if (random_.chance(50)) {
      std::vector<NodePtr> keys;
      for (int i = int(random_.between(1, 2)); i > 0; --i) keys.push_back(x(typeInReach(inner, [](const Type& t) { return t.printsEqualValuesAlike(); })));
      over.push_back(optionalNode({"PARTITION BY ", list(std::move(keys), ", ", 1), " "}));
   }
   static const std::vector<std::string> bounds = {"UNBOUNDED PRECEDING", "CURRENT ROW", "UNBOUNDED FOLLOWING", "1 PRECEDING",
                                                   "2 FOLLOWING",         "0 PRECEDING", "3 PRECEDING",         "1 FOLLOWING"};
   auto frameBetween = [&](const std::string& mode, const std::vector<std::string>& choices) {
      // Start before end, as PostgreSQL requires (42P20 otherwise).
      size_t a = random_.below(choices.size()), b = random_.below(choices.size());
      std::string start = choices[std::min(a, b)], end = choices[std::max(a, b)];
      if (start == "UNBOUNDED FOLLOWING") start = "CURRENT ROW";
      if (end == "UNBOUNDED PRECEDING") end = "CURRENT ROW";
      std::string frame = " " + mode + " BETWEEN " + start + " AND " + end;
      if (random_.chance(20)) frame += random_.pick(std::vector<std::string>{" EXCLUDE CURRENT ROW", " EXCLUDE GROUP", " EXCLUDE TIES", " EXCLUDE NO OTHERS"});
      return frame;
   };
   static const std::vector<std::string> ordinalBounds = {"UNBOUNDED PRECEDING", "3 PRECEDING", "1 PRECEDING",        "CURRENT ROW",
                                                          "1 FOLLOWING",         "2 FOLLOWING", "UNBOUNDED FOLLOWING"};
   static const std::vector<std::string> unboundedOrCurrent = {"UNBOUNDED PRECEDING", "CURRENT ROW", "UNBOUNDED FOLLOWING"};

   if (orderSensitive || random_.chance(30)) {
      std::vector<NodePtr> keys;
      for (int i = int(random_.below(3)); i > 0; --i) keys.push_back(node({x(typeInReach(inner, [](const Type&) { return true; })), direction(random_)}));
      for (const std::string& key : totalOrder(*scope)) keys.push_back(node({key + direction(random_)}));
      over.push_back(node({"ORDER BY ", list(std::move(keys), ", ", 1)}));
      if (random_.chance(40)) {
         switch (random_.below(3)) {
            case 0: over.push_back(optionalNode({frameBetween("ROWS", ordinalBounds)})); break;
            case 1: over.push_back(optionalNode({frameBetween("GROUPS", ordinalBounds)})); break;
            default: over.push_back(optionalNode({frameBetween("RANGE", unboundedOrCurrent)}));
         }
      }
   } else if (random_.chance(40)) {
      // RANGE with offsets: one key, an offset of the matching type.
      static const std::vector<Type> keyTypes = {Type::of(Kind::Int4),     Type::of(Kind::Int8),      Type::numeric(10, 2),        Type::of(Kind::Float8),
                                                 Type::of(Kind::Date),     Type::of(Kind::Timestamp), Type::of(Kind::TimestampTz), Type::of(Kind::Time),
                                                 Type::of(Kind::Interval), Type::of(Kind::Int2)};
      Type key = random_.pick(keyTypes);
      Type offset = key.isInteger() ? Type::of(Kind::Int4) : key.isMoment() || key.kind == Kind::Time ? Type::of(Kind::Interval) : key;
      auto bound = [&](const std::string& side) -> std::string {
         if (random_.chance(25)) return random_.chance(50) ? "CURRENT ROW" : "UNBOUNDED " + side;
         std::string value = offset.kind == Kind::Int4 ? std::to_string(random_.between(0, 3)) : values_.literal(offset);
         // Offsets must not be negative (22013 in both; kept rare).
         if (value.find('-') != std::string::npos && random_.chance(80)) value = simplestLiteral(offset);
         return value + " " + side;
      };
      over.push_back(node({"ORDER BY ", x(key), direction(random_), " RANGE BETWEEN ", bound("PRECEDING"), " AND ", bound("FOLLOWING")}));
   } else {
      std::vector<NodePtr> keys;
      for (int i = int(random_.between(1, 2)); i > 0; --i) keys.push_back(x(typeInReach(inner, [](const Type&) { return true; })));
      over.push_back(optionalNode({"ORDER BY ", list(std::move(keys), ", ", 1)}));
      // RANGE offsets need a single key: those come above.
      if (random_.chance(40))
         over.push_back(optionalNode({random_.chance(50) ? frameBetween("GROUPS", ordinalBounds) : frameBetween("RANGE", unboundedOrCurrent)}));
   }
   over.push_back(")");
   std::vector<Piece> pieces = std::move(call);
   pieces.insert(pieces.end(), over.begin(), over.end());
   return typed(type, std::move(pieces));
}

}  // namespace kiln::fuzz
