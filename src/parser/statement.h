// Statements after semantic analysis: names resolved, types checked, queries as plans.
#pragma once

#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include <pg_query/pg_query.pb-c.h>

#include "algebra/operator.h"
#include "storage/catalog.h"
#include "storage/copy_reader.h"

namespace kiln {

/// What a column takes when an INSERT gives no value: its DEFAULT (SQL text), or the next
/// value of its identity counter.
struct ColumnDefault {
   std::string sql;
   Column::Identity identity = Column::Identity::None;
   int64_t identityStart = 1;  // GENERATED ... AS IDENTITY (START WITH n)
};

/// The CHECK constraints a plan tests: it yields each one's value (a boolean, NULL passing) from
/// plan column `firstColumn` on, in the order of `names`.
struct Checks {
   size_t firstColumn = 0;
   std::vector<std::string> names;
   bool present() const { return !names.empty(); }
};

struct CreateTableStatement {
   std::string name;
   std::vector<ColumnInfo> columns;
   std::vector<ColumnDefault> defaults;  // one per column
   std::vector<size_t> primaryKey;
   std::vector<std::vector<size_t>> uniqueKeys;
   std::string primaryKeyName;  // its constraint's (and index's) name
   std::vector<std::string> uniqueKeyNames;  // one per unique key
   std::vector<CheckConstraint> checks;
   std::vector<ForeignKey> foreignKeys;
   bool ifNotExists = false;
};

/// CREATE TABLE name [(columns)] AS query [WITH [NO] DATA], and SELECT ... INTO name: a table of
/// the query's columns, filled with its rows.
struct CreateTableAsStatement {
   CreateTableStatement create;
   std::unique_ptr<QueryPlan> plan;
   bool withData = true;
};

/// CREATE [UNIQUE] INDEX name ON table [USING btree|hash] (columns).
struct CreateIndexStatement {
   Table* table;
   std::string name;
   std::vector<size_t> columns;
   bool unique = false;
   SecondaryIndex::Method method = SecondaryIndex::Method::BTree;
   bool ifNotExists = false;
};

/// DROP TABLE, DROP VIEW, DROP INDEX or DROP SEQUENCE.
struct DropStatement {
   bool views = false;
   bool indexes = false;
   bool sequences = false;
   std::vector<std::string> names;
   bool ifExists = false;
   bool cascade = false;  // DROP TABLE ... CASCADE: the foreign keys referencing the tables go too
};

/// ALTER TABLE name action, ... and ALTER TABLE ... RENAME. The actions run in order (drops
/// first, as PostgreSQL runs them) and check names as they go: an earlier one may make a name.
struct AlterTableStatement {
   struct Action {
      enum class Kind : uint8_t {
         AddColumn,
         DropColumn,
         RenameColumn,
         RenameTable,
         SetDefault,
         SetNotNull,
         SetType,
         AddKey,
         AddCheck,
         DropConstraint,
         AddForeignKeys
      };
      Kind kind = Kind::AddColumn;
      std::string name;     // the column (AddColumn: the new one's), or RenameTable's new name
      std::string newName;  // RenameColumn
      ColumnInfo column;    // AddColumn; SetNotNull: notNull says SET or DROP; SetType: the type
      ColumnDefault columnDefault;  // AddColumn; SetDefault: its sql (empty: DROP DEFAULT); SetType: USING's
      bool missingOk = false;  // ADD COLUMN IF NOT EXISTS, DROP COLUMN IF EXISTS
      bool cascade = false;  // DROP COLUMN, DROP CONSTRAINT: the foreign keys needing it go too
      std::vector<std::string> keyColumns;  // AddKey (ADD PRIMARY KEY / UNIQUE), `name` the constraint's (or empty)
      bool primaryKey = false;
      /// AddCheck: the constraints, named and checked against the columns as the earlier actions
      /// leave them (AddColumn: its column constraints). DropConstraint: `name`.
      std::vector<CheckConstraint> checks;
      /// AddForeignKeys: the constraints, named and checked against the columns as the earlier
      /// actions leave them.
      std::vector<ForeignKey> foreignKeys;
   };
   std::string table;  // empty: ALTER TABLE IF EXISTS of a table that does not exist
   const char* tag = "ALTER TABLE";  // ALTER SEQUENCE and ALTER VIEW ... OWNER TO answer as themselves
   std::vector<Action> actions;
};

/// CREATE SEQUENCE: the sequence as it starts. IF NOT EXISTS of an existing name does nothing.
struct CreateSequenceStatement {
   Sequence sequence;
   bool ifNotExists = false;
};

/// ALTER SEQUENCE: the sequence's new definition; with RESTART, its counter too.
struct AlterSequenceStatement {
   std::string name;  // empty: ALTER SEQUENCE IF EXISTS of one that does not exist
   Sequence definition;
   bool restart = false;
};

struct CreateViewStatement {
   View view;
   bool replace = false;
};

/// RETURNING: the statement's plan yields the values of its list after the columns the
/// statement itself needs, from plan column `firstColumn` on.
struct Returning {
   size_t firstColumn = 0;
   std::vector<std::string> names;
   bool present() const { return !names.empty(); }
};

/// INSERT ... ON CONFLICT: a row whose key an arbiter index already holds (or an earlier row of
/// the statement) is skipped (DO NOTHING) or updates the row holding it (DO UPDATE).
struct OnConflict {
   enum class Action : uint8_t { Error, Nothing, Update };
   Action action = Action::Error;
   std::vector<const UniqueIndex*> arbiters;  // DO NOTHING without a target: every unique index
   // DO UPDATE: after the table's columns, the plan yields the id of the row holding the key
   // (NULL when there is none), the new values of `columns` and whether WHERE holds.
   std::vector<size_t> columns;
   size_t rowIdColumn = 0;
};

/// INSERT: the plan yields one value per table column, already of the column's type.
struct InsertStatement {
   Table* table;
   std::unique_ptr<QueryPlan> plan;
   Returning returning = {};
   OnConflict onConflict = {};
   Checks checks = {};        // of each proposed row (ON CONFLICT: also those that conflict, as in PostgreSQL)
   Checks updateChecks = {};  // ON CONFLICT DO UPDATE: of the rows it updates, as updated
};

/// UPDATE: the plan yields the new values of `columns` (of their types), then the row id.
struct UpdateStatement {
   Table* table;
   std::vector<size_t> columns;
   std::unique_ptr<QueryPlan> plan;
   Returning returning = {};
   Checks checks = {};  // of each row as updated
   /// FROM: a row comes once per row of the other tables it joins with, and changes only once
   /// (with the values of its first one, PostgreSQL's choice being as arbitrary).
   bool joinsOtherTables = false;
};

/// DELETE: the plan yields the row ids of the rows to delete.
struct DeleteStatement {
   Table* table;
   std::unique_ptr<QueryPlan> plan;
   Returning returning = {};
   bool joinsOtherTables = false;  // USING: a row may come several times, and is deleted once
};

/// What COPY ... FROM puts into the columns its column list leaves out (and ALTER TABLE ... ADD
/// COLUMN into the rows already there): each one's DEFAULT, as INSERT's (a constant known when
/// binding, else computed by `plan`).
struct CopyDefaults {
   struct Filled {
      size_t column;                  // in the table
      std::optional<Value> constant;  // NULL for a column without a DEFAULT
      size_t field = 0;               // else the plan's column that computes it
   };
   std::vector<Filled> columns;  // empty when no column left out has a DEFAULT: the reader makes them NULL
   /// The computed defaults of $1 (a bigint) rows. Without a volatile one (an identity's next value,
   /// random()) every row takes the same values, so one row serves all.
   std::unique_ptr<QueryPlan> plan;
   bool perRow = false;
};

struct CopyStatement {
   Table* table;
   std::vector<size_t> columns;
   std::string path;  // empty: FROM STDIN, whose rows the caller hands over (Connection::copyFrom)
   CopyOptions options;
   std::optional<std::string_view> stdinRows;
   CopyDefaults defaults = {};
};

/// COPY table [(columns)] TO and COPY (query) TO: the query's rows written to a file, or returned
/// as lines of text (TO STDOUT).
struct CopyToStatement {
   std::unique_ptr<QueryPlan> plan;
   std::string path;  // empty: STDOUT
   CopyOptions options;
};

struct QueryStatement {
   std::unique_ptr<QueryPlan> plan;
};

struct ExplainStatement {
   std::unique_ptr<QueryPlan> plan;
   bool analyze = false;
   bool showIR = false;
};

/// ANALYZE [table, ...]: refreshes the optimizer's statistics.
struct AnalyzeStatement {
   std::vector<Table*> tables;
};

using Statement = std::variant<CreateTableStatement, CreateTableAsStatement, DropStatement, AlterTableStatement, CreateViewStatement, CreateSequenceStatement,
                               AlterSequenceStatement, CreateIndexStatement, InsertStatement, UpdateStatement, DeleteStatement, CopyStatement, CopyToStatement,
                               QueryStatement, ExplainStatement, AnalyzeStatement>;

/// Semantic analysis of one parsed statement (whose text is `text`) against the catalog.
/// `parameterTypes` are the types PREPARE declared for $1, $2, ... (others follow from context).
Statement bindStatement(const PgQuery__Node& node, const std::string& text, const Catalog& catalog, const std::vector<SqlType>& parameterTypes = {});

/// The plan of a statement that has one (SELECT, INSERT, UPDATE, DELETE), else nullptr.
QueryPlan* planOf(Statement& statement);

/// EXPLAIN's options (ANALYZE, VERBOSE); the plan is left to the caller (EXPLAIN EXECUTE's is a
/// prepared statement's).
ExplainStatement bindExplainOptions(const PgQuery__ExplainStmt& explain);

/// The value of target column `i` where an INSERT's VALUES say DEFAULT.
using InsertDefault = std::function<ExprPtr(size_t i, IUSet& ius)>;

/// A SELECT (or VALUES) as a plan. For INSERT ... VALUES, `targets` are the columns the values
/// go to: literals take the column's type directly, as in PostgreSQL.
std::unique_ptr<QueryPlan> bindSelect(const PgQuery__SelectStmt& select, const Catalog& catalog, const std::vector<ColumnInfo>* targets = nullptr,
                                      const std::vector<SqlType>& parameterTypes = {}, const InsertDefault& insertDefault = nullptr);

}  // namespace kiln
