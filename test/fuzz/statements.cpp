// Whole cases: the tables and their rows, then a query, or a DML statement (INSERT with VALUES
// or SELECT and ON CONFLICT, UPDATE with FROM, DELETE with USING, RETURNING) followed by a query
// of the table it changed, which compares its effects.
#include "generator.h"

#include <algorithm>

namespace kiln::fuzz {

void Generator::generateTables() {
   tables_.clear();
   int count = int(random_.between(2, 3));
   for (int i = 0; i < count; ++i) {
      Table table;
      table.name = "t" + std::to_string(i);
      table.columns = {{"id", Type::of(Kind::Int4)}, {"k", Type::of(Kind::Int4)}};
      // The first table has (nearly) every type, the others a few.
      std::vector<ColumnKind> kinds = columnKinds();
      if (switches_.numericDisplayScale) kinds.push_back({"nu", Type::numeric(0, 0)});
      if (i == 0) {
         for (const ColumnKind& kind : kinds)
            if (random_.chance(85)) table.columns.push_back({kind.name, kind.type});
      } else {
         for (int n = int(random_.between(2, 6)); n > 0; --n) {
            const ColumnKind& kind = random_.pick(kinds);
            bool present = false;
            for (const TableColumn& c : table.columns) present |= c.name == kind.name;
            if (!present) table.columns.push_back({kind.name, kind.type});
         }
      }
      table.primaryKey = random_.chance(60);
      if (random_.chance(30)) table.indexedColumns.push_back("k");
      if (random_.chance(15)) table.indexedColumns.push_back(random_.pick(table.columns).name);

      int rows = random_.chance(5) ? 0 : int(random_.between(1, 10));
      for (int r = 0; r < rows; ++r) {
         std::vector<std::string> row = {std::to_string(r + 1)};
         row.push_back(random_.chance(15) ? "NULL" : random_.chance(5) ? values_.text(Type::of(Kind::Int4)) : std::to_string(random_.between(-2, 5)));
         for (size_t c = 2; c < table.columns.size(); ++c) {
            const Type& type = table.columns[c].type;
            if (r > 0 && random_.chance(25)) {
               row.push_back(table.rows[size_t(random_.below(size_t(r)))][c]);  // equal values group and join
            } else if (random_.chance(15)) {
               row.push_back("NULL");
            } else {
               std::string text = values_.text(type);
               row.push_back(type.isInteger() && random_.chance(50) && text[0] != '-' ? text : quoted(text));
            }
         }
         table.rows.push_back(std::move(row));
      }
      tables_.push_back(std::move(table));
   }
}

namespace {

Scope scopeOf(const Table& table, const std::string& alias) {
   Scope scope;
   for (const TableColumn& c : table.columns) scope.columns.push_back({alias + "." + c.name, c.type});
   scope.totalOrder = {alias + ".id"};
   return scope;
}

}  // namespace

NodePtr Generator::returning(const Table& table, const std::string& alias) {
   if (!random_.chance(40)) return node({});
   Scope scope = scopeOf(table, alias);
   Context context;
   context.row = &scope;
   std::vector<NodePtr> items;
   for (int i = int(random_.between(1, 3)); i > 0; --i) {
      Type t = typeInReach(context, [](const Type&) { return true; });
      items.push_back(expr(t, context));
   }
   return optionalNode({" RETURNING ", list(std::move(items), ", ", 1)});
}

NodePtr Generator::insertStatement(const Table& table) {
   std::vector<size_t> columns = {0};
   for (size_t c = 1; c < table.columns.size(); ++c)
      if (random_.chance(60)) columns.push_back(c);
   std::string names;
   for (size_t c : columns) names += (names.empty() ? "" : ", ") + table.columns[c].name;

   Context constant;
   NodePtr source;
   // ON CONFLICT goes with VALUES only: with a query's rows, which of two rows with one key is
   // inserted depends on their order.
   bool fromQuery = random_.chance(25);
   if (fromQuery) {
      QueryRequest request;
      for (size_t c : columns) request.types.push_back(table.columns[c].type);
      source = query(request, constant).sql;
   } else {
      std::vector<NodePtr> rows;
      for (int r = int(random_.between(1, 3)); r > 0; --r) {
         std::vector<NodePtr> values;
         for (size_t c : columns) {
            const Type& type = table.columns[c].type;
            if (c == 0) values.push_back(node({std::to_string(random_.between(1, int64_t(table.rows.size()) + 3))}));
            else if (random_.chance(5)) values.push_back(node({"DEFAULT"}));
            else values.push_back(random_.chance(70) ? literal(type) : expr(type, constant));
         }
         rows.push_back(node({"(", list(std::move(values), ", ", columns.size()), ")"}));
      }
      source = node({"VALUES ", list(std::move(rows), ", ", 1)});
   }
   std::vector<Piece> pieces = {"INSERT INTO " + table.name + " AS x (" + names + ") ", source};
   bool onConflict = table.primaryKey && !fromQuery && random_.chance(40);
   if (onConflict) {
      if (random_.chance(40)) {
         pieces.push_back(" ON CONFLICT (id) DO NOTHING");
      } else {
         Scope scope = scopeOf(table, "x");
         for (const TableColumn& c : table.columns) scope.columns.push_back({"excluded." + c.name, c.type});
         Context context;
         context.row = &scope;
         std::vector<NodePtr> sets;
         std::vector<size_t> targets;
         for (int i = int(random_.between(1, 2)); i > 0 && table.columns.size() > 1; --i) {
            size_t target = size_t(random_.between(1, int64_t(table.columns.size()) - 1));
            if (std::find(targets.begin(), targets.end(), target) != targets.end()) continue;
            targets.push_back(target);
            const Type& type = table.columns[target].type;
            sets.push_back(node({table.columns[target].name + " = ", expr(type, context)}));
         }
         if (sets.empty()) sets.push_back(node({"id = excluded.id"}));
         pieces.insert(pieces.end(), {" ON CONFLICT (id) DO UPDATE SET ", list(std::move(sets), ", ", 1)});
         if (random_.chance(30)) pieces.push_back(optionalNode({" WHERE ", expr(Type::of(Kind::Bool), context)}));
      }
   }
   pieces.push_back(returning(table, "x"));
   return node(std::move(pieces));
}

NodePtr Generator::updateStatement(const Table& table) {
   Scope scope = scopeOf(table, "x");
   std::string from;
   std::string join;
   // A row joined with several rows of FROM would change to any of them: join on y.id, unique.
   if (random_.chance(25)) {
      const Table& other = random_.pick(tables_);
      Scope otherScope = scopeOf(other, "y");
      scope.columns.insert(scope.columns.end(), otherScope.columns.begin(), otherScope.columns.end());
      from = " FROM " + other.name + " AS y";
      join = "y.id = x.k";
   }
   Context context;
   context.row = &scope;
   std::vector<NodePtr> sets;
   for (int i = int(random_.between(1, 3)); i > 0 && table.columns.size() > 1; --i) {
      const TableColumn& target = table.columns[size_t(random_.between(1, int64_t(table.columns.size()) - 1))];
      bool present = false;
      for (const NodePtr& s : sets) present |= s->pieces[0].text == target.name + " = ";
      if (present) continue;
      sets.push_back(random_.chance(5) ? node({target.name + " = ", "DEFAULT"}) : node({target.name + " = ", expr(target.type, context)}));
   }
   if (sets.empty()) sets.push_back(node({"k = ", expr(Type::of(Kind::Int4), context)}));
   std::vector<Piece> pieces = {"UPDATE " + table.name + " AS x SET ", list(std::move(sets), ", ", 1), from};
   if (!join.empty()) pieces.insert(pieces.end(), {" WHERE " + join, optionalNode({" AND ", gate(context)})});
   else if (random_.chance(70)) pieces.push_back(optionalNode({" WHERE ", gate(context)}));
   pieces.push_back(returning(table, "x"));
   return node(std::move(pieces));
}

NodePtr Generator::deleteStatement(const Table& table) {
   Scope scope = scopeOf(table, "x");
   std::vector<Piece> pieces = {"DELETE FROM " + table.name + " AS x"};
   Context context;
   context.row = &scope;
   if (random_.chance(20)) {
      const Table& other = random_.pick(tables_);
      Scope otherScope = scopeOf(other, "y");
      scope.columns.insert(scope.columns.end(), otherScope.columns.begin(), otherScope.columns.end());
      pieces.insert(pieces.end(), {" USING " + other.name + " AS y WHERE y.id = x.k", optionalNode({" AND ", gate(context)})});
   } else if (random_.chance(85)) {
      pieces.push_back(optionalNode({" WHERE ", gate(context)}));
   }
   pieces.push_back(returning(table, "x"));
   return node(std::move(pieces));
}

Statement Generator::readBack(const Table& table) { return {node({"SELECT * FROM " + table.name}), false}; }

Statement Generator::dmlStatement(const Table& table) {
   switch (random_.below(3)) {
      case 0: return {insertStatement(table), false};
      case 1: return {updateStatement(table), false};
      default: return {deleteStatement(table), false};
   }
}

Case Generator::generateCase() {
   generateTables();
   ctes_.clear();
   aliases_ = 0;
   Case c;
   c.tables = tables_;
   if (random_.chance(15)) c.statements.push_back({node({"SET TIME ZONE " + quoted(timeZoneName())}), false});
   if (random_.chance(25)) {
      const Table& table = random_.pick(tables_);
      c.statements.push_back(dmlStatement(table));
      c.statements.push_back(readBack(table));
   } else {
      QueryRequest request;
      request.topLevel = true;
      NodePtr with = random_.chance(15) ? withClause(Context{}) : nullptr;
      Query q = query(request, Context{});
      ctes_.clear();
      c.statements.push_back({with ? node({with, q.sql}) : q.sql, q.ordered});
   }
   for (Statement& statement : c.statements) statement.sql->optional = true;
   return c;
}

}  // namespace kiln::fuzz
