#include "engine/modifying_with.h"

#include <algorithm>
#include <cstring>
#include <optional>
#include <vector>

#include "engine/statement_executor.h"
#include "parser/expression_binder.h"
#include "parser/pg_parser.h"
#include "parser/schema_names.h"

namespace kiln {

namespace {

bool modifies(const PgQuery__Node& query) {
   return query.node_case == PG_QUERY__NODE__NODE_INSERT_STMT || query.node_case == PG_QUERY__NODE__NODE_UPDATE_STMT ||
          query.node_case == PG_QUERY__NODE__NODE_DELETE_STMT;
}

/// Where a statement keeps its WITH clause; nullptr for kinds without one.
PgQuery__WithClause** withOf(PgQuery__Node& node) {
   switch (node.node_case) {
      case PG_QUERY__NODE__NODE_SELECT_STMT: return &node.select_stmt->with_clause;
      case PG_QUERY__NODE__NODE_INSERT_STMT: return &node.insert_stmt->with_clause;
      case PG_QUERY__NODE__NODE_UPDATE_STMT: return &node.update_stmt->with_clause;
      case PG_QUERY__NODE__NODE_DELETE_STMT: return &node.delete_stmt->with_clause;
      default: return nullptr;
   }
}

/// A shallow copy of a statement whose WITH clause can be replaced without touching the parse tree.
struct StatementCopy {
   PgQuery__Node node;
   PgQuery__SelectStmt select;
   PgQuery__InsertStmt insert;
   PgQuery__UpdateStmt update;
   PgQuery__DeleteStmt remove;
   PgQuery__WithClause with;
   std::vector<PgQuery__Node*> ctes;

   /// `withQueries` (none: no WITH) in place of the statement's WITH (`replace`) or as its WITH
   /// (a part of a WITH, which may have its own only when there are none).
   StatementCopy(const PgQuery__Node& original, const std::vector<PgQuery__Node*>& withQueries, bool replace) : node(original), ctes(withQueries) {
      switch (node.node_case) {
         case PG_QUERY__NODE__NODE_SELECT_STMT: select = *node.select_stmt, node.select_stmt = &select; break;
         case PG_QUERY__NODE__NODE_INSERT_STMT: insert = *node.insert_stmt, node.insert_stmt = &insert; break;
         case PG_QUERY__NODE__NODE_UPDATE_STMT: update = *node.update_stmt, node.update_stmt = &update; break;
         case PG_QUERY__NODE__NODE_DELETE_STMT: remove = *node.delete_stmt, node.delete_stmt = &remove; break;
         default: break;
      }
      PgQuery__WithClause** slot = withOf(node);
      if (!replace && *slot && !ctes.empty()) throw Error("0A000", "WITH both before a data-modifying WITH query and in it is not supported yet");
      with = PG_QUERY__WITH_CLAUSE__INIT;
      with.n_ctes = ctes.size();
      with.ctes = ctes.data();
      if (replace || !ctes.empty()) *slot = ctes.empty() ? nullptr : &with;
   }
};

void collectTables(const Operator& op, std::vector<const Table*>& out) {
   if (op.kind == OperatorKind::TableScan) out.push_back(static_cast<const TableScan&>(op).table);
   if (op.kind == OperatorKind::IndexScan) out.push_back(static_cast<const IndexScan&>(op).table);
   for (auto& child : op.children) collectTables(*child, out);
}

/// The tables a bound statement reads (UPDATE's and DELETE's target among them; INSERT's only
/// gets rows, which PostgreSQL's parts also add to each other's).
std::vector<const Table*> tablesRead(Statement& statement) {
   std::vector<const Table*> tables;
   if (QueryPlan* plan = planOf(statement)) collectTables(*plan->root, tables);
   return tables;
}

Table* targetOf(Statement& statement) {
   if (auto* s = std::get_if<InsertStatement>(&statement)) return s->table;
   if (auto* s = std::get_if<UpdateStatement>(&statement)) return s->table;
   if (auto* s = std::get_if<DeleteStatement>(&statement)) return s->table;
   return nullptr;
}

/// A WITH query's RETURNING rows as a table of its name (columns named by its alias list, if any).
std::unique_ptr<Table> tableOfRows(const PgQuery__CommonTableExpr& cte, const ResultData& rows) {
   std::vector<std::string> names = rows.names;
   if (cte.n_aliascolnames > names.size())
      throw Error("42P10",
                  "WITH query \"" + std::string(cte.ctename) + "\" has " + std::to_string(names.size()) + " columns available but " +
                     std::to_string(cte.n_aliascolnames) + " columns specified",
                  cte.location + 1);
   for (size_t i = 0; i < cte.n_aliascolnames; ++i) names[i] = stringOf(cte.aliascolnames[i]);
   std::vector<std::unique_ptr<Column>> columns;
   for (size_t c = 0; c < names.size(); ++c) columns.push_back(std::make_unique<Column>(names[c], rows.typeOf(c), false));
   for (size_t r = 0; r < rows.rowCount(); ++r)
      for (size_t c = 0; c < names.size(); ++c) columns[c]->append(rows.value(r, c));
   auto table = std::make_unique<Table>(cte.ctename, std::move(columns), std::vector<size_t>{});
   table->sealAppendedRows(rows.rowCount());
   return table;
}

/// The tables made of RETURNING rows: in the catalog for the statement, never logged.
class ReturnedTables {
   public:
   explicit ReturnedTables(Catalog& catalog) : catalog_(catalog) {}
   ~ReturnedTables() {
      for (auto& name : names_) catalog_.dropTable(name);
   }
   void add(std::unique_ptr<Table> table, int position) {
      std::string name = table->name();
      if (catalog_.findTable(name) || catalog_.findView(name) || catalog_.findSequence(name))
         throw Error("0A000", "a data-modifying WITH query named like a table, view or sequence is not supported yet", position);
      catalog_.createTable(std::move(table));
      names_.push_back(name);
   }

   private:
   Catalog& catalog_;
   std::vector<std::string> names_;
};

/// A statement's RETURNING list, as a place to replace it.
struct ReturningList {
   size_t* count = nullptr;
   PgQuery__Node*** items = nullptr;
};

ReturningList returningOf(PgQuery__Node& node) {
   switch (node.node_case) {
      case PG_QUERY__NODE__NODE_INSERT_STMT: return {&node.insert_stmt->n_returning_list, &node.insert_stmt->returning_list};
      case PG_QUERY__NODE__NODE_UPDATE_STMT: return {&node.update_stmt->n_returning_list, &node.update_stmt->returning_list};
      case PG_QUERY__NODE__NODE_DELETE_STMT: return {&node.delete_stmt->n_returning_list, &node.delete_stmt->returning_list};
      default: return {};
   }
}

}  // namespace

bool hasReturningSubquery(const PgQuery__Node& node) {
   ReturningList list = returningOf(const_cast<PgQuery__Node&>(node));
   if (!list.count) return false;
   for (size_t i = 0; i < *list.count; ++i)
      if (containsSubquery(*(*list.items)[i])) return true;
   return false;
}

std::shared_ptr<ResultData> runReturningSubquery(DatabaseImpl& database, const PgQuery__Node& node, const std::string& text) {
   PgQuery__Node& statement = const_cast<PgQuery__Node&>(node);
   const PgQuery__RangeVar* relation = nullptr;
   bool others = false;
   switch (statement.node_case) {
      case PG_QUERY__NODE__NODE_INSERT_STMT: relation = statement.insert_stmt->relation; break;
      case PG_QUERY__NODE__NODE_UPDATE_STMT: relation = statement.update_stmt->relation, others = statement.update_stmt->n_from_clause > 0; break;
      default: relation = statement.delete_stmt->relation, others = statement.delete_stmt->n_using_clause > 0; break;
   }
   if (others || *withOf(statement)) throw Error("0A000", "subqueries in RETURNING together with WITH, FROM or USING are not supported yet");
   std::string visible = relation->alias ? relation->alias->aliasname : relation->relname;
   // The statement returns its target's columns ...
   std::string starSql = "SELECT \"" + visible + "\".*";
   ParsedScript star(starSql);
   PgQuery__Node* starTarget = star.statement(0).select_stmt->target_list[0];
   StatementCopy part(statement, {}, false);
   ReturningList list = returningOf(part.node);
   PgQuery__Node* items[] = {starTarget};
   *list.count = 1;
   *list.items = items;
   Statement bound = bindStatement(part.node, text, database.catalog);
   Table* changed = targetOf(bound);
   std::shared_ptr<ResultData> rows = executeStatement(database, bound);
   // ... and a query computes the list over them, under the target's name.
   const char* rowsName = "returned rows";
   PgQuery__CommonTableExpr named = PG_QUERY__COMMON_TABLE_EXPR__INIT;
   named.ctename = const_cast<char*>(rowsName);
   ReturnedTables returned(database.catalog);
   returned.add(tableOfRows(named, *rows), 0);
   // The query's list is the RETURNING list itself, its parse tree and not text printed back from
   // it: the deparser drops parentheses that some expressions need ((CASE ... END)[1]).
   ReturningList original = returningOf(statement);
   std::string sql = "SELECT FROM \"" + std::string(rowsName) + "\" AS \"" + visible + "\"";
   ParsedScript query(sql);
   PgQuery__Node queryNode = query.statement(0);
   PgQuery__SelectStmt select = *queryNode.select_stmt;
   select.n_target_list = *original.count;
   select.target_list = *original.items;
   queryNode.select_stmt = &select;
   std::optional<Statement> computed;
   try {
      computed.emplace(bindStatement(queryNode, text, database.catalog));
   } catch (Error& error) {
      error.setPosition(0);  // a place in the query made here, not in the statement's text
      throw;
   }
   for (const Table* table : tablesRead(*computed))
      if (table == changed) throw Error("0A000", "a subquery in RETURNING that reads the table the statement changes is not supported yet");
   std::shared_ptr<ResultData> result = executeStatement(database, *computed);
   result->copyStatus(*rows);
   result->rowsAffected = rows->rowsAffected;
   return result;
}

bool hasModifyingWith(const PgQuery__Node& node) {
   PgQuery__WithClause** with = withOf(const_cast<PgQuery__Node&>(node));
   if (!with || !*with) return false;
   for (size_t i = 0; i < (*with)->n_ctes; ++i)
      if (modifies(*(*with)->ctes[i]->common_table_expr->ctequery)) return true;
   return false;
}

std::shared_ptr<ResultData> runModifyingWith(DatabaseImpl& database, const PgQuery__Node& node, const std::string& text) {
   checkSchemas(node);  // (other statements: when bound)
   const PgQuery__WithClause& with = **withOf(const_cast<PgQuery__Node&>(node));
   if (with.recursive) throw Error("0A000", "data-modifying statements in WITH RECURSIVE are not supported yet", with.location + 1);
   ReturnedTables returned(database.catalog);
   std::vector<PgQuery__Node*> plain;  // the WITH queries that only read, visible to those after them
   std::vector<const Table*> changed;
   std::vector<std::string> withoutReturning;
   // Binding a part: a WITH query that returns no rows is no table to read.
   auto bind = [&](const PgQuery__Node& statement) {
      try {
         return bindStatement(statement, text, database.catalog);
      } catch (const Error& error) {
         for (auto& name : withoutReturning)
            if (error.sqlstate() == "42P01" && error.message() == "relation \"" + name + "\" does not exist")
               throw Error("0A000", "WITH query \"" + name + "\" does not have a RETURNING clause", error.position());
         throw;
      }
   };
   // A part that reads what an earlier part changed would see the change, where PostgreSQL's
   // parts all see the tables as they were.
   auto checkSnapshot = [&](Statement& statement, int position) {
      for (const Table* table : tablesRead(statement))
         if (std::find(changed.begin(), changed.end(), table) != changed.end())
            throw Error("0A000", "reading table \"" + table->name() + "\", which a data-modifying WITH query changes, is not supported yet", position);
   };
   for (size_t i = 0; i < with.n_ctes; ++i) {
      PgQuery__Node* item = with.ctes[i];
      const PgQuery__CommonTableExpr& cte = *item->common_table_expr;
      if (!modifies(*cte.ctequery)) {
         plain.push_back(item);
         continue;
      }
      StatementCopy part(*cte.ctequery, plain, false);
      Statement bound = bind(part.node);
      checkSnapshot(bound, cte.location + 1);
      changed.push_back(targetOf(bound));
      std::shared_ptr<ResultData> rows = executeStatement(database, bound);
      if (rows->hasRows) returned.add(tableOfRows(cte, *rows), cte.location + 1);
      else withoutReturning.push_back(cte.ctename);
   }
   StatementCopy main(node, plain, true);
   Statement bound = bind(main.node);
   checkSnapshot(bound, 0);
   return executeStatement(database, bound);
}

}  // namespace kiln
