// kiln — the embedded C++ API.
//
//   kiln::Database db;                       // in-memory database
//   kiln::Connection con(db);
//   kiln::Result r = con.query("SELECT 1 + 1 AS two");
//   r.columnName(0); r.getInt64(0, 0); r.isNull(0, 0);
//
// Errors are thrown as kiln::Error, which carries a PostgreSQL SQLSTATE.
#pragma once

#include <chrono>
#include <cstdint>
#include <memory>
#include <stdexcept>
#include <string>
#include <string_view>
#include <type_traits>
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

/// An exact decimal number, unscaled / 10^scale: 12.30 is {1230, 2} (== compares digits and scale).
struct Decimal {
   __int128 unscaled = 0;
   unsigned scale = 0;
   /// As PostgreSQL prints it: "12.30", "-0.005".
   std::string toString() const;
   /// The nearest double.
   double toDouble() const;
   bool operator==(const Decimal&) const = default;
};

struct ResultData;
class Row;
class RowIterator;

/// The outcome of one statement: a status tag and, for queries, a table of typed values.
///
/// A typed getter returns the value or throws a kiln::Error, never a stand-in: 2202E for a row or
/// column past the end, 42804 for a column of another type, 22004 for a NULL (test isNull first),
/// 22003 for a value the C++ type cannot hold. docs/embedding.md has the table of what each reads.
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
   /// The position of the (first) column called `name`; 42703 when there is none.
   size_t columnIndex(std::string_view name) const;
   SqlType columnType(size_t column) const;
   size_t rowCount() const;

   bool isNull(size_t row, size_t column) const;
   bool getBool(size_t row, size_t column) const;
   /// SMALLINT, INTEGER, BIGINT; DECIMAL(p,0) and NUMERIC values without digits after the point
   /// (sum(bigint)); DATE as days since 2000-01-01.
   int64_t getInt64(size_t row, size_t column) const;
   /// Any numeric column as the nearest double (NUMERIC: infinite past the double range).
   double getDouble(size_t row, size_t column) const;
   /// DECIMAL, NUMERIC (with its own display scale: the digits after the point getString shows)
   /// and the integer types (scale 0); 22003 for NaN, infinities and past 128 bits unscaled.
   Decimal getDecimal(size_t row, size_t column) const;
   /// getDecimal's unscaled value.
   __int128 getDecimalUnscaled(size_t row, size_t column) const;
   Interval getInterval(size_t row, size_t column) const;
   /// TIMESTAMP, TIMESTAMPTZ (the instant), or DATE as its midnight; -infinity and infinity as
   /// Timestamp::min() and Timestamp::max(). 22008 past 294247-01-10 04:00:54.775807, the last
   /// moment a Timestamp holds (and for a date past the timestamp range).
   Timestamp getTimestamp(size_t row, size_t column) const;
   /// Any value as PostgreSQL prints it: 12.30, 1998-09-02, t, 1 year 2 mons. NULL is "", as
   /// libpq's PQgetvalue gives it (isNull tells the two apart).
   std::string getString(size_t row, size_t column) const;

   /// The rows in order: `for (kiln::Row row : result)`.
   RowIterator begin() const;
   RowIterator end() const;

   private:
   std::shared_ptr<const ResultData> data_;
};

/// One row of a Result, valid while the Result is: Result's getters for this row, a column given
/// by its position or by its name.
class Row {
   public:
   Row(const Result& result, size_t index) : result_(&result), index_(index) {}
   size_t index() const { return index_; }

   bool isNull(size_t column) const { return result_->isNull(index_, column); }
   bool getBool(size_t column) const { return result_->getBool(index_, column); }
   int64_t getInt64(size_t column) const { return result_->getInt64(index_, column); }
   double getDouble(size_t column) const { return result_->getDouble(index_, column); }
   Decimal getDecimal(size_t column) const { return result_->getDecimal(index_, column); }
   Interval getInterval(size_t column) const { return result_->getInterval(index_, column); }
   Timestamp getTimestamp(size_t column) const { return result_->getTimestamp(index_, column); }
   std::string getString(size_t column) const { return result_->getString(index_, column); }

   bool isNull(std::string_view column) const { return isNull(result_->columnIndex(column)); }
   bool getBool(std::string_view column) const { return getBool(result_->columnIndex(column)); }
   int64_t getInt64(std::string_view column) const { return getInt64(result_->columnIndex(column)); }
   double getDouble(std::string_view column) const { return getDouble(result_->columnIndex(column)); }
   Decimal getDecimal(std::string_view column) const { return getDecimal(result_->columnIndex(column)); }
   Interval getInterval(std::string_view column) const { return getInterval(result_->columnIndex(column)); }
   Timestamp getTimestamp(std::string_view column) const { return getTimestamp(result_->columnIndex(column)); }
   std::string getString(std::string_view column) const { return getString(result_->columnIndex(column)); }

   private:
   const Result* result_;
   size_t index_;
};

class RowIterator {
   public:
   RowIterator(const Result& result, size_t index) : result_(&result), index_(index) {}
   Row operator*() const { return Row(*result_, index_); }
   RowIterator& operator++() {
      ++index_;
      return *this;
   }
   bool operator==(const RowIterator& other) const { return index_ == other.index_; }

   private:
   const Result* result_;
   size_t index_;
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
class ConnectionImpl;
struct PreparedStatementImpl;
class ResultStreamImpl;
class Connection;

/// The rows of a statement pulled a chunk at a time while it runs (Connection::stream): for
/// results larger than memory, of which about two chunks (a megabyte of rows each) are held at
/// once. The statement runs on a thread of its own, ahead of the reader by those chunks.
///
/// While the stream is open its connection runs nothing else (55000). Destroying the stream
/// before the last chunk stops the statement; its rows are dropped.
class ResultStream {
   public:
   ResultStream(ResultStream&&) noexcept;
   ResultStream& operator=(ResultStream&&) noexcept;
   ~ResultStream();

   /// The next chunk of rows, a Result with the statement's columns; false after the last one.
   /// The last chunk is the statement's own Result: its statusTag ("SELECT 2000000"),
   /// rowsAffected and stats are the whole statement's (earlier chunks have none). The
   /// statement's error, when it fails, is thrown here.
   bool next(Result& chunk);

   private:
   friend class Connection;
   explicit ResultStream(std::unique_ptr<ResultStreamImpl> impl);
   std::unique_ptr<ResultStreamImpl> impl_;
};

/// A statement with parameters $1, $2, ..., planned and compiled once and run many times from
/// the cached machine code. Values are bound as text (PostgreSQL's input format) or as numbers.
/// Like its Connection, it is used by one thread at a time.
class PreparedStatement {
   public:
   size_t parameterCount() const;
   /// The type of $number (1-based), decided by where the parameter is used.
   SqlType parameterType(size_t number) const;
   PreparedStatement& bind(size_t number, std::string_view text);
   PreparedStatement& bind(size_t number, const char* text) { return bind(number, std::string_view(text)); }
   PreparedStatement& bind(size_t number, const std::string& text) { return bind(number, std::string_view(text)); }
   PreparedStatement& bind(size_t number, int64_t value);
   /// Any other integer type: bind(1, 42) with an int. 22003 for an unsigned value past int64_t.
   template <typename Integer>
      requires(std::is_integral_v<Integer> && !std::is_same_v<Integer, bool> && !std::is_same_v<Integer, int64_t>)
   PreparedStatement& bind(size_t number, Integer value) {
      if constexpr (std::is_unsigned_v<Integer> && sizeof(Integer) >= sizeof(int64_t))
         if (value > Integer(INT64_MAX)) return bindUnsignedPastInt64(number, value);
      return bind(number, int64_t(value));
   }
   PreparedStatement& bind(size_t number, bool value);
   PreparedStatement& bind(size_t number, double value);
   /// A NUMERIC parameter without a detour through text, exactly and with its scale for a NUMERIC
   /// without a precision, rounded half away from zero to a NUMERIC(p,s)'s scale (others get its
   /// text form).
   PreparedStatement& bind(size_t number, Decimal value) { return bindDecimal(number, value.unscaled, value.scale); }
   /// bind(number, Decimal{unscaled, scale}): bindDecimal(1, 12345, 2) binds 123.45.
   PreparedStatement& bindDecimal(size_t number, __int128 unscaled, unsigned scale);
   /// A TIMESTAMP or TIMESTAMPTZ (the instant) parameter without a detour through text (others
   /// get its text form); Timestamp::min() and Timestamp::max() are -infinity and infinity.
   PreparedStatement& bind(size_t number, Timestamp value);
   PreparedStatement& bindNull(size_t number);
   Result execute();

   private:
   friend class Connection;
   PreparedStatement(ConnectionImpl& connection, std::shared_ptr<PreparedStatementImpl> impl);
   /// 22003: the value is past what a parameter takes.
   PreparedStatement& bindUnsignedPastInt64(size_t number, unsigned long long value);
   ConnectionImpl* connection_;
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

/// A database. Database() or Database(":memory:") is in memory. One Database serves any number
/// of Connections, each used by a thread of its own (docs/embedding.md, "Threads").
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
   const OpenOptions& options() const;
   /// What the snapshots made for analytical queries cost so far.
   SnapshotStats snapshotStats() const;

   private:
   friend class Connection;
   std::unique_ptr<DatabaseImpl> impl_;
};

/// A session on a Database. Statements run in autocommit mode until BEGIN; transactions of
/// different connections run one after the other, never interleaved.
///
/// A connection runs one call at a time: a call made while another thread's call runs on it
/// fails with 55000 (object_not_in_prerequisite_state) instead of racing it. cancel() is the
/// exception, callable from anywhere.
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
   /// Runs one or more statements as query() does; the last one's rows come in chunks while it
   /// runs, not all at once (see ResultStream).
   ResultStream stream(const std::string& sql);
   /// Prepares one statement (SELECT, INSERT, UPDATE, DELETE) with parameters $1, $2, ...
   PreparedStatement prepare(const std::string& sql);
   /// Statement timings (Result::stats) are measured unless turned off: without them a statement
   /// run from cached machine code reads no clock (two reads cost a few percent of a point query).
   /// Compile times are always measured.
   void setTiming(bool on);
   /// Asks the statement running on this connection to stop: it fails with 57014 (changing
   /// nothing) at its next check, between blocks of rows. Callable from any thread and from a
   /// signal handler; a statement that starts later is not affected.
   void cancel();

   private:
   std::unique_ptr<ConnectionImpl> impl_;
};

/// Splits SQL text into statements at top-level ';' (respecting quotes and comments).
/// Returns the complete statements; `rest` receives the unfinished tail (for a shell).
std::vector<std::string> splitStatements(const std::string& text, std::string* rest = nullptr);

}  // namespace kiln
