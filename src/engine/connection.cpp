#include <cctype>
#include <chrono>
#include <cmath>
#include <optional>

#include "common/statement_interrupt.h"
#include "common/transaction_clock.h"
#include "common/time_zone.h"
#include "engine/modifying_with.h"
#include "engine/prepared_statement_impl.h"
#include "engine/connection_settings.h"
#include "engine/timeout_settings.h"
#include "engine/session_settings.h"
#include "engine/synchronous_commit_setting.h"
#include "engine/time_zone_setting.h"
#include "storage/redo.h"
#include "storage/sequence.h"
#include "engine/statement_executor.h"
#include "parser/expression_binder.h"
#include "parser/pg_parser.h"
#include "parser/schema_names.h"
#include "parser/type_rules.h"

namespace kiln {

namespace {

/// libpg_query reports byte offsets; PostgreSQL reports character positions.
int characterPosition(const std::string& sql, int bytePosition) {
   int characters = 0;
   for (int i = 0; i < bytePosition - 1 && size_t(i) < sql.size(); ++i) characters += (static_cast<unsigned char>(sql[size_t(i)]) & 0xC0) != 0x80;
   return characters + 1;
}

/// Appends the transaction's redo records to the log; returns the position to wait for before
/// reporting the commit (0: nothing to wait for, as without synchronous commit).
uint64_t commitLog(DatabaseImpl& db, bool synchronous) {
   std::string& records = db.pendingRedo.buffer();
   uint64_t position = 0;
   if (db.durability && !records.empty()) position = db.durability->commit(records, synchronous);
   records.clear();
   return synchronous ? position : 0;
}

/// Group commit: the commit is reported once the log is on disk up to its record.
void waitDurable(DatabaseImpl& db, uint64_t position) {
   if (position && db.durability) db.durability->waitDurable(position);
}

/// Undoes the running transaction's changes after undo log `mark`. Statements bound since then
/// may name what that drops (or miss what it brings back) when it undoes DDL.
void undoAfter(DatabaseImpl& db, size_t mark) {
   if (db.undo.changesSchemaAfter(mark)) ++db.catalogVersion;
   db.undo.rollbackTo(mark, db.catalog);
   // Sequences stay advanced (nextval is not undone), but the records of their state may go with
   // the undone ones: they are logged again now, on their own.
   if (db.catalog.hasSequences() && db.durability) {
      for (Sequence* sequence : db.catalog.sequences()) sequence->unlogged = true;
      BinaryWriter states;
      encodeSequenceStates(db.catalog, states);
      waitDurable(db, db.durability->commit(states.buffer(), true));
   }
}

/// Undoes the whole running transaction; nothing of it reaches the log.
void undoTransaction(DatabaseImpl& db) {
   db.pendingRedo.buffer().clear();
   undoAfter(db, 0);
}

Error abortedBlock() { return Error("25P02", "current transaction is aborted, commands ignored until end of transaction block"); }

std::shared_ptr<ResultData> tagged(const char* tag) {
   auto result = std::make_shared<ResultData>();
   result->statusTag = tag;
   return result;
}

/// The result of BEGIN, COMMIT or ROLLBACK, made once: it never differs, and applications send
/// these with every transaction.
std::shared_ptr<const ResultData> transactionResult(PgQuery__TransactionStmtKind kind) {
   static const std::shared_ptr<const ResultData> begin = tagged("BEGIN"), commit = tagged("COMMIT"), rollback = tagged("ROLLBACK");
   return kind == PG_QUERY__TRANSACTION_STMT_KIND__TRANS_STMT_BEGIN ? begin : kind == PG_QUERY__TRANSACTION_STMT_KIND__TRANS_STMT_COMMIT ? commit : rollback;
}

/// BEGIN, COMMIT, ROLLBACK, END or ABORT alone (any case, optional semicolon): the transaction
/// statement it is, without a trip through the parser (applications send these constantly).
std::optional<PgQuery__TransactionStmtKind> bareTransactionStatement(const std::string& sql) {
   size_t begin = sql.find_first_not_of(" \t\r\n"), end = sql.find_last_not_of(" \t\r\n;");
   if (begin == std::string::npos || end == std::string::npos || end < begin || end - begin > 8) return std::nullopt;
   if (sql.find(';') < end) return std::nullopt;
   std::string_view word(sql.data() + begin, end - begin + 1);
   // ASCII letters in either case (c | 0x20 is a lowercase letter only for a letter).
   auto is = [&](std::string_view keyword) {
      if (word.size() != keyword.size()) return false;
      for (size_t i = 0; i < word.size(); ++i)
         if (char(word[i] | 0x20) != keyword[i]) return false;
      return true;
   };
   if (is("begin")) return PG_QUERY__TRANSACTION_STMT_KIND__TRANS_STMT_BEGIN;
   if (is("commit") || is("end")) return PG_QUERY__TRANSACTION_STMT_KIND__TRANS_STMT_COMMIT;
   if (is("rollback") || is("abort")) return PG_QUERY__TRANSACTION_STMT_KIND__TRANS_STMT_ROLLBACK;
   return std::nullopt;
}

/// Rethrows the exception being handled, one that is not an Error as users see it: running out of
/// memory is 53200.
[[noreturn]] void rethrowAsError() {
   try {
      throw;
   } catch (const std::bad_alloc&) {
      throw Error("53200", "out of memory");
   }
}

}  // namespace

Connection::Connection(Database& database)
   : database_(database), timeZone_(TimeZone::utc()), sequences_(std::make_shared<SequenceSession>()) {
   sequences_->catalog = &database.impl().catalog;
}

Connection::~Connection() {
   if (!inTransaction_) return;
   undoTransaction(database_.impl());
   endTransaction();
}

Result Connection::query(const std::string& sql) {
   if (auto kind = bareTransactionStatement(sql)) return Result(control(int(*kind)));  // without a vector of results
   std::vector<Result> results = queryAll(sql);
   return results.empty() ? Result() : results.back();
}

std::vector<Result> Connection::queryAll(const std::string& sql) {
   // Any error in a transaction block aborts it, as in PostgreSQL: also one of a statement that
   // runs outside statement() (SET, SHOW, CREATE SCHEMA, a syntax error).
   try {
      return run(sql);
   } catch (Error& error) {
      if (error.position() > 0) error.setPosition(characterPosition(sql, error.position()));
      if (inTransaction_) aborted_ = true;
      throw;
   } catch (...) {
      if (inTransaction_) aborted_ = true;
      rethrowAsError();
   }
}

std::shared_ptr<const ResultData> Connection::statement(const std::function<std::shared_ptr<ResultData>()>& work) {
   using Clock = std::chrono::steady_clock;
   DatabaseImpl& db = database_.impl();
   cancelRequested_.store(false, std::memory_order_relaxed);
   statementTimedOut_.store(false, std::memory_order_relaxed);
   // statement_timeout counts from here, a wait for the turn included (as PostgreSQL's).
   struct Watched {
      StatementWatchdog* watchdog = nullptr;
      const void* owner = nullptr;
      ~Watched() {
         if (watchdog) watchdog->disarm(owner);
      }
   } watched;
   if (statementTimeoutMs_ > 0) {
      db.watchdog.arm(this, Clock::now() + std::chrono::milliseconds(statementTimeoutMs_), cancelRequested_, statementTimedOut_);
      watched = {&db.watchdog, this};
   }
   // Each statement runs in the connection's transaction, or in one of its own (autocommit).
   if (!inTransaction_) {
      waitForTurn();
      transactionTime_ = TransactionClock::unread;
   }
   if (aborted_) throw abortedBlock();
   size_t mark = db.undo.mark();
   auto start = timing_ ? Clock::now() : Clock::time_point();
   std::shared_ptr<ResultData> data;
   uint64_t durableAt = 0;
   StatementInterrupt interrupt(cancelRequested_);
   TransactionClock clock(transactionTime_);
   TimeZone::Scope zone(*timeZone_);
   SequenceSession::Scope sequences(*sequences_);
   ConnectionSettings settingsAccess(*this);
   SettingsAccess::Scope settingsScope(settingsAccess);
   try {
      data = work();
      // Its timestamptz values are shown in the zone it ran in (a reused result has it: no
      // atomic reference counting per statement).
      if (data->timeZone != timeZone_) data->timeZone = timeZone_;
      // What the statement changed, for the log (a database on disk).
      if (db.durability) encodeRedo(db.undo, mark, db.undo.mark(), db.catalog, db.pendingRedo);
      if (!inTransaction_) durableAt = commitLog(db, synchronousCommit_ != "off");
   } catch (...) {
      // A failing statement changes nothing; in a transaction block, the block is aborted.
      undoAfter(db, mark);
      settingsAccess.undoStatement();
      if (inTransaction_) {
         aborted_ = true;
      } else {
         db.undo.clear();
         db.pendingRedo.buffer().clear();
         db.turns.release(this);
      }
      if (statementTimedOut_.load(std::memory_order_relaxed)) {
         try {
            throw;
         } catch (const Error& error) {
            if (error.sqlstate() == "57014") throw cancelled();
         }
      }
      rethrowAsError();
   }
   if (!inTransaction_) {
      db.undo.clear();
      db.turns.release(this);
      waitDurable(db, durableAt);
   }
   if (!timing_) {
      data->stats.executeMs = 0;
      return data;
   }
   double ms = std::chrono::duration<double, std::milli>(Clock::now() - start).count();
   if (std::isnan(data->stats.executeMs)) data->stats.executeMs = ms - data->stats.compileMs;  // see runQuery
   data->stats.parseMs = ms - data->stats.compileMs - data->stats.executeMs;
   data->stats.totalMs = ms;
   return data;
}

PreparedStatementImpl& Connection::preparedNamed(const std::string& name) {
   auto it = prepared_.find(name);
   if (it == prepared_.end()) throw Error("26000", "prepared statement \"" + name + "\" does not exist");
   return *it->second;
}

namespace {

/// EXECUTE's arguments as the prepared statement's parameter values (bound again first if what it
/// reads changed).
void bindArguments(DatabaseImpl& database, PreparedStatementImpl& impl, const PgQuery__ExecuteStmt& execute) {
   impl.refresh(database);
   if (execute.n_params != impl.parameters.size())
      throw Error("42601", "wrong number of parameters for prepared statement \"" + std::string(execute.name) + "\"", 0,
                  "Expected " + std::to_string(impl.parameters.size()) + " parameters but got " + std::to_string(execute.n_params) + ".");
   // The arguments are constants, converted to the parameters' types.
   IUSet scratch;
   Scope empty;
   for (size_t p = 0; p < execute.n_params; ++p) {
      ExprPtr value = ExpressionBinder::coerce(ExpressionBinder(empty, scratch).bind(*execute.params[p]), impl.parameters.type(p));
      if (value->kind != ExprKind::Constant) throw Error("0A000", "EXECUTE takes constants as parameters yet", value->position);
      impl.parameters.set(p, value->constant);
   }
}

}  // namespace

std::vector<Result> Connection::run(const std::string& sql) {
   using Clock = std::chrono::steady_clock;
   DatabaseImpl& db = database_.impl();
   std::vector<Result> results;
   if (auto kind = bareTransactionStatement(sql)) {
      results.emplace_back(control(int(*kind)));
      return results;
   }
   auto parseStart = timing_ ? Clock::now() : Clock::time_point();
   ParsedScript script(sql);
   double parseMs = timing_ ? std::chrono::duration<double, std::milli>(Clock::now() - parseStart).count() / double(std::max<size_t>(1, script.size())) : 0;
   for (size_t i = 0; i < script.size(); ++i) {
      const PgQuery__Node& node = script.statement(i);
      switch (node.node_case) {
         case PG_QUERY__NODE__NODE_TRANSACTION_STMT: results.emplace_back(control(int(node.transaction_stmt->kind), node.transaction_stmt->savepoint_name)); continue;
         case PG_QUERY__NODE__NODE_PREPARE_STMT: {
            // PREPARE name [(types)] AS statement: parsed again, so that its tree outlives this script.
            const PgQuery__PrepareStmt& prepare = *node.prepare_stmt;
            std::vector<SqlType> declared;
            for (size_t t = 0; t < prepare.n_argtypes; ++t) declared.push_back(types::resolve(*prepare.argtypes[t]->type_name));
            if (prepared_.count(prepare.name)) throw Error("42P05", "prepared statement \"" + std::string(prepare.name) + "\" already exists");
            auto impl = std::make_shared<PreparedStatementImpl>(script.statementText(i), declared);
            auto data = std::const_pointer_cast<ResultData>(statement([&] {
               impl->refresh(db);
               return tagged("PREPARE");
            }));
            prepared_[prepare.name] = std::move(impl);
            results.emplace_back(std::move(data));
            continue;
         }
         case PG_QUERY__NODE__NODE_EXECUTE_STMT: {
            const PgQuery__ExecuteStmt& execute = *node.execute_stmt;
            PreparedStatementImpl& impl = preparedNamed(execute.name);
            results.emplace_back(std::const_pointer_cast<ResultData>(statement([&] {
               bindArguments(db, impl, execute);
               ExecutionInput input{&impl.compiled, &impl.parameters, nullptr};
               return executeStatement(db, *impl.statement, &input);
            })));
            continue;
         }
         case PG_QUERY__NODE__NODE_EXPLAIN_STMT: {
            if (node.explain_stmt->query->node_case != PG_QUERY__NODE__NODE_EXECUTE_STMT) break;
            const PgQuery__ExecuteStmt& execute = *node.explain_stmt->query->execute_stmt;
            ExplainStatement options = bindExplainOptions(*node.explain_stmt);
            PreparedStatementImpl& impl = preparedNamed(execute.name);
            results.emplace_back(std::const_pointer_cast<ResultData>(statement([&] {
               bindArguments(db, impl, execute);
               ExecutionInput input{&impl.compiled, &impl.parameters, nullptr};
               return explainPrepared(*impl.statement, options, input);
            })));
            continue;
         }
         case PG_QUERY__NODE__NODE_CREATE_SCHEMA_STMT:
            if (aborted_) throw abortedBlock();
            checkCreateSchema(*node.create_schema_stmt);
            results.emplace_back(tagged("CREATE SCHEMA"));
            continue;
         case PG_QUERY__NODE__NODE_DROP_STMT:
            if (node.drop_stmt->remove_type != PG_QUERY__OBJECT_TYPE__OBJECT_SCHEMA) break;
            if (aborted_) throw abortedBlock();
            checkDropSchema(*node.drop_stmt);
            results.emplace_back(tagged("DROP SCHEMA"));
            continue;
         case PG_QUERY__NODE__NODE_CHECK_POINT_STMT:
            if (inTransaction_) throw Error("25001", "CHECKPOINT cannot run inside a transaction block");
            results.emplace_back(statement([&] {
               if (db.durability) db.durability->checkpoint(true);
               return tagged("CHECKPOINT");
            }));
            continue;
         case PG_QUERY__NODE__NODE_VARIABLE_SET_STMT: {
            if (aborted_) throw abortedBlock();
            const PgQuery__VariableSetStmt& set = *node.variable_set_stmt;
            ConnectionSettings(*this).apply(set);
            bool reset = set.kind == PG_QUERY__VARIABLE_SET_KIND__VAR_RESET || set.kind == PG_QUERY__VARIABLE_SET_KIND__VAR_RESET_ALL;
            results.emplace_back(tagged(reset ? "RESET" : "SET"));
            continue;
         }
         case PG_QUERY__NODE__NODE_VARIABLE_SHOW_STMT: {
            if (aborted_) throw abortedBlock();
            std::string name = node.variable_show_stmt->name;
            if (name == "all") {
               auto data = tagged("SHOW");
               data->setTextTable({"name", "setting", "description"}, ConnectionSettings(*this).all());
               results.emplace_back(std::move(data));
               continue;
            }
            auto setting = ConnectionSettings(*this).shown(name);
            if (!setting) throw Error("42704", "unrecognized configuration parameter \"" + name + "\"");
            auto data = tagged("SHOW");
            data->setTextRows(setting->first, {setting->second});
            results.emplace_back(std::move(data));
            continue;
         }
         case PG_QUERY__NODE__NODE_DEALLOCATE_STMT: {
            std::string name = node.deallocate_stmt->name;
            if (name.empty())
               prepared_.clear();
            else if (!prepared_.erase(name))
               throw Error("26000", "prepared statement \"" + name + "\" does not exist");
            results.emplace_back(tagged(name.empty() ? "DEALLOCATE ALL" : "DEALLOCATE"));
            continue;
         }
         default: break;
      }
      auto data = statement([&] {
         if (hasModifyingWith(node)) return runModifyingWith(db, node, script.statementText(i));
         if (hasReturningSubquery(node)) return runReturningSubquery(db, node, script.statementText(i));
         // Bound after the previous statement ran: it may name what that one created.
         Statement bound = bindStatement(node, script.statementText(i), db.catalog);
         if (std::holds_alternative<CreateTableStatement>(bound) || std::holds_alternative<DropStatement>(bound) ||
             std::holds_alternative<CreateViewStatement>(bound) || std::holds_alternative<CreateIndexStatement>(bound) ||
             std::holds_alternative<AlterTableStatement>(bound) || std::holds_alternative<CreateSequenceStatement>(bound) ||
             std::holds_alternative<AlterSequenceStatement>(bound))
            ++db.catalogVersion;
         return executeStatement(db, bound);
      });
      std::const_pointer_cast<ResultData>(data)->stats.parseMs += parseMs;
      std::const_pointer_cast<ResultData>(data)->stats.totalMs += parseMs;
      results.emplace_back(data);
   }
   return results;
}

PreparedStatement Connection::prepare(const std::string& sql) {
   auto impl = std::make_shared<PreparedStatementImpl>(sql, std::vector<SqlType>{});
   statement([&] {
      impl->refresh(database_.impl());
      return tagged("PREPARE");
   });
   return PreparedStatement(*this, std::move(impl));
}

Result Connection::copyFrom(const std::string& sql, std::string_view rows) {
   DatabaseImpl& db = database_.impl();
   ParsedScript script(sql);
   auto notCopyFromStdin = [] { return Error("42601", "copyFrom takes one COPY ... FROM STDIN statement"); };
   if (script.size() != 1 || script.statement(0).node_case != PG_QUERY__NODE__NODE_COPY_STMT || !script.statement(0).copy_stmt->is_from) throw notCopyFromStdin();
   return Result(statement([&] {
      Statement bound = bindStatement(script.statement(0), script.statementText(0), db.catalog);
      auto* copy = std::get_if<CopyStatement>(&bound);
      if (!copy || !copy->path.empty()) throw notCopyFromStdin();
      copy->stdinRows = rows;
      return executeStatement(db, bound);
   }));
}

Result Connection::execute(PreparedStatementImpl& prepared) {
   DatabaseImpl& db = database_.impl();
   try {
      return Result(statement([&] {
         prepared.refresh(db);
         ExecutionInput input{&prepared.compiled, &prepared.parameters, prepared.takeReusableResult()};
         prepared.lastResult = executeStatement(db, *prepared.statement, &input);
         return prepared.lastResult;
      }));
   } catch (Error& error) {
      if (error.position() > 0) error.setPosition(characterPosition(prepared.text, error.position()));
      throw;
   }
}

std::shared_ptr<const ResultData> Connection::control(int kind, const std::string& savepointName) {
   DatabaseImpl& db = database_.impl();
   switch (PgQuery__TransactionStmtKind(kind)) {
      case PG_QUERY__TRANSACTION_STMT_KIND__TRANS_STMT_BEGIN:
      case PG_QUERY__TRANSACTION_STMT_KIND__TRANS_STMT_START:
         // As in PostgreSQL, BEGIN inside a transaction block only warns.
         if (!inTransaction_) {
            cancelRequested_.store(false, std::memory_order_relaxed);
            waitForTurn();
            db.settingsKept = false;
            inTransaction_ = true;
            aborted_ = false;
            transactionTime_ = TransactionClock::unread;
         }
         return transactionResult(PG_QUERY__TRANSACTION_STMT_KIND__TRANS_STMT_BEGIN);
      case PG_QUERY__TRANSACTION_STMT_KIND__TRANS_STMT_COMMIT:
      case PG_QUERY__TRANSACTION_STMT_KIND__TRANS_STMT_ROLLBACK: {
         bool commit = kind == PG_QUERY__TRANSACTION_STMT_KIND__TRANS_STMT_COMMIT && !aborted_;
         if (inTransaction_) {
            uint64_t durableAt = 0;
            // The block's SETs stay if it commits (its SET LOCALs end with it); ROLLBACK undoes them.
            bool setsToEnd = db.settingsKept;
            SessionSettings after;
            if (setsToEnd) after = commit ? db.settingsAtCommit : db.settingsAtBegin;
            if (commit) {
               try {
                  durableAt = commitLog(db, synchronousCommit_ != "off");
               } catch (...) {
                  // Not logged, not committed.
                  undoTransaction(db);
                  endTransaction();
                  if (setsToEnd) useSettings(db.settingsAtBegin);
                  throw;
               }
               db.undo.clear();
            } else {
               undoTransaction(db);
            }
            endTransaction();
            if (setsToEnd) useSettings(after);
            waitDurable(db, durableAt);
         }
         return transactionResult(commit ? PG_QUERY__TRANSACTION_STMT_KIND__TRANS_STMT_COMMIT : PG_QUERY__TRANSACTION_STMT_KIND__TRANS_STMT_ROLLBACK);
      }
      case PG_QUERY__TRANSACTION_STMT_KIND__TRANS_STMT_SAVEPOINT:
      case PG_QUERY__TRANSACTION_STMT_KIND__TRANS_STMT_RELEASE:
      case PG_QUERY__TRANSACTION_STMT_KIND__TRANS_STMT_ROLLBACK_TO: return savepointStatement(kind, savepointName);
      default: throw Error("0A000", "two-phase commit is not supported yet");
   }
}

std::shared_ptr<const ResultData> Connection::savepointStatement(int kind, const std::string& name) {
   DatabaseImpl& db = database_.impl();
   bool define = kind == PG_QUERY__TRANSACTION_STMT_KIND__TRANS_STMT_SAVEPOINT;
   bool rollback = kind == PG_QUERY__TRANSACTION_STMT_KIND__TRANS_STMT_ROLLBACK_TO;
   if (!inTransaction_)
      throw Error("25P01", std::string(define ? "SAVEPOINT" : rollback ? "ROLLBACK TO SAVEPOINT" : "RELEASE SAVEPOINT") + " can only be used in transaction blocks");
   // ROLLBACK TO is what makes an aborted block usable again.
   if (aborted_ && !rollback) throw abortedBlock();
   try {
      if (define) {
         if (!db.settingsKept) db.keepSettings(settings());
         db.savepoints.define({name, db.undo.mark(), db.pendingRedo.buffer().size(), settings(), db.settingsAtCommit});
         return tagged("SAVEPOINT");
      }
      if (!rollback) {
         db.savepoints.release(name);
         return tagged("RELEASE");
      }
      const Savepoints::Savepoint& savepoint = db.savepoints.rollbackTo(name);
      undoAfter(db, savepoint.undoMark);
      // What was undone must never reach the log.
      db.pendingRedo.buffer().resize(savepoint.redoSize);
      useSettings(savepoint.settings);
      db.settingsAtCommit = savepoint.settingsAtCommit;
      aborted_ = false;
      return tagged("ROLLBACK");
   } catch (...) {
      // Like any failing statement in a block (an unknown savepoint, say), it aborts the block.
      aborted_ = true;
      throw;
   }
}

SessionSettings Connection::settings() const { return {timeZone_, lockTimeoutMs_, statementTimeoutMs_, synchronousCommit_, passiveSettings_}; }

void Connection::useSettings(const SessionSettings& settings) {
   timeZone_ = settings.timeZone;
   lockTimeoutMs_ = settings.lockTimeoutMs;
   statementTimeoutMs_ = settings.statementTimeoutMs;
   synchronousCommit_ = settings.synchronousCommit;
   passiveSettings_ = settings.passive;
}

void Connection::waitForTurn() {
   using Clock = std::chrono::steady_clock;
   Clock::time_point deadline = lockTimeoutMs_ > 0 ? Clock::now() + std::chrono::milliseconds(lockTimeoutMs_) : Clock::time_point::max();
   switch (database_.impl().turns.acquire(this, deadline, cancelRequested_)) {
      case SerialTurns::Wait::Taken: return;
      case SerialTurns::Wait::TimedOut: throw Error("55P03", "canceling statement due to lock timeout");
      case SerialTurns::Wait::Cancelled: throw cancelled();
   }
}

Error Connection::cancelled() const {
   return Error("57014", statementTimedOut_.load(std::memory_order_relaxed) ? "canceling statement due to statement timeout" : "canceling statement due to user request");
}

void Connection::endTransaction() {
   database_.impl().savepoints.clear();
   inTransaction_ = aborted_ = false;
   database_.impl().turns.release(this);
}

}  // namespace kiln
