// One case: tables with their rows, then the statements to compare. Both systems run the same
// script on fresh tables, so cases stay independent (kiln in a fresh forked child, PostgreSQL in
// a transaction that is rolled back).
#pragma once

#include "sql_node.h"
#include "type.h"

#include <string>
#include <vector>

namespace kiln::fuzz {

struct TableColumn {
   std::string name;
   Type type;
};

struct Table {
   std::string name;
   std::vector<TableColumn> columns;  // the first is `id`, 1, 2, 3, ... in the rows
   bool primaryKey = false;  // on id
   std::vector<std::string> indexedColumns;  // each gets CREATE INDEX
   /// The rows, each value as an SQL literal ('abc', 5, NULL), in column order.
   std::vector<std::vector<std::string>> rows;

   /// CREATE TABLE, CREATE INDEX and (with rows) one INSERT.
   std::vector<std::string> setupStatements() const;
};

struct Statement {
   NodePtr sql;
   bool ordered = false;  // its rows compare in order (else as multisets)
};

/// A statement of the script, as text.
struct ScriptStatement {
   std::string sql;
   bool ordered = false;
};

struct Case {
   std::vector<Table> tables;
   std::vector<Statement> statements;

   /// A deep copy (the shrinker edits copies).
   Case clone() const;
   /// The tables' setup, then the statements.
   std::vector<ScriptStatement> script(Unfold unfold = Unfold::None) const;
};

}  // namespace kiln::fuzz
