#include "kiln_tpcc_engine.h"

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <filesystem>

namespace kiln::bench {

namespace {

TpccError translate(const kiln::Error& error, const std::string& sql) { return TpccError(error.sqlstate(), error.message(), sql); }

int64_t powerOfTen(int exponent) {
   int64_t power = 1;
   while (exponent-- > 0) power *= 10;
   return power;
}

/// What a statement's last execution returned.
class KilnRows : public TpccStatement {
   public:
   explicit KilnRows(std::string sql) : sql_(std::move(sql)) {}

   size_t rowCount() const override { return result_.rowCount(); }
   size_t columnCount() const override { return result_.columnCount(); }
   uint64_t rowsAffected() const override { return result_.rowsAffected(); }
   bool isNull(size_t row, size_t column) const override { return result_.isNull(row, column); }
   int64_t getInt(size_t row, size_t column) const override { return result_.getInt64(row, column); }
   std::string getText(size_t row, size_t column) const override { return result_.getString(row, column); }
   int64_t getDecimal(size_t row, size_t column, int scale) const override {
      kiln::SqlType type = result_.columnType(column);
      if (type.isInteger()) return result_.getInt64(row, column) * powerOfTen(scale);
      if (type.id != kiln::TypeId::Decimal) return std::llround(result_.getDouble(row, column) * double(powerOfTen(scale)));
      __int128 unscaled = result_.getDecimalUnscaled(row, column);
      if (type.scale <= scale) return int64_t(unscaled * powerOfTen(scale - type.scale));
      __int128 divisor = powerOfTen(type.scale - scale), half = divisor / 2;  // round half away from zero
      return int64_t(unscaled >= 0 ? (unscaled + half) / divisor : (unscaled - half) / divisor);
   }
   std::optional<bool> ranOnSnapshot() const override { return result_.stats().onSnapshot; }

   protected:
   template <typename Action>
   void guard(Action action) {
      try {
         action();
      } catch (const kiln::Error& error) {
         throw translate(error, sql_);
      }
   }

   std::string sql_;
   kiln::Result result_;
};

class KilnStatement : public KilnRows {
   public:
   KilnStatement(kiln::PreparedStatement statement, std::string sql) : KilnRows(std::move(sql)), statement_(std::move(statement)) {}

   void bindInt(size_t number, int64_t value) override {
      guard([&] { statement_.bind(number, value); });
   }
   void bindText(size_t number, std::string_view value) override {
      guard([&] { statement_.bind(number, value); });
   }
   void bindDecimal(size_t number, int64_t unscaled, int scale) override {
      guard([&] { statement_.bindDecimal(number, unscaled, unsigned(scale)); });
   }
   void bindTimestamp(size_t number, int64_t unixMicros) override {
      guard([&] { statement_.bind(number, kiln::Timestamp(std::chrono::microseconds(unixMicros))); });
   }
   void execute() override {
      // The previous result is let go first, so that the statement can fill its memory again.
      result_ = kiln::Result();
      guard([&] { result_ = statement_.execute(); });
   }

   private:
   kiln::PreparedStatement statement_;
};

/// The result of a text run once through Connection::query: it has no parameters to bind.
class KilnTextResult : public KilnRows {
   public:
   KilnTextResult(kiln::Connection& connection, std::string sql) : KilnRows(std::move(sql)) {
      guard([&] { result_ = connection.query(sql_); });
   }

   void bindInt(size_t, int64_t) override { noParameters(); }
   void bindText(size_t, std::string_view) override { noParameters(); }
   void bindDecimal(size_t, int64_t, int) override { noParameters(); }
   void bindTimestamp(size_t, int64_t) override { noParameters(); }
   void execute() override { noParameters(); }

   private:
   [[noreturn]] void noParameters() const { throw TpccError("42P02", "a text run through query() has no parameters and runs once", sql_); }
};

/// Writes PostgreSQL CSV (NULL = empty unquoted field); TPC-C's strings need no quoting.
class KilnCsvWriter : public RowWriter {
   public:
   KilnCsvWriter(kiln::Connection& connection, std::string table, std::string path)
      : connection_(connection), table_(std::move(table)), path_(std::move(path)) {
      file_ = std::fopen(path_.c_str(), "w");
      if (!file_) throw TpccError("58030", "cannot write " + path_, "");
   }
   ~KilnCsvWriter() override {
      if (file_) std::fclose(file_);
      std::filesystem::remove(path_);
   }

   void text(std::string_view value) override {
      separate();
      std::fwrite(value.data(), 1, value.size(), file_);
   }
   void integer(int64_t value) override {
      separate();
      std::fprintf(file_, "%lld", static_cast<long long>(value));
   }
   void decimal(int64_t unscaled, int scale) override { text(decimalText(unscaled, scale)); }
   void timestamp(int64_t unixMicros) override { text(timestampText(unixMicros)); }
   void null() override { separate(); }
   void endRow() override {
      std::fputc('\n', file_);
      firstField_ = true;
   }
   uint64_t finish() override {
      bool written = std::fclose(file_) == 0;
      file_ = nullptr;
      if (!written) throw TpccError("58030", "cannot write " + path_, "");
      std::string copy = "COPY " + table_ + " FROM '" + path_ + "' (FORMAT csv)";
      try {
         return connection_.query(copy).rowsAffected();
      } catch (const kiln::Error& error) {
         throw translate(error, copy);
      }
   }

   private:
   void separate() {
      if (!firstField_) std::fputc(',', file_);
      firstField_ = false;
   }

   kiln::Connection& connection_;
   std::string table_;
   std::string path_;
   std::FILE* file_ = nullptr;
   bool firstField_ = true;
};

std::string makeTemporaryDirectory() {
   std::string pattern = (std::filesystem::temp_directory_path() / "kiln-tpcc-XXXXXX").string();
   if (!mkdtemp(pattern.data())) throw TpccError("58030", "cannot create a temporary directory like " + pattern, "");
   return pattern;
}

}  // namespace

namespace {

std::shared_ptr<kiln::Database> openDatabase(const std::string& path) {
   try {
      return std::make_shared<kiln::Database>(path);
   } catch (const kiln::Error& error) {
      throw translate(error, "kiln::Database(\"" + path + "\")");
   }
}

}  // namespace

KilnTpccEngine::KilnTpccEngine(const std::string& path) : KilnTpccEngine(openDatabase(path)) {}

KilnTpccEngine::KilnTpccEngine(std::shared_ptr<kiln::Database> database) : database_(std::move(database)) {
   connection_ = std::make_unique<kiln::Connection>(*database_);
   connection_->setTiming(false);  // the driver times whole transactions; statement timings go unread
}

KilnTpccEngine::~KilnTpccEngine() {
   if (!csvDirectory_.empty()) std::filesystem::remove_all(csvDirectory_);
}

void KilnTpccEngine::execute(const std::string& sql) {
   try {
      connection_->query(sql);
   } catch (const kiln::Error& error) {
      throw translate(error, sql);
   }
}

std::unique_ptr<TpccStatement> KilnTpccEngine::prepare(const std::string& sql) {
   try {
      return std::make_unique<KilnStatement>(connection_->prepare(sql), sql);
   } catch (const kiln::Error& error) {
      throw translate(error, sql);
   }
}

std::unique_ptr<TpccStatement> KilnTpccEngine::runText(const std::string& sql) { return std::make_unique<KilnTextResult>(*connection_, sql); }

std::unique_ptr<TpccEngine> KilnTpccEngine::openSession() { return std::make_unique<KilnTpccEngine>(database_); }

std::unique_ptr<TpccEngine> KilnTpccEngine::openReader() {
   auto reader = std::make_unique<KilnTpccEngine>(database_);
   reader->connection_->setTiming(true);
   return reader;
}

std::optional<SnapshotCounters> KilnTpccEngine::snapshotCounters() const {
   kiln::SnapshotStats stats = database_->snapshotStats();
   return SnapshotCounters{stats.made, stats.queries, stats.makeMsTotal, stats.makeMsMax, stats.ageMsTotal, stats.failures};
}

std::unique_ptr<RowWriter> KilnTpccEngine::load(const std::string& table) {
   if (csvDirectory_.empty()) csvDirectory_ = makeTemporaryDirectory();
   return std::make_unique<KilnCsvWriter>(*connection_, table, csvDirectory_ + "/" + table + ".csv");
}

}  // namespace kiln::bench
