#include "sqlite_tpcc_engine.h"

#include "sqlite_dialect.h"

#include <sqlite3.h>

#include <charconv>
#include <cmath>
#include <cstdlib>

namespace kiln::bench {

namespace {

TpccError sqliteError(sqlite3* db, const std::string& sql) {
   int code = sqlite3_extended_errcode(db);
   // The SQLSTATEs PostgreSQL would give the two constraint violations TPC-C could run into.
   std::string state = code == SQLITE_CONSTRAINT_PRIMARYKEY || code == SQLITE_CONSTRAINT_UNIQUE ? "23505"
                       : code == SQLITE_CONSTRAINT_NOTNULL                                      ? "23502"
                                                                                                : "sqlite " + std::to_string(code);
   return TpccError(state, sqlite3_errmsg(db), sql);
}

/// "$12" -> "?12": SQLite reads $12 as a named parameter numbered by order of appearance.
std::string sqliteParameters(const std::string& sql) {
   std::string text = sql;
   for (char& c : text)
      if (c == '$') c = '?';
   return text;
}

int64_t powerOfTen(int exponent) {
   int64_t power = 1;
   while (exponent-- > 0) power *= 10;
   return power;
}

/// The shortest text that reads back as the same double.
std::string shortestText(double value) {
   char text[32];
   auto [end, error] = std::to_chars(text, text + sizeof(text), value);
   return std::string(text, end);
}

struct Value {
   int type = SQLITE_NULL;
   int64_t integer = 0;
   double real = 0;
   std::string text;
};

class SqliteStatement : public TpccStatement {
   public:
   SqliteStatement(sqlite3* db, std::string sql) : db_(db), sql_(std::move(sql)) {
      if (sqlite3_prepare_v2(db_, sqliteParameters(toSqliteDialect(sql_)).c_str(), -1, &statement_, nullptr) != SQLITE_OK) throw sqliteError(db_, sql_);
      columns_ = size_t(sqlite3_column_count(statement_));
   }
   ~SqliteStatement() override { sqlite3_finalize(statement_); }

   void bindInt(size_t number, int64_t value) override { check(sqlite3_bind_int64(statement_, int(number), value)); }
   void bindText(size_t number, std::string_view value) override {
      check(sqlite3_bind_text(statement_, int(number), value.data(), int(value.size()), SQLITE_TRANSIENT));
   }
   void bindDecimal(size_t number, int64_t unscaled, int scale) override {
      check(sqlite3_bind_double(statement_, int(number), double(unscaled) / double(powerOfTen(scale))));
   }
   void bindTimestamp(size_t number, int64_t unixMicros) override { bindText(number, timestampText(unixMicros)); }

   /// Steps to the end and resets, so the statement can be bound again right away.
   void execute() override {
      values_.clear();
      int status;
      while ((status = sqlite3_step(statement_)) == SQLITE_ROW)
         for (size_t c = 0; c < columns_; ++c) values_.push_back(read(int(c)));
      if (status != SQLITE_DONE) {
         TpccError error = sqliteError(db_, sql_);
         sqlite3_reset(statement_);
         throw error;
      }
      changes_ = uint64_t(sqlite3_changes(db_));
      sqlite3_reset(statement_);
   }

   size_t columnCount() const override { return columns_; }
   void clearBindings() { sqlite3_clear_bindings(statement_); }

   size_t rowCount() const override { return columns_ ? values_.size() / columns_ : 0; }
   uint64_t rowsAffected() const override { return changes_; }
   bool isNull(size_t row, size_t column) const override { return at(row, column).type == SQLITE_NULL; }
   int64_t getInt(size_t row, size_t column) const override {
      const Value& value = at(row, column);
      if (value.type == SQLITE_FLOAT) return int64_t(value.real);
      if (value.type == SQLITE_TEXT) return std::strtoll(value.text.c_str(), nullptr, 10);
      return value.integer;
   }
   std::string getText(size_t row, size_t column) const override {
      const Value& value = at(row, column);
      if (value.type == SQLITE_INTEGER) return std::to_string(value.integer);
      if (value.type == SQLITE_FLOAT) return shortestText(value.real);
      return value.text;
   }
   int64_t getDecimal(size_t row, size_t column, int scale) const override {
      const Value& value = at(row, column);
      if (value.type == SQLITE_INTEGER) return value.integer * powerOfTen(scale);
      double number = value.type == SQLITE_FLOAT ? value.real : std::strtod(value.text.c_str(), nullptr);
      return std::llround(number * double(powerOfTen(scale)));
   }

   private:
   void check(int status) {
      if (status != SQLITE_OK) throw sqliteError(db_, sql_);
   }
   Value read(int column) const {
      Value value;
      value.type = sqlite3_column_type(statement_, column);
      if (value.type == SQLITE_INTEGER) value.integer = sqlite3_column_int64(statement_, column);
      else if (value.type == SQLITE_FLOAT) value.real = sqlite3_column_double(statement_, column);
      else if (value.type != SQLITE_NULL) value.text = reinterpret_cast<const char*>(sqlite3_column_text(statement_, column));
      return value;
   }
   const Value& at(size_t row, size_t column) const { return values_[row * columns_ + column]; }

   sqlite3* db_;
   std::string sql_;
   sqlite3_stmt* statement_ = nullptr;
   size_t columns_ = 0;
   std::vector<Value> values_;  // row-major
   uint64_t changes_ = 0;
};

/// Binds each field into a prepared INSERT; the whole table is one transaction.
class SqliteRowWriter : public RowWriter {
   public:
   SqliteRowWriter(SqliteTpccEngine& engine, sqlite3* db, const std::string& table) : engine_(engine) {
      size_t columns = SqliteStatement(db, "SELECT * FROM " + table).columnCount();
      std::string insert = "INSERT INTO " + table + " VALUES (";
      for (size_t c = 1; c <= columns; ++c) insert += (c > 1 ? ", $" : "$") + std::to_string(c);
      insert_ = std::make_unique<SqliteStatement>(db, insert + ")");
      engine_.execute("BEGIN");
   }

   void text(std::string_view value) override { insert_->bindText(++field_, value); }
   void integer(int64_t value) override { insert_->bindInt(++field_, value); }
   void decimal(int64_t unscaled, int scale) override { insert_->bindDecimal(++field_, unscaled, scale); }
   void timestamp(int64_t unixMicros) override { insert_->bindTimestamp(++field_, unixMicros); }
   void null() override { ++field_; }  // bindings are cleared after every row
   void endRow() override {
      insert_->execute();
      insert_->clearBindings();
      field_ = 0;
      ++rows_;
   }
   uint64_t finish() override {
      engine_.execute("COMMIT");
      return rows_;
   }

   private:
   SqliteTpccEngine& engine_;
   std::unique_ptr<SqliteStatement> insert_;
   size_t field_ = 0;
   uint64_t rows_ = 0;
};

/// PostgreSQL's ascii(text): the code of the first character (0 for the empty string).
void asciiFunction(sqlite3_context* context, int, sqlite3_value** arguments) {
   if (sqlite3_value_type(arguments[0]) == SQLITE_NULL) return sqlite3_result_null(context);
   const unsigned char* text = sqlite3_value_text(arguments[0]);
   sqlite3_result_int(context, text ? text[0] : 0);
}

/// PostgreSQL's mod(): an integer for integers (SQLite's own gives a double), the dividend's sign.
void modFunction(sqlite3_context* context, int, sqlite3_value** arguments) {
   if (sqlite3_value_type(arguments[0]) == SQLITE_NULL || sqlite3_value_type(arguments[1]) == SQLITE_NULL) return sqlite3_result_null(context);
   if (sqlite3_value_numeric_type(arguments[0]) == SQLITE_INTEGER && sqlite3_value_numeric_type(arguments[1]) == SQLITE_INTEGER) {
      sqlite3_int64 divisor = sqlite3_value_int64(arguments[1]);
      if (divisor == 0) return sqlite3_result_error(context, "division by zero", -1);
      // INT64_MIN % -1 overflows in C++; its remainder is 0.
      return sqlite3_result_int64(context, divisor == -1 ? 0 : sqlite3_value_int64(arguments[0]) % divisor);
   }
   double divisor = sqlite3_value_double(arguments[1]);
   if (divisor == 0) return sqlite3_result_error(context, "division by zero", -1);
   sqlite3_result_double(context, std::fmod(sqlite3_value_double(arguments[0]), divisor));
}

void exec(sqlite3* db, const std::string& sql) {
   if (sqlite3_exec(db, sql.c_str(), nullptr, nullptr, nullptr) != SQLITE_OK) throw sqliteError(db, sql);
}

/// Opens `path` and makes it read PostgreSQL's statements as PostgreSQL would.
sqlite3* openConnection(const std::string& path) {
   sqlite3* db = nullptr;
   if (sqlite3_open(path.c_str(), &db) != SQLITE_OK) {
      TpccError error = sqliteError(db, "sqlite3_open(\"" + path + "\")");
      sqlite3_close(db);
      throw error;
   }
   exec(db, "PRAGMA case_sensitive_like = ON");
   constexpr int flags = SQLITE_UTF8 | SQLITE_DETERMINISTIC;
   sqlite3_create_function(db, "ascii", 1, flags, nullptr, asciiFunction, nullptr, nullptr);
   sqlite3_create_function(db, "mod", 2, flags, nullptr, modFunction, nullptr, nullptr);
   return db;
}

/// WAL mode on every connection: readers and the writer wait for each other only briefly (a
/// checkpoint), and pages are read through a memory map instead of read() calls.
void useWriteAheadLog(sqlite3* db) {
   exec(db, "PRAGMA journal_mode = WAL");
   exec(db, "PRAGMA busy_timeout = 60000");
   exec(db, "PRAGMA mmap_size = 17179869184");
}

}  // namespace

SqliteTpccEngine::SharedConnection::~SharedConnection() { sqlite3_close(db); }

SqliteTpccEngine::SqliteTpccEngine(const std::string& path, Journal journal)
   : connection_(std::make_shared<SharedConnection>()), path_(path), journal_(journal) {
   connection_->db = openConnection(path);
   db_ = connection_->db;
   if (journal == Journal::WriteAheadLog) useWriteAheadLog(db_);
}

SqliteTpccEngine::SqliteTpccEngine(std::shared_ptr<SharedConnection> connection, std::string path, Journal journal)
   : connection_(std::move(connection)), db_(connection_->db), path_(std::move(path)), journal_(journal) {}

// The statements go before the connection can close (sqlite3_close refuses while any is left).
SqliteTpccEngine::~SqliteTpccEngine() { plainStatements_.clear(); }

std::unique_ptr<TpccEngine> SqliteTpccEngine::openSession() { return std::unique_ptr<TpccEngine>(new SqliteTpccEngine(connection_, path_, journal_)); }

std::unique_ptr<TpccEngine> SqliteTpccEngine::openReader() {
   if (journal_ != Journal::WriteAheadLog) throw TpccError("0A000", "a reader beside the writer needs SQLite's WAL mode", "");
   return std::make_unique<SqliteTpccEngine>(path_, journal_);
}

void SqliteTpccEngine::cancel() { sqlite3_interrupt(db_); }

void SqliteTpccEngine::begin() {
   std::unique_lock lock(connection_->transactionLock);
   execute("BEGIN");
   transaction_ = std::move(lock);
}

void SqliteTpccEngine::commit() { end("COMMIT"); }

void SqliteTpccEngine::rollback() { end("ROLLBACK"); }

void SqliteTpccEngine::end(const std::string& sql) {
   // The turn ends with the transaction, also when ending it fails (the run stops then).
   std::unique_lock lock = std::move(transaction_);
   execute(sql);
}

std::string SqliteTpccEngine::version() const { return sqlite3_libversion(); }

void SqliteTpccEngine::execute(const std::string& sql) {
   auto [entry, added] = plainStatements_.try_emplace(sql);
   if (added) {
      try {
         entry->second = std::make_unique<SqliteStatement>(db_, sql);
      } catch (const TpccError&) {
         plainStatements_.erase(entry);
         throw;
      }
   }
   entry->second->execute();
}

std::unique_ptr<TpccStatement> SqliteTpccEngine::prepare(const std::string& sql) { return std::make_unique<SqliteStatement>(db_, sql); }

std::unique_ptr<TpccStatement> SqliteTpccEngine::runText(const std::string& sql) {
   auto statement = std::make_unique<SqliteStatement>(db_, sql);  // sqlite3_prepare_v2, then step
   statement->execute();
   return statement;
}

std::unique_ptr<RowWriter> SqliteTpccEngine::load(const std::string& table) { return std::make_unique<SqliteRowWriter>(*this, db_, table); }

std::vector<std::string> SqliteTpccEngine::notes() const {
   if (journal_ == Journal::WriteAheadLog)
      return {"sqlite: database file in WAL mode (synchronous = FULL, mmap_size 16 GiB), readers on connections of their own; DECIMAL columns hold doubles"};
   if (path_ == ":memory:") return {"sqlite: in memory (\":memory:\"); DECIMAL columns hold doubles"};
   return {"sqlite: database file with SQLite's defaults (journal_mode = DELETE, synchronous = FULL); DECIMAL columns hold doubles"};
}

}  // namespace kiln::bench
