// Queries: SELECT with FROM (tables, joins of every kind, derived tables, LATERAL, VALUES,
// generate_series, unnest, CTEs), WHERE, GROUP BY with GROUPING SETS / ROLLUP / CUBE, HAVING,
// DISTINCT, window functions, ORDER BY / LIMIT / OFFSET; set operations; WITH [RECURSIVE].
#include "generator.h"

namespace kiln::fuzz {

namespace {

std::string shapeOf(const std::vector<Type>& types) {
   std::string shape = "query";
   for (const Type& t : types) shape += " " + t.sql();
   return shape;
}

bool allPrintAlike(const std::vector<Type>& types) {
   for (const Type& t : types)
      if (!t.printsEqualValuesAlike()) return false;
   return true;
}

std::string columnList(size_t count) {
   std::string out = "(";
   for (size_t i = 0; i < count; ++i) out += (i ? ", c" : "c") + std::to_string(i);
   return out + ")";
}

/// ORDER BY every output column by position, each in a random direction: a total order.
NodePtr orderByAll(Random& random, size_t columns) {
   std::vector<NodePtr> keys;
   for (size_t i = 1; i <= columns; ++i)
      keys.push_back(node({std::to_string(i) + random.pick(std::vector<std::string>{"", " DESC", " NULLS FIRST", " DESC NULLS LAST"})}));
   return node({" ORDER BY ", list(std::move(keys), ", ", columns)});
}

}  // namespace

Type Generator::anyType(bool printsAlike) {
   for (;;) {
      Type t = random_.chance(15) ? someNumeric() : random_.pick(columnTypes());
      if (t.kind == Kind::Varchar && random_.chance(50)) t = Type::of(Kind::Text);
      if (!printsAlike || t.printsEqualValuesAlike()) return t;
   }
}

Query Generator::query(const QueryRequest& request, const Context& outer) {
   if (!request.atMostOneRow && random_.chance(request.topLevel ? 15 : 7)) return setOperation(request, outer);
   return select(request, outer);
}

Query Generator::setOperation(const QueryRequest& request, const Context& outer) {
   QueryRequest arm;
   arm.types = request.types;
   Query left = select(arm, outer);
   arm.types = left.types;
   Query right = select(arm, outer);
   std::vector<std::string> operators = {"UNION ALL"};
   if (allPrintAlike(left.types)) operators = {"UNION", "UNION ALL", "INTERSECT", "INTERSECT ALL", "EXCEPT", "EXCEPT ALL"};
   Query q;
   q.types = left.types;
   std::vector<Piece> pieces = {"(", left.sql, ") ", random_.pick(operators), " (", right.sql, ")"};
   if (request.requireOrder || (request.topLevel && random_.chance(40))) {
      pieces.push_back(orderByAll(random_, q.types.size()));
      q.ordered = true;
      if (request.topLevel && random_.chance(30)) pieces.push_back(optionalNode({" LIMIT ", std::to_string(random_.between(1, 4))}));
   }
   q.sql = shaped(shapeOf(q.types), std::move(pieces));
   return q;
}

Query Generator::select(const QueryRequest& request, const Context& outer) {
   Scope scope;
   NodePtr from = fromClause(scope, outer);
   Context row = outer;
   row.row = &scope;
   row.depth = outer.depth + 1;

   std::vector<Type> types = request.types;
   if (types.empty())
      for (int i = int(random_.between(1, 4)); i > 0; --i) types.push_back(anyType(false));

   bool grouped = request.atMostOneRow ? random_.chance(60) : random_.chance(25);
   bool limitOne = request.atMostOneRow && !grouped && random_.chance(95);
   Scope groupScope;
   NodePtr groupBy;
   if (grouped) {
      std::vector<const Column*> keys;
      if (!request.atMostOneRow && random_.chance(85))
         for (int i = int(random_.between(1, 3)); i > 0; --i) {
            const Column& c = random_.pick(scope.columns);
            if (c.type.printsEqualValuesAlike()) keys.push_back(&c);
         }
      std::vector<NodePtr> keyNodes;
      for (const Column* c : keys) {
         groupScope.columns.push_back(*c);
         keyNodes.push_back(node({c->sql}));
      }
      if (!keys.empty()) {
         NodePtr keyList = list(std::move(keyNodes), ", ", 1);
         switch (random_.weighted({60, 10, 10, 12, 8})) {
            case 0: groupBy = node({" GROUP BY ", keyList}); break;
            case 1: groupBy = node({" GROUP BY ROLLUP (", keyList, ")"}); break;
            case 2: groupBy = node({" GROUP BY CUBE (", keyList, ")"}); break;
            case 3: groupBy = node({" GROUP BY GROUPING SETS ((", keyList, "), ())"}); break;
            default: groupBy = node({" GROUP BY ", keys[0]->sql, ", ROLLUP (", keyList, ")"});
         }
      }
   }
   Context items = row;
   if (grouped) items.grouped = &groupScope;
   items.windows = !grouped && random_.chance(25);

   std::vector<NodePtr> selectItems;
   for (size_t i = 0; i < types.size(); ++i) {
      // Without grouping keys, an aggregate makes the query read its rows: PostgreSQL skips
      // the scan of `SELECT 1 FROM t HAVING true`, and with it any error the scan would raise.
      NodePtr item = grouped && groupScope.columns.empty() && i == 0 ? aggregate(types[i], items.deeper()) : nullptr;
      if (!item) item = expr(types[i], items);
      selectItems.push_back(node({item, " AS c" + std::to_string(i)}));
   }
   if (grouped && !groupScope.columns.empty() && request.types.empty() && random_.chance(30)) {
      selectItems.push_back(node({"GROUPING(", groupScope.columns[0].sql, ") AS c" + std::to_string(types.size())}));
      types.push_back(Type::of(Kind::Int4));
   }

   std::vector<Piece> pieces = {"SELECT "};
   if (allPrintAlike(types) && random_.chance(10)) pieces.push_back(optionalNode({"DISTINCT "}));
   pieces.push_back(list(std::move(selectItems), ", ", request.types.empty() ? 1 : types.size()));
   pieces.push_back(from);
   if (random_.chance(60)) pieces.push_back(optionalNode({" WHERE ", gate(row)}));
   if (groupBy) pieces.push_back(groupBy);
   if (grouped && random_.chance(30)) {
      pieces.push_back(optionalNode({" HAVING ", gate(items.deeper())}));
   }

   Query q;
   q.types = types;
   bool orderAll = request.requireOrder || limitOne || (request.topLevel && random_.chance(40)) ||
                   (!request.topLevel && request.allowOrderLimit && random_.chance(10));
   if (orderAll) {
      pieces.push_back(orderByAll(random_, types.size()));
      q.ordered = true;
      if (limitOne) {
         pieces.push_back(" LIMIT 1");
         if (random_.chance(20)) pieces.push_back(optionalNode({" OFFSET ", std::to_string(random_.between(0, 2))}));
      } else if (!request.requireOrder && random_.chance(request.topLevel ? 40 : 60)) {
         // Not LIMIT 0: PostgreSQL then reads nothing, where kiln may still evaluate rows.
         pieces.push_back(optionalNode({" LIMIT ", std::to_string(random_.between(1, 5))}));
         if (random_.chance(30)) pieces.push_back(optionalNode({" OFFSET ", std::to_string(random_.between(0, 3))}));
      }
   }
   q.sql = shaped(shapeOf(types), std::move(pieces));
   return q;
}

NodePtr Generator::fromClause(Scope& scope, const Context& outer) {
   std::vector<NodePtr> items;
   int count = int(random_.weighted({60, 30, 10})) + 1;
   for (int i = 0; i < count; ++i) {
      if (i > 0 && random_.chance(20)) {
         if (random_.chance(70)) {
            items.push_back(derivedTable(scope, outer, true));
         } else {
            std::vector<const Column*> arrays;
            for (const Column& c : scope.columns)
               if (c.type.kind == Kind::Array) arrays.push_back(&c);
            if (arrays.empty()) {
               items.push_back(tableReference(scope));
               continue;
            }
            const Column& array = *random_.pick(arrays);
            std::string alias = newAlias();
            items.push_back(shaped("from", {"LATERAL unnest(", array.sql, ") AS ", alias, "(c0)"}));
            scope.columns.push_back({alias + ".c0", array.type.elementType()});
            scope.totalOrder.push_back(alias + ".c0");
         }
         continue;
      }
      items.push_back(fromItem(scope, outer, 0));
   }
   return node({" FROM ", list(std::move(items), ", ", 1)});
}

NodePtr Generator::fromItem(Scope& scope, const Context& outer, int depth) {
   return choose({
      {50, [&] { return tableReference(scope); }},
      {depth < 2 ? 25 : 0,
       [&]() -> NodePtr {
          Scope left, right;
          NodePtr l = fromItem(left, outer, depth + 1);
          NodePtr r = fromItem(right, outer, depth + 1);
          static const std::vector<std::string> kinds = {"JOIN", "LEFT JOIN", "RIGHT JOIN", "FULL JOIN", "CROSS JOIN", "INNER JOIN"};
          std::string kind = kinds[random_.weighted({25, 25, 10, 15, 8, 5})];
          for (const Scope* side : {&left, &right}) {
             scope.columns.insert(scope.columns.end(), side->columns.begin(), side->columns.end());
             scope.totalOrder.insert(scope.totalOrder.end(), side->totalOrder.begin(), side->totalOrder.end());
          }
          if (kind == "CROSS JOIN") return shaped("from", {"(", l, " CROSS JOIN ", r, ")"});
          NodePtr on = joinCondition(left, right, kind == "FULL JOIN", outer);
          return shaped("from", {"(", l, " ", kind, " ", r, " ON ", on, ")"});
       }},
      {10, [&] { return derivedTable(scope, outer, false); }},
      {ctes_.empty() ? 0 : 25,
       [&] {
          const Cte& cte = random_.pick(ctes_);
          std::string alias = newAlias();
          for (size_t i = 0; i < cte.types.size(); ++i) {
             scope.columns.push_back({alias + ".c" + std::to_string(i), cte.types[i]});
             scope.totalOrder.push_back(alias + ".c" + std::to_string(i));
          }
          return shaped("from", {cte.name + " AS " + alias});
       }},
      {4, [&] { return valuesList(scope); }},
      {3,
       [&] {
          std::string alias = newAlias();
          int lo = int(random_.between(-2, 3));
          std::string step = random_.chance(20) ? ", " + std::to_string(random_.pick(std::vector<int>{2, -1, 3})) : "";
          scope.columns.push_back({alias + ".c0", Type::of(Kind::Int4)});
          scope.totalOrder.push_back(alias + ".c0");
          return shaped("from",
                        {"generate_series(" + std::to_string(lo) + ", " + std::to_string(lo + random_.between(-1, 5)) + step + ") AS " + alias + "(c0)"});
       }},
   });
}

NodePtr Generator::tableReference(Scope& scope) {
   const Table& table = random_.pick(tables_);
   std::string alias = newAlias();
   for (const TableColumn& c : table.columns) scope.columns.push_back({alias + "." + c.name, c.type});
   scope.totalOrder.push_back(alias + ".id");
   return shaped("from", {table.name + " AS " + alias});
}

NodePtr Generator::joinCondition(const Scope& left, const Scope& right, bool equalitiesOnly, const Context& outer) {
   std::vector<NodePtr> equalities;
   for (int i = int(random_.between(1, 2)); i > 0; --i) {
      std::vector<std::pair<const Column*, const Column*>> pairs;
      for (const Column& a : left.columns)
         for (const Column& b : right.columns)
            if (a.type == b.type && a.type.kind != Kind::Array) pairs.emplace_back(&a, &b);
      if (pairs.empty()) break;
      // The k columns (small integers) join often; any other pair of one type now and then.
      auto [a, b] = random_.pick(pairs);
      for (auto [x, y] : pairs)
         if (x->sql.ends_with(".k") && y->sql.ends_with(".k") && random_.chance(70)) a = x, b = y;
      equalities.push_back(node({a->sql, " = ", b->sql}));
   }
   if (equalitiesOnly) {
      // FULL JOIN: PostgreSQL needs merge- or hash-joinable conditions.
      if (equalities.empty()) return node({"true"});
      return list(std::move(equalities), " AND ", 1);
   }
   Scope both;
   for (const Scope* side : {&left, &right}) both.columns.insert(both.columns.end(), side->columns.begin(), side->columns.end());
   Context context = outer;
   context.row = &both;
   context.depth = outer.depth + 1;
   if (equalities.empty() || random_.chance(15)) return gate(context);
   if (random_.chance(40)) equalities.push_back(condition(context));
   NodePtr on = list(std::move(equalities), " AND ", 1);
   on->gate = on->conjunction = true;
   return on;
}

NodePtr Generator::derivedTable(Scope& scope, const Context& outer, bool lateral) {
   Context inner = outer;
   inner.depth = outer.depth + 1;
   // A lateral subquery sees the FROM items before it.
   Scope before = scope;
   if (lateral) inner.outer.push_back(&before);
   Query q = query(QueryRequest{}, inner);
   std::string alias = newAlias();
   for (size_t i = 0; i < q.types.size(); ++i) {
      scope.columns.push_back({alias + ".c" + std::to_string(i), q.types[i]});
      scope.totalOrder.push_back(alias + ".c" + std::to_string(i));
   }
   return shaped("from", {lateral ? "LATERAL (" : "(", q.sql, ") AS " + alias + columnList(q.types.size())});
}

NodePtr Generator::valuesList(Scope& scope) {
   std::vector<Type> types;
   while (types.size() < size_t(random_.between(1, 3))) {
      types.push_back(anyType(false));
   }
   std::vector<NodePtr> rows;
   for (int r = int(random_.between(1, 4)); r > 0; --r) {
      std::vector<NodePtr> values;
      for (const Type& t : types) values.push_back(random_.chance(10) ? constant(t, nullLiteral(t)) : literal(t));
      rows.push_back(node({"(", list(std::move(values), ", ", types.size()), ")"}));
   }
   std::string alias = newAlias();
   for (size_t i = 0; i < types.size(); ++i) {
      scope.columns.push_back({alias + ".c" + std::to_string(i), types[i]});
      scope.totalOrder.push_back(alias + ".c" + std::to_string(i));
   }
   return shaped("from", {"(VALUES ", list(std::move(rows), ", ", 1), ") AS " + alias + columnList(types.size())});
}

NodePtr Generator::withClause(const Context& outer) {
   std::vector<NodePtr> definitions;
   bool recursive = false;
   for (int i = int(random_.between(1, 2)); i > 0; --i) {
      std::string name = "w" + std::to_string(ctes_.size() + 1);
      if (random_.chance(30)) {
         // WITH RECURSIVE w(c0, c1): a counter and a value computed from the row before.
         recursive = true;
         Type t = anyType(false);
         NodePtr first = expr(t, outer);
         Scope previous;
         previous.columns = {{name + ".c0", Type::of(Kind::Int4)}, {name + ".c1", t}};
         Context step = outer;
         step.row = &previous;
         step.depth = outer.depth + 1;
         NodePtr next = expr(t, step);
         std::string limit = std::to_string(random_.between(1, 6));
         std::string unionKind = t.printsEqualValuesAlike() && random_.chance(30) ? " UNION " : " UNION ALL ";
         definitions.push_back(node({name,      "(c0, c1) AS (SELECT 1, CAST(",
                                     first,     " AS ",
                                     t.sql(),   ")",
                                     unionKind, "SELECT ",
                                     name,      ".c0 + 1, CAST(",
                                     next,      " AS ",
                                     t.sql(),   ") FROM ",
                                     name,      " WHERE ",
                                     name,      ".c0 < ",
                                     limit,     ")"}));
         ctes_.push_back({name, {Type::of(Kind::Int4), t}});
         continue;
      }
      Query q = query(QueryRequest{}, outer);
      NodePtr as = node({" AS ("});
      as->unfolded = " AS NOT MATERIALIZED (";
      definitions.push_back(node({name, columnList(q.types.size()), as, q.sql, ")"}));
      ctes_.push_back({name, q.types});
   }
   return optionalNode({recursive ? "WITH RECURSIVE " : "WITH ", list(std::move(definitions), ", ", 1), " "});
}

}  // namespace kiln::fuzz
