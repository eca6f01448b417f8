// Leaves (columns, constants), the forms every type has (CASE, COALESCE, NULLIF, GREATEST,
// scalar subqueries, casts), and the dispatch to each type's own operators and functions.
#include "generator.h"

namespace kiln::fuzz {

bool serves(const Type& have, const Type& want) {
   if (want.kind == Kind::Text) return have.kind == Kind::Text || have.kind == Kind::Varchar;
   if (have.kind != want.kind) return false;
   switch (want.kind) {
      case Kind::Numeric:
         if (want.precision == 0) return true;
         return have.precision != 0 && have.scale == want.scale && have.precision <= want.precision;
      case Kind::Varchar:
      case Kind::Char: return have.length == want.length;
      case Kind::Array: return have.element == want.element;
      default: return true;
   }
}

Context Context::deeper(int by) const {
   Context c = *this;
   c.depth += by;
   return c;
}

Context Context::insideAggregate() const {
   Context c = *this;
   c.grouped = nullptr;
   c.windows = false;
   // An aggregate of only an outer query's columns belongs to that query (PostgreSQL's rule),
   // which would turn it into an aggregate query: none in reach.
   c.outer.clear();
   ++c.depth;
   return c;
}

Context Context::subquery() const {
   Context c;
   c.outer = outer;
   if (const Scope* visible = grouped ? grouped : row) c.outer.push_back(visible);
   c.depth = depth + 1;
   return c;
}

NodePtr Generator::choose(std::vector<Option> options) {
   for (int attempt = 0; attempt < 6; ++attempt) {
      std::vector<int> weights;
      bool any = false;
      for (const Option& option : options) {
         weights.push_back(option.weight);
         any |= option.weight > 0;
      }
      if (!any) return nullptr;
      size_t at = random_.weighted(weights);
      if (NodePtr made = options[at].make()) return made;
      options[at].weight = 0;
   }
   return nullptr;
}

namespace {

/// Numerics of one scale stand for one another whatever their digits.
std::string shapeOf(const Type& type) {
   if (type.kind == Kind::Numeric) return "numeric scale " + std::to_string(type.scale);
   return type.sql();
}

}  // namespace

NodePtr Generator::typed(const Type& type, std::vector<Piece> pieces) {
   NodePtr n = shaped(shapeOf(type), std::move(pieces));
   n->simpler = {simplestLiteral(type)};
   // Nor may the shrinker bring in conditions that are constantly NULL, with which PostgreSQL
   // skips what kiln evaluates.
   if (type.kind != Kind::Bool) n->simpler.push_back(nullLiteral(type));
   return n;
}

NodePtr Generator::constant(const Type& type, std::string text) {
   NodePtr n = typed(type, {std::move(text)});
   n->constant = true;
   return n;
}

NodePtr Generator::literal(const Type& type) { return constant(type, values_.literal(type)); }

NodePtr Generator::column(const Type& type, const Context& context, bool allowOuter) {
   std::vector<const Column*> candidates;
   if (const Scope* visible = context.grouped ? context.grouped : context.row)
      for (const Column& c : visible->columns)
         if (serves(c.type, type)) candidates.push_back(&c);
   // A correlated reference now and then (more often when nothing closer has the type).
   if (allowOuter && (candidates.empty() || random_.chance(15)))
      for (const Scope* outer : context.outer)
         for (const Column& c : outer->columns)
            if (serves(c.type, type)) candidates.push_back(&c);
   if (candidates.empty()) return nullptr;
   return typed(type, {random_.pick(candidates)->sql});
}

Type Generator::typeInReach(const Context& context, const std::function<bool(const Type&)>& wanted) {
   std::vector<Type> candidates;
   if (const Scope* visible = context.grouped ? context.grouped : context.row)
      for (const Column& c : visible->columns)
         if (wanted(c.type)) candidates.push_back(c.type);
   if (candidates.empty() || random_.chance(15))
      for (const Type& t : columnTypes())
         if (wanted(t)) candidates.push_back(t);
   Type t = random_.pick(candidates);
   // Strings are compared and combined as text; varchar(n) and char(n) columns still serve.
   if (t.kind == Kind::Varchar && random_.chance(50)) t = Type::of(Kind::Text);
   return t;
}

NodePtr Generator::smallInteger(int lo, int hi, const Context& context) {
   if (random_.chance(15))
      if (NodePtr c = column(Type::of(Kind::Int2), context, false)) return typed(Type::of(Kind::Int4), {"(", c, " % 10)"});
   int value = values_.smallInt(lo, hi);
   return constant(Type::of(Kind::Int4), value < 0 ? "(" + std::to_string(value) + ")" : std::to_string(value));
}

NodePtr Generator::leaf(const Type& type, const Context& context) {
   NodePtr made = anyLeaf(type, context);
   made->rowColumn = rowColumn(context);
   return made;
}

NodePtr Generator::anyLeaf(const Type& type, const Context& context) {
   if (random_.chance(4)) return constant(type, nullLiteral(type));
   if (random_.chance(70))
      if (NodePtr c = column(type, context)) return c;
   return literal(type);
}

std::string Generator::rowColumn(const Context& context) {
   const Scope* visible = context.grouped ? context.grouped : context.row;
   return visible && !visible->columns.empty() ? visible->columns[0].sql : "";
}

NodePtr Generator::expr(const Type& type, const Context& context) {
   NodePtr made = composite(type, context);
   if (made->rowColumn.empty()) made->rowColumn = rowColumn(context);
   return made;
}

NodePtr Generator::composite(const Type& type, const Context& context) {
   if (context.depth >= maxDepth || random_.chance(30)) return leaf(type, context);
   Context inner = context.deeper();
   NodePtr made;
   if (random_.chance(25)) {
      made = generic(type, inner);
   } else {
      switch (type.kind) {
         case Kind::Bool: made = condition(inner); break;
         case Kind::Int2:
         case Kind::Int4:
         case Kind::Int8: made = integerExpr(type, inner); break;
         case Kind::Numeric: made = numericExpr(type, inner); break;
         case Kind::Float4:
         case Kind::Float8: made = floatExpr(type, inner); break;
         case Kind::Text:
         case Kind::Varchar:
         case Kind::Char: made = textExpr(type, inner); break;
         case Kind::Date: made = dateExpr(inner); break;
         case Kind::Timestamp: made = timestampExpr(inner); break;
         case Kind::TimestampTz: made = timestampTzExpr(inner); break;
         case Kind::Time: made = timeExpr(inner); break;
         case Kind::Interval: made = intervalExpr(inner); break;
         case Kind::Array: made = arrayExpr(type, inner); break;
      }
   }
   return made ? made : leaf(type, context);
}

NodePtr Generator::generic(const Type& type, const Context& context) {
   auto e = [&] { return expr(type, context); };
   return choose({
      {20,
       [&] {
          std::vector<Piece> pieces = {"CASE"};
          for (int i = int(random_.between(1, 2)); i > 0; --i) pieces.insert(pieces.end(), {" WHEN ", condition(context), " THEN ", e()});
          if (random_.chance(70)) pieces.push_back(optionalNode({" ELSE ", e()}));
          pieces.push_back(" END");
          return typed(type, std::move(pieces));
       }},
      {8,
       [&]() -> NodePtr {
          Type subject = typeInReach(context, [](const Type& t) { return t.printsEqualValuesAlike() && t.kind != Kind::Array; });
          std::vector<Piece> pieces = {"CASE ", expr(subject, context)};
          for (int i = int(random_.between(1, 3)); i > 0; --i) pieces.insert(pieces.end(), {" WHEN ", literal(subject), " THEN ", e()});
          if (random_.chance(60)) pieces.push_back(optionalNode({" ELSE ", e()}));
          pieces.push_back(" END");
          return typed(type, std::move(pieces));
       }},
      {15,
       [&] {
          std::vector<NodePtr> args = {e(), e()};
          if (random_.chance(30)) args.push_back(e());
          return typed(type, {"COALESCE(", list(std::move(args), ", ", 1), ")"});
       }},
      {6, [&] { return typed(type, {"NULLIF(", e(), ", ", e(), ")"}); }},
      {8,
       [&]() -> NodePtr {
          if (type.kind == Kind::Bool) return nullptr;
          std::vector<NodePtr> args = {e(), e()};
          if (random_.chance(30)) args.push_back(e());
          return typed(type, {random_.chance(50) ? "GREATEST(" : "LEAST(", list(std::move(args), ", ", 1), ")"});
       }},
      {context.subqueries && context.depth < maxDepth - 1 ? 8 : 0, [&] { return scalarSubquery(type, context); }},
      {context.aggregates() ? 40 : 0, [&] { return aggregate(type, context); }},
      {context.windows ? 25 : 0, [&] { return window(type, context); }},
      {15, [&] { return cast(type, context); }},
   });
}

NodePtr Generator::scalarSubquery(const Type& type, const Context& context) {
   QueryRequest request;
   request.types = {type};
   request.atMostOneRow = true;
   Query q = query(request, context.subquery());
   return typed(type, {"(", q.sql, ")"});
}

NodePtr Generator::cast(const Type& type, const Context& context) {
   // Where a value comes from for a cast to `type`: types PostgreSQL casts to it explicitly.
   std::vector<Type> sources;
   auto add = [&](std::initializer_list<Kind> kinds) {
      for (Kind k : kinds) sources.push_back(k == Kind::Numeric ? someNumeric() : Type::of(k));
   };
   switch (type.kind) {
      case Kind::Bool: add({Kind::Int4, Kind::Text}); break;
      case Kind::Int2:
      case Kind::Int4:
      case Kind::Int8: add({Kind::Int2, Kind::Int4, Kind::Int8, Kind::Numeric, Kind::Float4, Kind::Float8}); break;
      case Kind::Numeric:
         add({Kind::Int2, Kind::Int4, Kind::Int8, Kind::Numeric});
         if (switches_.numericNan) add({Kind::Float8});
         break;
      case Kind::Float4:
      case Kind::Float8: add({Kind::Int4, Kind::Int8, Kind::Numeric, Kind::Float4, Kind::Float8}); break;
      case Kind::Text:
         add({Kind::Int2, Kind::Int4, Kind::Int8, Kind::Numeric, Kind::Bool, Kind::Date, Kind::Timestamp, Kind::TimestampTz, Kind::Time, Kind::Varchar,
              Kind::Interval});
         sources.push_back(Type::character(4));
         sources.push_back(Type::arrayOf(Type::of(Kind::Int4)));
         break;
      case Kind::Varchar: add({Kind::Text, Kind::Int4}); break;
      case Kind::Char: add({Kind::Text, Kind::Int4}); break;
      case Kind::Date: add({Kind::Timestamp, Kind::TimestampTz}); break;
      case Kind::Timestamp: add({Kind::Date, Kind::TimestampTz}); break;
      case Kind::TimestampTz: add({Kind::Date, Kind::Timestamp}); break;
      case Kind::Time: add({Kind::Timestamp, Kind::TimestampTz}); break;
      case Kind::Interval: break;
      case Kind::Array: sources.push_back(Type::arrayOf(Type::of(type.element == Kind::Int4 ? Kind::Text : Kind::Int4))); break;
   }
   std::string target = type.sql();
   if (type.kind == Kind::Numeric && type.precision) {
      // A cast may also narrow: too many digits for the target are an error in both.
      int precision = int(random_.between(type.scale + 1, type.precision));
      target = Type::numeric(precision, type.scale).sql();
   }
   // Text in the target's input syntax, now and then: the input functions get a say.
   if (sources.empty() || random_.chance(20)) return constant(type, "CAST(" + quoted(values_.text(type)) + " AS " + target + ")");
   Type from = random_.pick(sources);
   // A float shows its shortest exact text; computed ones could differ in the last digit.
   NodePtr value = from.isFloat() ? leaf(from, context) : expr(from, context);
   return typed(type, random_.chance(50) ? std::vector<Piece>{"CAST(", value, " AS ", target, ")"} : std::vector<Piece>{"(", value, ")::", target});
}

}  // namespace kiln::fuzz
