// What the runner needs from a database engine: a schema, bulk loading, and timed queries.
#pragma once

#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

namespace kiln::bench {

/// A query result as text, PostgreSQL's spelling where the engine has it.
struct ResultTable {
   std::vector<std::string> columns;
   std::vector<std::vector<std::string>> rows;
};

/// One execution of a query.
struct QueryRun {
   double totalMs = 0;    // wall clock, from the SQL text to the last row
   double compileMs = 0;  // kiln: IR generation and machine code; SQLite: sqlite3_prepare
   double executeMs = 0;
   uint64_t rows = 0;
   ResultTable table;  // filled only when asked for (to check the answer)
};

/// A query that failed; code is a SQLSTATE where the engine has one.
class QueryError : public std::runtime_error {
   public:
   QueryError(std::string code, const std::string& message) : std::runtime_error(message), code_(std::move(code)) {}
   const std::string& code() const { return code_; }

   private:
   std::string code_;
};

class QueryEngine {
   public:
   virtual ~QueryEngine() = default;
   /// "kiln" or "sqlite"
   virtual std::string name() const = 0;
   virtual std::string version() const = 0;
   /// Asks for N worker threads; returns a note for the report when the engine cannot do as asked.
   virtual std::string setThreads(int threads) = 0;
   /// Turns the engine's cache of compiled plans off (every run compiles, as a first run does);
   /// returns a note for the report when it has none.
   virtual std::string disablePlanCache() = 0;
   /// Runs the CREATE TABLE statements of schema.sql.
   virtual void createSchema(const std::string& schemaSql) = 0;
   /// The tables, in the order created.
   virtual std::vector<std::string> tables() = 0;
   /// Loads a dbgen/tpchgen .tbl file ('|'-separated, trailing '|') into a table; returns its row count.
   virtual uint64_t loadTable(const std::string& table, const std::string& path) = 0;
   /// Runs one TPC-H query (the text of shared/tpch/queries); throws QueryError.
   virtual QueryRun run(const std::string& sql, bool keepRows) = 0;
   /// False when column names differ from PostgreSQL's (SQLite names an unaliased sum(x) "sum(x)").
   virtual bool hasPostgresColumnNames() const = 0;
};

}  // namespace kiln::bench
