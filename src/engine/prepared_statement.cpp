#include <algorithm>
#include <cstdint>
#include <functional>

#include "common/decimal.h"
#include "common/time_zone.h"
#include "common/timestamp.h"
#include "common/utf8.h"
#include "common/value.h"
#include "engine/connection_impl.h"
#include "engine/database_impl.h"
#include "engine/prepared_statement_impl.h"
#include "engine/result_data.h"
#include "engine/transaction_modes.h"
#include "storage/table.h"

namespace kiln {

PreparedStatementImpl::PreparedStatementImpl(std::string sqlText, const std::vector<SqlType>& declared) : text(std::move(sqlText)), declaredTypes(declared) {
   parsed = std::make_unique<ParsedScript>(text);
   if (parsed->size() != 1) throw Error("42601", "cannot prepare " + std::string(parsed->size() ? "several statements" : "an empty statement"));
   node = &parsed->statement(0);
   if (node->node_case == PG_QUERY__NODE__NODE_PREPARE_STMT) node = node->prepare_stmt->query;
   auto kind = node->node_case;
   if (kind == PG_QUERY__NODE__NODE_SELECT_STMT && node->select_stmt->into_clause)
      throw Error("0A000", "SELECT ... INTO cannot be prepared: use CREATE TABLE ... AS");
   if (kind != PG_QUERY__NODE__NODE_SELECT_STMT && kind != PG_QUERY__NODE__NODE_INSERT_STMT && kind != PG_QUERY__NODE__NODE_UPDATE_STMT &&
       kind != PG_QUERY__NODE__NODE_DELETE_STMT)
      throw Error("42601", "only SELECT, VALUES, INSERT, UPDATE and DELETE can be prepared");
   onlyReads = readsOnly(*node);
}

namespace {
/// Runs after which a prepared statement's code is optimized. Optimizing costs milliseconds more
/// (a 10-row UPDATE ... FROM (VALUES ...) ... RETURNING: 16.8 instead of 4.6 ms) and repays them
/// over thousands of runs (a transaction benchmark with all code optimized: median of three runs
/// 52,302 against 48,692 transactions per second).
constexpr uint64_t runsBeforeOptimizing = 1000;
}  // namespace

bool PreparedStatementImpl::bindingHolds(const DatabaseImpl& database) const {
   if (!statement || catalogVersion != database.catalogVersion) return false;
   // Only while the catalog is unchanged are the scanned tables sure to exist (one dropped since is freed).
   for (const Scan& scan : scans) {
      size_t rows = scan.table->liveRowCount();
      bool resized = std::max(rows, scan.rows) > 4 * std::min(rows, scan.rows) + 1000;
      if (scan.table->hasDeletedRows() != scan.hadDeletedRows || resized) return false;
   }
   return true;
}

bool PreparedStatementImpl::countRun() { return compiled.module && ++runs == runsBeforeOptimizing && !compiled.optimizeAll; }

void PreparedStatementImpl::refresh(DatabaseImpl& database) {
   // Counts the runs of machine code (the run that compiles it comes before).
   bool optimizeNow = countRun();
   if (!optimizeNow && bindingHolds(database)) return;
   bind(database);
}

void PreparedStatementImpl::bind(DatabaseImpl& database) {
   lastResult.reset();  // its column names may be the old binding's (ResultData::clearForReuse)
   statement = bindStatement(*node, text, database.catalog, declaredTypes);
   catalogVersion = database.catalogVersion;
   compiled = CompiledQuery();
   compiled.optimizeAll = runs >= runsBeforeOptimizing;
   scans.clear();
   QueryPlan* plan = planOf(*statement);
   std::function<void(const Operator&)> findScans = [&](const Operator& op) {
      if (op.kind == OperatorKind::TableScan) {
         const Table* table = static_cast<const TableScan&>(op).table;
         scans.push_back({table, table->hasDeletedRows(), table->liveRowCount()});
      }
      for (auto& child : op.children) findScans(*child);
   };
   findScans(*plan->root);
   takeParameterTypes();
}

void PreparedStatementImpl::takeParameterTypes() {
   QueryPlan* plan = planOf(*statement);
   std::vector<SqlType> parameterTypes;
   for (size_t i = 1; i <= plan->ius.parameterCount(); ++i) {
      SqlType type = plan->ius.parameter(i);
      parameterTypes.push_back(type.id == TypeId::Unknown ? SqlType::text() : type);
   }
   parameters.setTypes(parameterTypes);
}

std::shared_ptr<ResultData> PreparedStatementImpl::takeReusableResult() {
   if (!lastResult || lastResult.use_count() > 1) return nullptr;
   lastResult->clearForReuse();
   return std::move(lastResult);
}

PreparedStatement::PreparedStatement(ConnectionImpl& connection, std::shared_ptr<PreparedStatementImpl> impl)
   : connection_(&connection), impl_(std::move(impl)) {}

size_t PreparedStatement::parameterCount() const { return impl_->parameters.size(); }

[[noreturn]] static void noSuchParameter(size_t number) { throw Error("42P02", "there is no parameter $" + std::to_string(number)); }

/// The type of parameter `number` (from 1). Inlined into the binds: a bind is a few instructions
/// more than the store, and a transaction binds hundreds of values.
static SqlType typeOf(const PreparedStatementImpl& impl, size_t number) {
   if (number - 1 >= impl.parameters.size()) [[unlikely]]
      noSuchParameter(number);
   return impl.parameters.type(number - 1);
}

SqlType PreparedStatement::parameterType(size_t number) const { return typeOf(*impl_, number); }

PreparedStatement& PreparedStatement::bind(size_t number, std::string_view text) {
   SqlType type = typeOf(*impl_, number);
   requireValidUtf8(text);  // as PostgreSQL checks every parameter in text format
   if (type.id == TypeId::Text || type.id == TypeId::Varchar || type.id == TypeId::Char) {
      impl_->parameters.setString(number - 1, text::fitString(text, type));  // may throw: the bound value stays
   } else {
      // As PostgreSQL reads a bound value: a timestamptz in the session's time zone (which a
      // statement running on the connection may change meanwhile).
      ExclusiveUse::Scope use(connection_->inUse);
      TimeZone::Scope zone(*connection_->timeZone_);
      impl_->parameters.set(number - 1, parseValue(text, type));
   }
   return *this;
}

[[noreturn]] static void outOfRange(int64_t value, SqlType type) {
   throw Error("22003", "value \"" + std::to_string(value) + "\" is out of range for type " + type.toString());
}

/// An integer bind other than the common one: an unknown parameter (42P02), a value out of the
/// parameter's range (22003), or a parameter of another type (the value goes in as its text
/// would). Kept out of line: the common bind then needs no stack frame.
[[gnu::noinline]] static void bindIntegerOtherwise(PreparedStatement& statement, PreparedStatementImpl& impl, size_t number, int64_t value) {
   if (number - 1 >= impl.parameters.size()) noSuchParameter(number);
   if (impl.parameters.bindInteger(number - 1, value) == ParameterValues::IntegerBind::OutOfRange) outOfRange(value, impl.parameters.type(number - 1));
   statement.bind(number, std::to_string(value));
}

PreparedStatement& PreparedStatement::bind(size_t number, int64_t value) {
   // Integers go in directly (no detour through text), range-checked as text input would be.
   if (number - 1 < impl_->parameters.size()) [[likely]]
      if (impl_->parameters.bindInteger(number - 1, value) == ParameterValues::IntegerBind::Stored) return *this;
   bindIntegerOtherwise(*this, *impl_, number, value);
   return *this;
}

PreparedStatement& PreparedStatement::bindDecimal(size_t number, __int128 unscaled, unsigned scale) {
   SqlType type = typeOf(*impl_, number);
   if (type.id == TypeId::Numeric) {
      impl_->parameters.set(number - 1, Value::ofNumeric(Numeric::fromUnscaled(unscaled, int(scale))));
      return *this;
   }
   if (type.id != TypeId::Decimal) return bind(number, decimal::format(unscaled, scale));
   impl_->parameters.setDecimal(number - 1, text::fitDecimal(unscaled, scale, type));
   return *this;
}

PreparedStatement& PreparedStatement::bindUnsignedPastInt64(size_t number, unsigned long long value) {
   throw Error("22003", "value \"" + std::to_string(value) + "\" is out of range for type " + typeOf(*impl_, number).toString());
}

PreparedStatement& PreparedStatement::bind(size_t number, bool value) { return bind(number, std::string_view(value ? "true" : "false")); }

PreparedStatement& PreparedStatement::bind(size_t number, double value) { return bind(number, text::formatDouble(value, false)); }

PreparedStatement& PreparedStatement::bind(size_t number, Timestamp value) {
   SqlType type = typeOf(*impl_, number);
   // Timestamp::min() and max() are -infinity and infinity (as Result::getTimestamp gives them).
   int64_t micros = value == Timestamp::max() ? timestamp::infinity : value == Timestamp::min() ? timestamp::minusInfinity : 0;
   if (micros == 0 && __builtin_sub_overflow(value.time_since_epoch().count(), timestamp::unixEpochOffset, &micros))
      throw Error("22008", "timestamp out of range");
   if (type.id != TypeId::Timestamp && type.id != TypeId::TimestampTz) return bind(number, timestamp::format(micros));
   micros = timestamp::round(micros, type.fractionalDigits());
   if (timestamp::isFinite(micros) && !timestamp::inRange(micros)) throw Error("22008", "timestamp out of range");
   impl_->parameters.setInteger(number - 1, micros);
   return *this;
}

PreparedStatement& PreparedStatement::bindNull(size_t number) {
   typeOf(*impl_, number);  // checks the number
   impl_->parameters.setNull(number - 1);
   return *this;
}

Result PreparedStatement::execute() {
   ExclusiveUse::Scope use(connection_->inUse);
   return connection_->execute(*impl_);
}

}  // namespace kiln
