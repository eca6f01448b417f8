// kiln — the embedded C++ API.
//
//   kiln::Database db;                       // in-memory database
//   kiln::Connection con(db);
//   kiln::Result r = con.query("SELECT 1 + 1 AS two");
//   r.columnName(0); r.getInt64(0, 0); r.isNull(0, 0);
//
// Errors are thrown as kiln::Error, which carries a PostgreSQL SQLSTATE.
#pragma once

#include <atomic>
#include <chrono>
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace kiln {

enum class TypeId : uint8_t {
   Unknown,  // the type of a bare NULL literal
   Boolean,
   SmallInt,
   Integer,
   BigInt,
   Decimal,
   Real,
   Double,
   Date,
   Interval,
   Char,
   Varchar,
   Text,
   Timestamp,  // without time zone
   TimestampTz,
   Time,  // without time zone; new types go last: the number is stored in checkpoints
   Array,  // one-dimensional, of `SqlType::element` (with this type's modifiers)
   Numeric,  // NUMERIC without a precision: exact, of any size, each value with its own scale
};

/// A SQL type with its modifiers: DECIMAL(precision, scale) (NUMERIC with them: fixed-point),
/// CHAR(length), VARCHAR(length), TIMESTAMP(p), TIMESTAMPTZ(p) and TIME(p) (`precision` = p + 1;
/// 0 without p: microseconds). NUMERIC without them is TypeId::Numeric.
struct SqlType {
   TypeId id = TypeId::Unknown;
   uint8_t precision = 0;
   uint8_t scale = 0;
   uint32_t length = 0;  // CHAR/VARCHAR maximum length; 0 = unbounded
   TypeId element = TypeId::Unknown;  // of an ARRAY; precision, scale and length are the element's

   static SqlType boolean() { return {TypeId::Boolean}; }
   static SqlType smallInt() { return {TypeId::SmallInt}; }
   static SqlType integer() { return {TypeId::Integer}; }
   static SqlType bigInt() { return {TypeId::BigInt}; }
   static SqlType decimal(unsigned p, unsigned s) { return {TypeId::Decimal, uint8_t(p), uint8_t(s)}; }
   static SqlType numeric() { return {TypeId::Numeric}; }
   static SqlType real() { return {TypeId::Real}; }
   static SqlType double_() { return {TypeId::Double}; }
   static SqlType date() { return {TypeId::Date}; }
   static SqlType interval() { return {TypeId::Interval}; }
   static SqlType timestamp(int p = -1) { return {TypeId::Timestamp, uint8_t(p + 1)}; }
   static SqlType timestampTz(int p = -1) { return {TypeId::TimestampTz, uint8_t(p + 1)}; }
   static SqlType time(int p = -1) { return {TypeId::Time, uint8_t(p + 1)}; }
   static SqlType char_(uint32_t n) { return {TypeId::Char, 0, 0, n}; }
   static SqlType varchar(uint32_t n) { return {TypeId::Varchar, 0, 0, n}; }
   static SqlType text() { return {TypeId::Text}; }
   static SqlType unknown() { return {TypeId::Unknown}; }
   static SqlType array(SqlType element) {
      SqlType t = element;
      t.element = element.id;
      t.id = TypeId::Array;
      return t;
   }

   bool isInteger() const { return id == TypeId::SmallInt || id == TypeId::Integer || id == TypeId::BigInt; }
   bool isExactNumeric() const { return isInteger() || id == TypeId::Decimal || id == TypeId::Numeric; }
   bool isFloat() const { return id == TypeId::Real || id == TypeId::Double; }
   bool isNumeric() const { return isExactNumeric() || isFloat(); }
   bool isString() const { return id == TypeId::Char || id == TypeId::Varchar || id == TypeId::Text; }
   bool isArray() const { return id == TypeId::Array; }
   /// Held as a string in rows and generated code: the string types, and arrays (as their text).
   bool isStringLike() const { return isString() || isArray(); }
   /// The type of an ARRAY's elements.
   SqlType elementType() const {
      SqlType t = *this;
      t.id = element;
      t.element = TypeId::Unknown;
      return t;
   }
   /// DATE, TIMESTAMP or TIMESTAMPTZ: a point in time, which the others convert to.
   bool isMoment() const { return id == TypeId::Date || id == TypeId::Timestamp || id == TypeId::TimestampTz; }
   /// Digits of fractional seconds a TIMESTAMP(p), TIMESTAMPTZ(p) or TIME(p) keeps.
   unsigned fractionalDigits() const { return precision ? precision - 1u : 6u; }
   /// DECIMAL with precision > 18 is stored in 128 bits.
   bool isWideDecimal() const { return id == TypeId::Decimal && precision > 18; }

   /// PostgreSQL's spelling: "integer", "numeric(15,2)", "character varying(25)", ...
   std::string toString() const;
   /// "(3)" of TIMESTAMP(3), "" without a precision.
   std::string fractionalModifier() const;
   bool operator==(const SqlType&) const = default;
};

/// An error a user can cause. sqlstate() is PostgreSQL's five-character code.
class Error : public std::runtime_error {
   public:
   Error(std::string sqlstate, std::string message, int position = 0, std::string detail = {}, std::string hint = {})
      : std::runtime_error(message),
        sqlstate_(std::move(sqlstate)),
        message_(std::move(message)),
        position_(position),
        detail_(std::move(detail)),
        hint_(std::move(hint)) {}
   const std::string& sqlstate() const { return sqlstate_; }
   const std::string& message() const { return message_; }
   /// 1-based character offset into the statement text, 0 when unknown.
   int position() const { return position_; }
   const std::string& detail() const { return detail_; }
   /// What the user might do instead (psql's HINT line); empty for most errors.
   const std::string& hint() const { return hint_; }
   void setPosition(int position) { position_ = position; }

   /// The error the way psql prints it, with the offending line and a caret when a position is known:
   ///   ERROR:  column "x" does not exist
   ///   LINE 1: SELECT x FROM t
   ///                  ^
   std::string format(const std::string& sqlText) const;

   private:
   std::string sqlstate_;
   std::string message_;
   int position_;
   std::string detail_;
   std::string hint_;
};

struct Interval {
   int32_t months = 0;
   int32_t days = 0;
   int64_t micros = 0;
};

/// A TIMESTAMP value in the API: microseconds since 1970-01-01 00:00:00 on a clock without time
/// zones (read it as UTC). A TIMESTAMPTZ value is the instant itself (UTC).
using Timestamp = std::chrono::sys_time<std::chrono::microseconds>;

/// Timings of one statement, in milliseconds.
struct StatementStats {
   double parseMs = 0;     // parsing and semantic analysis
   double compileMs = 0;   // IR generation and machine-code generation
   double executeMs = 0;   // running the compiled pipelines
   double totalMs = 0;
   /// A query that ran on a snapshot (a copy-on-write copy of the database in a process of its
   /// own, beside the transactions): how old the snapshot was when the query started, and how long
   /// making it took (0 for one an earlier statement had made).
   bool onSnapshot = false;
   double snapshotAgeMs = 0;
   double snapshotMakeMs = 0;
};

/// The snapshots a Database made for its queries so far.
struct SnapshotStats {
   uint64_t made = 0;        // snapshot processes started
   uint64_t queries = 0;     // statements that ran on one
   double makeMsTotal = 0;   // time spent making them (the writer waits that long)
   double makeMsMax = 0;
   double ageMsTotal = 0;    // summed over queries: the snapshot's age when the query started
   uint64_t failures = 0;    // queries whose snapshot process ended under them (killed, crashed)
   uint64_t alive = 0;       // snapshot processes alive now
};

struct ResultData;

/// The outcome of one statement: a status tag and, for queries, a table of typed values.
class Result {
   public:
   Result();
   explicit Result(std::shared_ptr<const ResultData> data);

   /// True when the statement returns rows (SELECT, EXPLAIN, ...).
   bool hasRows() const;
   /// PostgreSQL's command tag: "SELECT 4", "INSERT 0 3", "CREATE TABLE", "COPY 100", ...
   const std::string& statusTag() const;
   /// Rows inserted, copied, or returned.
   uint64_t rowsAffected() const;
   const StatementStats& stats() const;

   size_t columnCount() const;
   const std::string& columnName(size_t column) const;
   SqlType columnType(size_t column) const;
   size_t rowCount() const;

   bool isNull(size_t row, size_t column) const;
   bool getBool(size_t row, size_t column) const;
   /// SMALLINT, INTEGER, BIGINT; DATE as days since 2000-01-01.
   int64_t getInt64(size_t row, size_t column) const;
   /// Any numeric column converted to double (NUMERIC: the nearest double, infinite past its range).
   double getDouble(size_t row, size_t column) const;
   /// DECIMAL as its unscaled integer (value = unscaled / 10^scale). NUMERIC without a precision:
   /// the value times 10^(its own display scale, the digits after the point getString shows);
   /// 22003 for NaN, infinities and values that need more than 128 bits so.
   __int128 getDecimalUnscaled(size_t row, size_t column) const;
   Interval getInterval(size_t row, size_t column) const;
   /// TIMESTAMP, TIMESTAMPTZ (the instant), or DATE as its midnight; -infinity and infinity as
   /// Timestamp::min() and Timestamp::max(). 22008 past 294247-01-10 04:00:54.775807, the last
   /// moment a Timestamp holds (and for a date past the timestamp range).
   Timestamp getTimestamp(size_t row, size_t column) const;
   /// Any value as PostgreSQL prints it ("" for NULL): 12.30, 1998-09-02, t, 1 year 2 mons.
   std::string getString(size_t row, size_t column) const;

   private:
   std::shared_ptr<const ResultData> data_;
};

struct ColumnInfo {
   std::string name;
   SqlType type;
   bool notNull = false;
   /// The DEFAULT as SQL text, or "generated always|by default as identity"; empty for none.
   std::string defaultValue;
};

struct IndexInfo {
   std::string name;
   std::vector<std::string> columns;
   bool primaryKey = false;
   bool unique = false;
   bool constraint = false;  // a PRIMARY KEY or UNIQUE constraint's (not CREATE INDEX's)
   std::string method;  // "btree" or "hash"
};

/// A constraint and its definition as PostgreSQL prints it: "CHECK (n > 0)",
/// "FOREIGN KEY (p) REFERENCES parent(id) ON DELETE CASCADE".
struct ConstraintInfo {
   std::string name;
   std::string definition;
   std::string table;  // the table it belongs to (for referencedBy: the referencing table)
};

struct TableInfo {
   std::string name;
   std::vector<ColumnInfo> columns;
   std::vector<std::string> primaryKey;
   uint64_t rowCount = 0;
   std::vector<IndexInfo> indexes;  // the primary key's first, then the others by name
   std::vector<ConstraintInfo> checks, foreignKeys;  // by name
   std::vector<ConstraintInfo> referencedBy;  // other tables' foreign keys to this one
};

class DatabaseImpl;
struct PreparedStatementImpl;
struct SessionSettings;
class TimeZone;
class ParsedScript;
struct BlockState;
struct SnapshotLease;
struct SnapshotRequest;

/// Where a connection's read-only statements run (SET snapshot_reads): `Auto`, while other
/// connections are open, on a snapshot when one holds the writer's turn or the query is big
/// (snapshot_min_rows), else in the writer's turn; `On`, always on a snapshot; `Off`, always in the writer's turn.
enum class SnapshotReads : uint8_t { Auto, On, Off };
struct SequenceSession;
class Connection;

/// A statement with parameters $1, $2, ..., planned and compiled once and run many times from
/// the cached machine code. Values are bound as text (PostgreSQL's input format) or as numbers.
class PreparedStatement {
   public:
   size_t parameterCount() const;
   /// The type of $number (1-based), decided by where the parameter is used.
   SqlType parameterType(size_t number) const;
   PreparedStatement& bind(size_t number, std::string_view text);
   PreparedStatement& bind(size_t number, int64_t value);
   PreparedStatement& bind(size_t number, double value);
   /// A NUMERIC parameter without a detour through text: the value unscaled / 10^scale
   /// (bindDecimal(1, 12345, 2) binds 123.45), exactly and with that scale for a NUMERIC without
   /// a precision, rounded half away from zero to a NUMERIC(p,s)'s scale (others get its text form).
   PreparedStatement& bindDecimal(size_t number, __int128 unscaled, unsigned scale);
   /// A TIMESTAMP or TIMESTAMPTZ (the instant) parameter without a detour through text (others
   /// get its text form); Timestamp::min() and Timestamp::max() are -infinity and infinity.
   PreparedStatement& bind(size_t number, Timestamp value);
   PreparedStatement& bindNull(size_t number);
   Result execute();

   private:
   friend class Connection;
   PreparedStatement(Connection& connection, std::shared_ptr<PreparedStatementImpl> impl);
   Connection* connection_;
   std::shared_ptr<PreparedStatementImpl> impl_;
};

/// How a database on disk is opened.
struct OpenOptions {
   /// Opens a database whose log or checkpoint is damaged, which otherwise fails with XX001
   /// (data_corrupted): restores what comes before the damage, writes a checkpoint of it, and
   /// moves every file it did not use, unchanged, into a folder damaged-<time> in the database
   /// directory. Database::recoveryReport() says what was restored and what left out.
   bool forceRecovery = false;
   /// checkpoint_timeout: a commit this long after the last checkpoint starts one.
   std::chrono::seconds checkpointTimeout{300};
   /// max_wal_size: a commit that brings the log since the last checkpoint to half of this many
   /// bytes starts one (the log on disk holds two checkpoints' worth).
   uint64_t maxWalSize = uint64_t(1) << 30;
   /// snapshot_memory_limit: how much memory a snapshot process may take for its queries beyond
   /// the database it copies (0: no limit but the system's); a query past it fails with 53200.
   uint64_t snapshotMemoryLimit = 0;

   /// Sets checkpoint_timeout, max_wal_size or snapshot_memory_limit from text, as PostgreSQL reads it ("5min", "1GB");
   /// throws 22023 for a bad value, 42704 for another name.
   void set(const std::string& name, const std::string& value);
};

/// A database. Database() or Database(":memory:") is in memory.
class Database {
   public:
   explicit Database(const std::string& path = ":memory:", const OpenOptions& options = {});
   ~Database();
   Database(const Database&) = delete;
   Database& operator=(const Database&) = delete;

   std::vector<TableInfo> tables() const;
   /// Throws Error 42P01 when there is no such table.
   TableInfo table(const std::string& name) const;
   /// After OpenOptions::forceRecovery: what was damaged, what was restored and what left out,
   /// and where the files it did not use went. Empty when nothing was damaged.
   std::string recoveryReport() const;
   const OpenOptions& options() const { return options_; }
   /// What the snapshots made for analytical queries cost so far.
   SnapshotStats snapshotStats() const;

   DatabaseImpl& impl() { return *impl_; }

   private:
   std::unique_ptr<DatabaseImpl> impl_;
   OpenOptions options_;
};

/// A session on a Database. Statements run in autocommit mode until BEGIN; transactions of
/// different connections run one after the other, never interleaved.
class Connection {
   public:
   explicit Connection(Database& database);
   /// An open transaction is rolled back.
   ~Connection();
   Connection(const Connection&) = delete;
   Connection& operator=(const Connection&) = delete;

   /// Runs one or more ';'-separated statements and returns the result of the last.
   /// On an error nothing of the failing statement remains, and the error is thrown.
   Result query(const std::string& sql);
   /// Runs one COPY ... FROM STDIN statement with `rows` as its input: the lines that follow the
   /// statement in psql (text or CSV, as the statement says), without the closing "\.".
   Result copyFrom(const std::string& sql, std::string_view rows);
   /// Runs one or more statements and returns every result, in order.
   std::vector<Result> queryAll(const std::string& sql);
   /// Prepares one statement (SELECT, INSERT, UPDATE, DELETE) with parameters $1, $2, ...
   PreparedStatement prepare(const std::string& sql);
   /// Statement timings (Result::stats) are measured unless turned off: without them a statement
   /// run from cached machine code reads no clock (two reads cost a few percent of a point query).
   /// Compile times are always measured.
   void setTiming(bool on) { timing_ = on; }
   /// Asks the statement running on this connection to stop: it fails with 57014 (changing
   /// nothing) at its next check, between blocks of rows. Callable from any thread and from a
   /// signal handler; a statement that starts later is not affected.
   void cancel() { cancelRequested_.store(true, std::memory_order_relaxed); }

   private:
   friend class PreparedStatement;
   friend class ConnectionSettings;
   friend class SnapshotStatement;
   std::vector<Result> run(const std::string& sql);
   /// Runs statement `i` of `script`, one that no case of run() takes: on a snapshot, or in the
   /// writer's turn.
   std::shared_ptr<const ResultData> runStatement(const ParsedScript& script, size_t i);
   /// Runs `request` on a snapshot: the READ ONLY block's, or one of its own. Null when it turned
   /// out to change something and `mayNeedWriter` (it is to run in the writer's turn instead);
   /// `statementStart`: where the statement begins in the text its error positions refer to.
   std::shared_ptr<const ResultData> onSnapshot(SnapshotRequest& request, size_t statementStart, bool mayNeedWriter);
   /// The request for a prepared statement's run with its bound values.
   SnapshotRequest preparedRequest(const PreparedStatementImpl& prepared) const;
   /// Whether a read-only statement outside a block may go to a snapshot: snapshot_reads on, or
   /// auto while other connections are open (a lone one would hold up none by running here).
   bool snapshotsAllowed() const;
   /// Whether a statement that reads only should go to a snapshot without asking for the turn:
   /// true when the connection forces it or another connection has the turn (it is taken then).
   bool snapshotFirst();
   /// The running block's savepoints and settings to go back to: the writer's, or a READ ONLY block's.
   BlockState& block();
   /// SET TRANSACTION READ ONLY (`readOnly`) or READ WRITE in the running block.
   void setTransactionReadOnly(bool readOnly);
   /// Runs `work` as one statement: in the connection's transaction or autocommitted, undone
   /// if it fails. `bindsOnly`: it only binds a read-only statement, which may run beside another
   /// connection's transaction block instead of waiting for its end.
   std::shared_ptr<const ResultData> statement(const std::function<std::shared_ptr<ResultData>()>& work, bool bindsOnly = false);
   Result execute(PreparedStatementImpl& prepared);
   std::map<std::string, std::shared_ptr<PreparedStatementImpl>> prepared_;  // PREPARE name
   /// 26000 when no PREPARE made `name`.
   PreparedStatementImpl& preparedNamed(const std::string& name);
   /// BEGIN, COMMIT, ROLLBACK, SAVEPOINT, RELEASE, ROLLBACK TO (`kind`: the parser's transaction
   /// statement kind; `readOnlyMode` BEGIN's: 1 READ ONLY, 0 READ WRITE, -1 unsaid).
   std::shared_ptr<const ResultData> control(int kind, const std::string& savepointName = {}, int readOnlyMode = -1);
   std::shared_ptr<const ResultData> savepointStatement(int kind, const std::string& name);
   /// After the block's changes were committed or undone: forgets it and lets other connections run.
   void endTransaction();
   /// Waits until no other connection's transaction runs (55P03 past lock_timeout, 57014 when
   /// cancelled meanwhile).
   void waitForTurn();
   /// 57014, saying whether statement_timeout or a cancel() stopped the statement.
   Error cancelled() const;
   /// What SET changed, as one value (a transaction block puts it back on ROLLBACK).
   SessionSettings settings() const;
   void useSettings(const SessionSettings& settings);

   Database& database_;
   bool inTransaction_ = false;
   bool aborted_ = false;  // a statement failed: only ROLLBACK (or COMMIT, which rolls back) or ROLLBACK TO may follow
   bool timing_ = true;
   int64_t lockTimeoutMs_ = 0;  // SET lock_timeout; 0: no limit
   int64_t statementTimeoutMs_ = 0;  // SET statement_timeout; 0: no limit
   std::string synchronousCommit_ = "on";  // SET synchronous_commit, as SHOW gives it
   int64_t transactionTime_ = 0;  // now(): see TransactionClock
   std::shared_ptr<const TimeZone> timeZone_;  // SET TIME ZONE
   std::vector<std::pair<std::string, std::string>> passiveSettings_;  // settings kiln only keeps (SET, SHOW)
   std::shared_ptr<SequenceSession> sequences_;  // what currval() and lastval() read
   SnapshotReads snapshotReads_ = SnapshotReads::Auto;  // SET snapshot_reads
   int64_t snapshotMinRows_ = 100000;  // SET snapshot_min_rows: estimated rows of work that make a query go to a snapshot
   int64_t snapshotMaxAgeMs_ = 0;  // SET snapshot_max_age: how much older than the last commit a snapshot may be
   bool defaultReadOnly_ = false;  // SET default_transaction_read_only
   bool readOnlyBlock_ = false;  // in a READ ONLY transaction block: its statements read one snapshot
   bool inSnapshotProcess_ = false;  // runs a statement a connection sent to a snapshot, as that one would
   std::unique_ptr<BlockState> readOnlyBlockState_;
   std::unique_ptr<SnapshotLease> blockSnapshot_;  // the READ ONLY block's, from its first query on
   std::atomic<bool> cancelRequested_{false};
   std::atomic<bool> statementTimedOut_{false};  // the cancel came from statement_timeout
};

/// Splits SQL text into statements at top-level ';' (respecting quotes and comments).
/// Returns the complete statements; `rest` receives the unfinished tail (for a shell).
std::vector<std::string> splitStatements(const std::string& text, std::string* rest = nullptr);

}  // namespace kiln
