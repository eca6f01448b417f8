// The TPC-C runner's view of a database: prepared statements with $n parameters, transactions, and
// a bulk loader. kiln and SQLite implement it, so both run the very same transactions.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace kiln::bench {

/// A statement that failed, with the SQLSTATE (or the engine's own code) and the statement's text.
class TpccError : public std::runtime_error {
   public:
   TpccError(std::string code, const std::string& message, std::string statement)
      : std::runtime_error(message), code_(std::move(code)), statement_(std::move(statement)) {}
   const std::string& code() const { return code_; }
   const std::string& statement() const { return statement_; }

   private:
   std::string code_;
   std::string statement_;
};

/// A statement prepared once and executed many times. Bindings persist across executions; the
/// rows of an execution stay readable until the next one.
class TpccStatement {
   public:
   virtual ~TpccStatement() = default;
   virtual void bindInt(size_t number, int64_t value) = 0;
   virtual void bindText(size_t number, std::string_view value) = 0;
   /// The exact value unscaled / 10^scale (money: scale 2).
   virtual void bindDecimal(size_t number, int64_t unscaled, int scale) = 0;
   virtual void bindTimestamp(size_t number, int64_t unixMicros) = 0;
   virtual void execute() = 0;

   virtual size_t rowCount() const = 0;
   virtual size_t columnCount() const = 0;
   /// Rows inserted, updated or deleted by the last execution.
   virtual uint64_t rowsAffected() const = 0;
   virtual bool isNull(size_t row, size_t column) const = 0;
   virtual int64_t getInt(size_t row, size_t column) const = 0;
   virtual std::string getText(size_t row, size_t column) const = 0;
   /// A numeric value as unscaled / 10^scale, rounded to the nearest when the engine's value is inexact.
   virtual int64_t getDecimal(size_t row, size_t column, int scale) const = 0;
   /// Whether the last execution ran on a snapshot; nullopt for an engine that does not say.
   virtual std::optional<bool> ranOnSnapshot() const { return std::nullopt; }
};

/// What an engine that runs queries on snapshots of the database (kiln) made of them, summed since
/// the database opened.
struct SnapshotCounters {
   uint64_t made = 0;      // snapshots made
   uint64_t queries = 0;   // statements run on one
   double makeMsTotal = 0;
   double makeMsMax = 0;
   double ageMsTotal = 0;  // summed over queries: the snapshot's age when the query started
   uint64_t failures = 0;  // queries whose snapshot ended under them
};

/// Receives the rows of one table during the initial population, field by field.
class RowWriter {
   public:
   virtual ~RowWriter() = default;
   virtual void text(std::string_view value) = 0;
   virtual void integer(int64_t value) = 0;
   virtual void decimal(int64_t unscaled, int scale) = 0;
   virtual void timestamp(int64_t unixMicros) = 0;
   virtual void null() = 0;
   virtual void endRow() = 0;
   /// Makes the rows part of the table; returns how many there were.
   virtual uint64_t finish() = 0;
};

class TpccEngine {
   public:
   virtual ~TpccEngine() = default;
   virtual std::string name() const = 0;
   virtual std::string version() const = 0;
   /// Statements without parameters or results: DDL, BEGIN, COMMIT, ROLLBACK.
   virtual void execute(const std::string& sql) = 0;
   /// A transaction's boundaries.
   virtual void begin() { execute("BEGIN"); }
   virtual void commit() { execute("COMMIT"); }
   virtual void rollback() { execute("ROLLBACK"); }
   /// Another session on the same database, for one more client thread. The engine runs the
   /// transactions of all sessions one at a time.
   virtual std::unique_ptr<TpccEngine> openSession() = 0;
   /// A session for read-only statements that run beside the transactions of the others, each
   /// statement on a state between transactions (kiln: a session like any other; SQLite: a
   /// connection of its own, which needs WAL mode).
   virtual std::unique_ptr<TpccEngine> openReader() { return openSession(); }
   /// Asks the statement running on this session to stop; callable from another thread. The
   /// statement then fails with a TpccError.
   virtual void cancel() = 0;
   virtual std::unique_ptr<TpccStatement> prepare(const std::string& sql) = 0;
   /// Runs `sql`, a text without parameters, as such (no statement kept for it): its rows are the
   /// returned statement's, which is not bound or executed again.
   virtual std::unique_ptr<TpccStatement> runText(const std::string& sql) = 0;
   virtual std::unique_ptr<RowWriter> load(const std::string& table) = 0;
   /// The SQL type of the TPC-C's "date and time" columns.
   virtual std::string timestampType() const { return "timestamp"; }
   /// nullopt for an engine that runs no query on a snapshot.
   virtual std::optional<SnapshotCounters> snapshotCounters() const { return std::nullopt; }
   /// What the report must say about how this engine ran the benchmark (may be empty).
   virtual std::vector<std::string> notes() const { return {}; }
};

/// "YYYY-MM-DD HH:MM:SS.ffffff" in UTC, the input format of PostgreSQL's timestamp.
std::string timestampText(int64_t unixMicros);
/// "123.45" for (12345, 2).
std::string decimalText(int64_t unscaled, int scale);

}  // namespace kiln::bench
