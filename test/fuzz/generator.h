// The generator of random, mostly valid PostgreSQL statements over the tables of a case. It is
// type-directed: each expression is asked for with the exact type it must have (for numerics the
// scale it shows, too), so that both systems resolve it alike and print it alike. Its parts live
// in one file per kind of SQL: expressions.cpp (leaves, CASE and friends, casts), numbers.cpp,
// strings.cpp, moments.cpp, predicates.cpp, aggregates.cpp (aggregates and windows),
// queries.cpp (SELECT, FROM, set operations, CTEs), statements.cpp (DML and whole cases).
#pragma once

#include "fuzz_case.h"
#include "random.h"
#include "sql_node.h"
#include "switches.h"
#include "type.h"
#include "values.h"

#include <functional>
#include <string>
#include <vector>

namespace kiln::fuzz {

/// A column an expression may read, as it is written there ("a3.i4").
struct Column {
   std::string sql;
   Type type;
};

/// The columns the rows of a FROM clause offer.
struct Scope {
   std::vector<Column> columns;
   /// Expressions that order the rows totally (the tables' ids); empty: order by all columns.
   std::vector<std::string> totalOrder;
};

/// Where an expression is generated.
struct Context {
   const Scope* row = nullptr;  // the FROM clause's columns; nullptr: none (VALUES, a constant)
   std::vector<const Scope*> outer;  // enclosing queries' columns, for correlated subqueries
   /// Set in a grouped query's select list and HAVING: the columns that may appear outside
   /// aggregates (the others only inside them).
   const Scope* grouped = nullptr;
   bool windows = false;  // window functions allowed
   bool subqueries = true;  // subqueries allowed
   int depth = 0;

   bool aggregates() const { return grouped != nullptr; }
   Context deeper(int by = 1) const;
   /// An aggregate's arguments: the row's columns, no aggregates or windows.
   Context insideAggregate() const;
   /// A subquery's context: this one's columns become outer ones.
   Context subquery() const;
};

/// A generated query and what it returns.
struct Query {
   NodePtr sql;
   std::vector<Type> types;
   bool ordered = false;  // its ORDER BY fixes the order of all rows
};

/// What a query must return.
struct QueryRequest {
   std::vector<Type> types;  // empty: any
   bool atMostOneRow = false;  // a scalar subquery
   bool topLevel = false;
   bool allowOrderLimit = true;
   bool requireOrder = false;  // ARRAY(subquery): the order of its rows shows
};

class Generator {
   public:
   Generator(Random& random, const Switches& switches) : random_(random), switches_(switches), values_(random, switches) {}

   /// A case: tables, then a query, or a DML statement and a query that shows what it did.
   Case generateCase();

   private:
   using Production = std::function<NodePtr()>;
   struct Option {
      int weight;
      Production make;
   };
   /// One of `options` by weight; an option that cannot be made (nullptr) leaves the others.
   NodePtr choose(std::vector<Option> options);

   // expressions.cpp
   NodePtr expr(const Type& type, const Context& context);
   NodePtr composite(const Type& type, const Context& context);
   /// A column of the rows `context` evaluates (see SqlNode::rowColumn).
   std::string rowColumn(const Context& context);
   NodePtr leaf(const Type& type, const Context& context);
   NodePtr anyLeaf(const Type& type, const Context& context);
   NodePtr column(const Type& type, const Context& context, bool allowOuter = true);
   NodePtr literal(const Type& type);
   /// A constant of `type` written as `text` (see SqlNode::constant).
   NodePtr constant(const Type& type, std::string text);
   NodePtr generic(const Type& type, const Context& context);
   NodePtr cast(const Type& type, const Context& context);
   NodePtr scalarSubquery(const Type& type, const Context& context);
   /// A node of `type`'s shape, which the shrinker may replace by a constant of the type.
   NodePtr typed(const Type& type, std::vector<Piece> pieces);
   /// A column type that some column in reach has, or a random column type.
   Type typeInReach(const Context& context, const std::function<bool(const Type&)>& wanted);
   /// An integer constant between lo and hi, or now and then a small integer column (counts and
   /// positions for string functions).
   NodePtr smallInteger(int lo, int hi, const Context& context);

   // numbers.cpp
   NodePtr integerExpr(const Type& type, const Context& context);
   NodePtr numericExpr(const Type& type, const Context& context);
   NodePtr floatExpr(const Type& type, const Context& context);
   Type someNumeric();

   // strings.cpp
   NodePtr textExpr(const Type& type, const Context& context);
   NodePtr stringPattern();

   // moments.cpp
   NodePtr dateExpr(const Context& context);
   NodePtr timestampExpr(const Context& context);
   NodePtr timestampTzExpr(const Context& context);
   NodePtr timeExpr(const Context& context);
   NodePtr intervalExpr(const Context& context);
   NodePtr arrayExpr(const Type& type, const Context& context);
   /// An element for an array of `element`: text as text, for a varchar column would make
   /// PostgreSQL resolve a varchar[] that no text[] operator takes.
   NodePtr element(const Type& element, const Context& context);
   std::string timeZoneName();

   // predicates.cpp
   NodePtr condition(const Context& context);
   /// A condition that decides which rows go on (see SqlNode::gate).
   NodePtr gate(const Context& context);
   NodePtr anyCondition(const Context& context);
   NodePtr comparison(const Context& context);
   NodePtr subqueryPredicate(const Context& context);

   // aggregates.cpp
   NodePtr aggregate(const Type& type, const Context& context);
   NodePtr window(const Type& type, const Context& context);
   /// ORDER BY items that order the rows of `scope` totally.
   std::vector<std::string> totalOrder(const Scope& scope);

   // queries.cpp
   Query query(const QueryRequest& request, const Context& outer);
   Query select(const QueryRequest& request, const Context& outer);
   Query setOperation(const QueryRequest& request, const Context& outer);
   NodePtr withClause(const Context& outer);
   /// FROM items; adds their columns to `scope`.
   NodePtr fromClause(Scope& scope, const Context& outer);
   NodePtr fromItem(Scope& scope, const Context& outer, int depth);
   NodePtr tableReference(Scope& scope);
   NodePtr derivedTable(Scope& scope, const Context& outer, bool lateral);
   NodePtr valuesList(Scope& scope);
   NodePtr joinCondition(const Scope& left, const Scope& right, bool equalitiesOnly, const Context& outer);
   std::string newAlias() { return "a" + std::to_string(++aliases_); }
   /// A type for a query column: any column type, or what the tables hold.
   Type anyType(bool printsAlike);

   // statements.cpp
   void generateTables();
   Statement dmlStatement(const Table& table);
   NodePtr insertStatement(const Table& table);
   NodePtr updateStatement(const Table& table);
   NodePtr deleteStatement(const Table& table);
   NodePtr returning(const Table& table, const std::string& alias);
   Statement readBack(const Table& table);

   Random& random_;
   const Switches& switches_;
   ValueSource values_;
   std::vector<Table> tables_;
   /// Common table expressions in reach of the query being generated.
   struct Cte {
      std::string name;
      std::vector<Type> types;
   };
   std::vector<Cte> ctes_;
   int aliases_ = 0;
   static constexpr int maxDepth = 4;
};

/// True where a value of type `have` may serve as one of type `want` with the same text.
bool serves(const Type& have, const Type& want);

}  // namespace kiln::fuzz
