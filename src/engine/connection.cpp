#include <cctype>
#include <chrono>
#include <cmath>
#include <optional>

#include "common/statement_interrupt.h"
#include "common/time_zone.h"
#include "common/transaction_clock.h"
#include "engine/connection_impl.h"
#include "engine/connection_settings.h"
#include "engine/modifying_with.h"
#include "engine/prepared_statement_impl.h"
#include "engine/session_settings.h"
#include "engine/snapshot_routing.h"
#include "engine/statement_executor.h"
#include "engine/statement_kinds.h"
#include "engine/statement_timer.h"
#include "engine/synchronous_commit_setting.h"
#include "engine/thread_settings.h"
#include "engine/time_zone_setting.h"
#include "engine/timeout_settings.h"
#include "engine/transaction_modes.h"
#include "optimizer/optimizer.h"
#include "parser/expression_binder.h"
#include "parser/pg_parser.h"
#include "parser/schema_names.h"
#include "parser/type_rules.h"
#include "runtime/worker_pool.h"
#include "storage/redo.h"
#include "storage/sequence.h"

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

/// A transaction commits: a snapshot made from now on must hold it (one that changed nothing
/// leaves the snapshots as they were).
void countCommit(DatabaseImpl& db) {
   if (db.undo.mark() == 0) return;
   uint64_t commits = db.commits.load(std::memory_order_relaxed) + 1;
   db.commits.store(commits);
   db.snapshots.committed(commits);
}

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

/// Runs `work`, what the application sent: any error in a transaction block aborts it, as in
/// PostgreSQL, also one raised before a statement ran (a syntax error, a statement the block
/// refuses); an Error's position becomes a character position in `sql`.
template <typename Work>
auto abortingOnError(const bool& inTransaction, bool& aborted, const std::string& sql, Work&& work) {
   try {
      return work();
   } catch (Error& error) {
      if (error.position() > 0) error.setPosition(characterPosition(sql, error.position()));
      if (inTransaction) aborted = true;
      throw;
   } catch (...) {
      if (inTransaction) aborted = true;
      rethrowAsError();
   }
}

}  // namespace

ConnectionImpl::ConnectionImpl(DatabaseImpl& database) : database_(database), timeZone_(TimeZone::utc()), sequences_(std::make_shared<SequenceSession>()) {
   sequences_->catalog = &database.catalog;
   database.connections.fetch_add(1);
}

ConnectionImpl::~ConnectionImpl() {
   database_.connections.fetch_sub(1);
   if (!inTransaction_) return;
   if (!readOnlyBlock_) {
      std::lock_guard changing(database_.changing);
      undoTransaction(database_);
   }
   endTransaction();
}

Result ConnectionImpl::query(const std::string& sql) {
   if (auto kind = bareTransactionStatement(sql)) return Result(control(int(*kind)));  // without a vector of results
   std::vector<Result> results = queryAll(sql);
   return results.empty() ? Result() : results.back();
}

std::vector<Result> ConnectionImpl::queryAll(const std::string& sql) {
   return abortingOnError(inTransaction_, aborted_, sql, [&] { return run(sql); });
}

std::shared_ptr<const ResultData> ConnectionImpl::statement(const std::function<std::shared_ptr<ResultData>()>& work, bool bindsOnly) {
   DatabaseImpl& db = database_;
   cancelRequested_.store(false, std::memory_order_relaxed);
   statementTimedOut_.store(false, std::memory_order_relaxed);
   // statement_timeout counts from here, a wait for the turn included (as PostgreSQL's).
   // (A snapshot's statement is timed by its sender.)
   StatementWatchdog::Timeout timeout(db.watchdog, this, inSnapshotProcess_ ? 0 : statementTimeoutMs_, cancelRequested_, statementTimedOut_);
   // Each statement runs in the connection's transaction, or in one of its own (autocommit). One
   // of a READ ONLY block that runs here (PREPARE, say) takes the turn for itself: the block has none.
   bool ownTurn = !inTransaction_ || readOnlyBlock_;
   // Binding a read-only statement (PREPARE of a SELECT) needs no turn, only that no statement
   // changes the catalog meanwhile: it does not wait for another connection's block.
   bool beside = ownTurn && bindsOnly && !database_.turns.tryAcquire(this);
   if (beside) ownTurn = false;
   if (ownTurn) waitForTurn();
   if (ownTurn || beside) {
      if (!inTransaction_) transactionTime_ = TransactionClock::unread;
   }
   struct OwnTurn {
      DatabaseImpl& db;
      const void* owner;
      bool held;
      ~OwnTurn() {
         if (held) db.turns.release(owner);
      }
   } turn{db, this, ownTurn};
   std::unique_lock changing(db.changing);
   size_t mark = db.undo.mark();
   StatementTimer timer(timing_);
   std::shared_ptr<ResultData> data;
   uint64_t durableAt = 0;
   StatementInterrupt interrupt(cancelRequested_);
   TransactionClock clock(transactionTime_);
   TimeZone::Scope zone(*timeZone_);
   SequenceSession::Scope sequences(*sequences_);
   ConnectionSettings settingsAccess(*this);
   SettingsAccess::Scope settingsScope(settingsAccess);
   DisabledOptimizerPasses::Scope optimizerPasses(disabledOptimizerPasses(passiveSettings_));
   StatementThreads::Scope threads(size_t(effectiveThreads(threads_)));
   try {
      data = work();
      // Its timestamptz values are shown in the zone it ran in (a reused result has it: no
      // atomic reference counting per statement).
      if (data->timeZone != timeZone_) data->timeZone = timeZone_;
      // What the statement changed, for the log (a database on disk).
      if (db.durability) encodeRedo(db.undo, mark, db.undo.mark(), db.catalog, db.pendingRedo);
      if (!inTransaction_ && !beside) durableAt = commitLog(db, synchronousCommit_ != "off");
   } catch (...) {
      // A failing statement changes nothing; in a transaction block, the block is aborted.
      undoAfter(db, mark);
      settingsAccess.undoStatement();
      if (inTransaction_) aborted_ = true;
      if (ownTurn) {
         db.undo.clear();
         db.pendingRedo.buffer().clear();
      }
      changing.unlock();
      if (statementTimedOut_.load(std::memory_order_relaxed)) {
         try {
            throw;
         } catch (const Error& error) {
            if (error.sqlstate() == "57014") throw cancelled();
         }
      }
      rethrowAsError();
   }
   if (ownTurn) {
      if (!inTransaction_) countCommit(db);
      db.undo.clear();
      changing.unlock();
      db.turns.release(this);
      turn.held = false;
      waitDurable(db, durableAt);
   }
   timer.finish(data->stats);
   return data;
}

PreparedStatementImpl& ConnectionImpl::preparedNamed(const std::string& name) {
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
      impl.parameters.set(p, value->constant());
   }
}

}  // namespace

std::vector<Result> ConnectionImpl::run(const std::string& sql) {
   DatabaseImpl& db = database_;
   std::vector<Result> results;
   if (auto kind = bareTransactionStatement(sql)) {
      results.emplace_back(control(int(*kind)));
      return results;
   }
   if (auto cached = runFromCache(sql)) return std::move(*cached);
   StatementTimer parsing(timing_);
   ParsedScript script(sql);
   double parseMs = parsing.elapsedMs() / double(std::max<size_t>(1, script.size()));
   for (size_t i = 0; i < script.size(); ++i) {
      const PgQuery__Node& node = script.statement(i);
      StatementKind kind = statementKind(node);
      if (!allowedNow(kind, aborted_, readOnlyBlock_)) throw refusedNow(aborted_, node, script.statementText(i));
      std::shared_ptr<const ResultData> data;
      switch (kind) {
         case StatementKind::Begin:
         case StatementKind::Commit:
         case StatementKind::Rollback:
         case StatementKind::Savepoint:
         case StatementKind::Release:
         case StatementKind::RollbackTo:
         case StatementKind::TwoPhase: {
            const PgQuery__TransactionStmt& transaction = *node.transaction_stmt;
            int readOnlyMode = readOnlyModeOf(transaction.options, transaction.n_options);
            results.emplace_back(control(int(transaction.kind), transaction.savepoint_name, readOnlyMode));
            continue;  // its result is shared: it takes no timings
         }
         case StatementKind::Prepare: {
            // PREPARE name [(types)] AS statement: parsed again, so that its tree outlives this script.
            const PgQuery__PrepareStmt& prepare = *node.prepare_stmt;
            std::vector<SqlType> declared;
            for (size_t t = 0; t < prepare.n_argtypes; ++t) declared.push_back(types::resolve(*prepare.argtypes[t]->type_name));
            if (prepared_.count(prepare.name)) throw Error("42P05", "prepared statement \"" + std::string(prepare.name) + "\" already exists");
            auto impl = std::make_shared<PreparedStatementImpl>(script.statementText(i), declared);
            data = statement(
               [&] {
                  impl->refresh(db);
                  return tagged("PREPARE");
               },
               impl->onlyReads);
            prepared_[prepare.name] = std::move(impl);
            break;
         }
         case StatementKind::Execute: {
            const PgQuery__ExecuteStmt& execute = *node.execute_stmt;
            PreparedStatementImpl& impl = preparedNamed(execute.name);
            if (readOnlyBlock_) {
               // Bound here (the turn for a moment), run on the block's snapshot.
               statement([&] {
                  bindArguments(db, impl, execute);
                  return tagged("EXECUTE");
               });
               if (!impl.onlyReads) throw notInReadOnlyBlock(*impl.node, impl.text);
               SnapshotRequest request = preparedRequest(impl);
               data = onSnapshot(request, 0, false);
               break;
            }
            data = statement([&] {
               bindArguments(db, impl, execute);
               ExecutionInput input{&impl.compiled, &impl.parameters, nullptr};
               return executeStatement(db, *impl.statement, &input);
            });
            break;
         }
         case StatementKind::ExplainExecute: {
            const PgQuery__ExecuteStmt& execute = *node.explain_stmt->query->execute_stmt;
            ExplainStatement options = bindExplainOptions(*node.explain_stmt);
            PreparedStatementImpl& impl = preparedNamed(execute.name);
            data = statement([&] {
               bindArguments(db, impl, execute);
               ExecutionInput input{&impl.compiled, &impl.parameters, nullptr};
               return explainPrepared(*impl.statement, options, input);
            });
            break;
         }
         case StatementKind::Deallocate: {
            std::string name = node.deallocate_stmt->name;
            if (name.empty()) prepared_.clear();
            else if (!prepared_.erase(name)) throw Error("26000", "prepared statement \"" + name + "\" does not exist");
            data = tagged(name.empty() ? "DEALLOCATE ALL" : "DEALLOCATE");
            break;
         }
         case StatementKind::Set: data = tagged(ConnectionSettings(*this).runSet(*node.variable_set_stmt)); break;
         case StatementKind::Show: {
            auto shown = tagged("SHOW");
            ConnectionSettings(*this).runShow(node.variable_show_stmt->name, *shown);
            data = std::move(shown);
            break;
         }
         case StatementKind::Checkpoint:
            if (inTransaction_) throw Error("25001", "CHECKPOINT cannot run inside a transaction block");
            data = statement([&] {
               if (db.durability) db.durability->checkpoint(true);
               return tagged("CHECKPOINT");
            });
            break;
         case StatementKind::CreateSchema:
            checkCreateSchema(*node.create_schema_stmt);
            data = tagged("CREATE SCHEMA");
            break;
         case StatementKind::DropSchema:
            checkDropSchema(*node.drop_stmt);
            data = tagged("DROP SCHEMA");
            break;
         case StatementKind::SchemaChange:
         case StatementKind::Read:
         case StatementKind::Write: data = runStatement(script, i); break;
      }
      // The script's parse time, shared out among its statements.
      StatementStats& stats = std::const_pointer_cast<ResultData>(data)->stats;
      stats.parseMs += parseMs;
      stats.totalMs += parseMs;
      results.emplace_back(std::move(data));
   }
   return results;
}

std::shared_ptr<PreparedStatementImpl> ConnectionImpl::prepare(const std::string& sql) {
   return abortingOnError(inTransaction_, aborted_, sql, [&] {
      if (!allowedNow(StatementKind::Prepare, aborted_, readOnlyBlock_)) throw abortedBlock();  // READ ONLY blocks allow it
      auto impl = std::make_shared<PreparedStatementImpl>(sql, std::vector<SqlType>{});
      statement(
         [&] {
            impl->refresh(database_);
            return tagged("PREPARE");
         },
         impl->onlyReads);
      return impl;
   });
}

Result ConnectionImpl::copyFrom(const std::string& sql, std::string_view rows) {
   return abortingOnError(inTransaction_, aborted_, sql, [&] {
      DatabaseImpl& db = database_;
      ParsedScript script(sql);
      auto notCopyFromStdin = [] { return Error("42601", "copyFrom takes one COPY ... FROM STDIN statement"); };
      if (script.size() != 1 || script.statement(0).node_case != PG_QUERY__NODE__NODE_COPY_STMT || !script.statement(0).copy_stmt->is_from)
         throw notCopyFromStdin();
      if (!allowedNow(StatementKind::Write, aborted_, readOnlyBlock_)) throw refusedNow(aborted_, script.statement(0), sql);
      return Result(statement([&] {
         Statement bound = bindStatement(script.statement(0), script.statementText(0), db.catalog);
         auto* copy = std::get_if<CopyStatement>(&bound);
         if (!copy || !copy->path.empty()) throw notCopyFromStdin();
         copy->stdinRows = rows;
         return executeStatement(db, bound);
      }));
   });
}

Result ConnectionImpl::execute(PreparedStatementImpl& prepared) {
   return abortingOnError(inTransaction_, aborted_, prepared.text, [&] {
      DatabaseImpl& db = database_;
      StatementKind kind = prepared.onlyReads ? StatementKind::Read : StatementKind::Write;
      if (!allowedNow(kind, aborted_, readOnlyBlock_)) [[unlikely]]
         throw refusedNow(aborted_, *prepared.node, prepared.text);
      bool routed = prepared.onlyReads && !inSnapshotProcess_ && (readOnlyBlock_ || (!inTransaction_ && snapshotsAllowed()));
      if (routed && snapshotFirst()) {
         SnapshotRequest request = preparedRequest(prepared);
         if (auto data = onSnapshot(request, 0, !readOnlyBlock_ && snapshotReads_ == SnapshotReads::Auto)) return Result(data);
         routed = false;  // it changes something: in the writer's turn
      }
      // Under snapshot_reads auto with the turn free: a big query goes to a snapshot all the same.
      auto runHere = [&](bool mayGoToSnapshot) {
         return Result(statement([&] {
            prepared.refresh(db);
            if (mayGoToSnapshot && worthASnapshot(*planOf(*prepared.statement), snapshotMinRows_)) throw RunOnSnapshot{};
            ExecutionInput input{&prepared.compiled, &prepared.parameters, prepared.takeReusableResult()};
            prepared.lastResult = executeStatement(db, *prepared.statement, &input);
            return prepared.lastResult;
         }));
      };
      try {
         return runHere(routed);
      } catch (const RunOnSnapshot&) {
         SnapshotRequest request = preparedRequest(prepared);
         if (auto data = onSnapshot(request, 0, true)) return Result(data);
         return runHere(false);
      }
   });
}

std::shared_ptr<const ResultData> ConnectionImpl::control(int kind, const std::string& savepointName, int readOnlyMode) {
   DatabaseImpl& db = database_;
   if (!allowedNow(transactionStatementKind(kind), aborted_, readOnlyBlock_)) throw abortedBlock();  // READ ONLY blocks allow them all
   switch (PgQuery__TransactionStmtKind(kind)) {
      case PG_QUERY__TRANSACTION_STMT_KIND__TRANS_STMT_BEGIN:
      case PG_QUERY__TRANSACTION_STMT_KIND__TRANS_STMT_START:
         // As in PostgreSQL, BEGIN inside a transaction block only warns.
         if (!inTransaction_) {
            cancelRequested_.store(false, std::memory_order_relaxed);
            // A READ ONLY block takes no turn: its statements read a snapshot beside the writer.
            readOnlyBlock_ = readOnlyMode < 0 ? defaultReadOnly_ : readOnlyMode == 1;
            if (!readOnlyBlock_) waitForTurn();
            else if (!readOnlyBlockState_) readOnlyBlockState_ = std::make_unique<BlockState>();
            block().settingsKept = false;
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
            BlockState& state = block();
            bool setsToEnd = state.settingsKept;
            SessionSettings after;
            if (setsToEnd) after = commit ? state.settingsAtCommit : state.settingsAtBegin;
            if (!readOnlyBlock_) {
               std::unique_lock changing(db.changing);
               if (commit) {
                  try {
                     durableAt = commitLog(db, synchronousCommit_ != "off");
                  } catch (...) {
                     // Not logged, not committed.
                     undoTransaction(db);
                     changing.unlock();
                     endTransaction();
                     if (setsToEnd) useSettings(state.settingsAtBegin);
                     throw;
                  }
                  countCommit(db);
                  db.undo.clear();
               } else {
                  undoTransaction(db);
               }
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

std::shared_ptr<const ResultData> ConnectionImpl::savepointStatement(int kind, const std::string& name) {
   DatabaseImpl& db = database_;
   bool define = kind == PG_QUERY__TRANSACTION_STMT_KIND__TRANS_STMT_SAVEPOINT;
   bool rollback = kind == PG_QUERY__TRANSACTION_STMT_KIND__TRANS_STMT_ROLLBACK_TO;
   if (!inTransaction_)
      throw Error("25P01", std::string(define     ? "SAVEPOINT"
                                       : rollback ? "ROLLBACK TO SAVEPOINT"
                                                  : "RELEASE SAVEPOINT") +
                              " can only be used in transaction blocks");
   BlockState& state = block();
   try {
      if (define) {
         if (!state.settingsKept) state.keepSettings(settings());
         // A READ ONLY block's savepoints mark no changes (it has none): only its settings.
         size_t undoMark = readOnlyBlock_ ? 0 : db.undo.mark(), redoSize = readOnlyBlock_ ? 0 : db.pendingRedo.buffer().size();
         state.savepoints.define({name, undoMark, redoSize, settings(), state.settingsAtCommit});
         return tagged("SAVEPOINT");
      }
      if (!rollback) {
         state.savepoints.release(name);
         return tagged("RELEASE");
      }
      const Savepoints::Savepoint& savepoint = state.savepoints.rollbackTo(name);
      if (!readOnlyBlock_) {
         std::lock_guard changing(db.changing);
         undoAfter(db, savepoint.undoMark);
         // What was undone must never reach the log.
         db.pendingRedo.buffer().resize(savepoint.redoSize);
      }
      useSettings(savepoint.settings);
      state.settingsAtCommit = savepoint.settingsAtCommit;
      aborted_ = false;
      return tagged("ROLLBACK");
   } catch (...) {
      // Like any failing statement in a block (an unknown savepoint, say), it aborts the block.
      aborted_ = true;
      throw;
   }
}

SessionSettings ConnectionImpl::settings() const {
   return {timeZone_,        lockTimeoutMs_,    statementTimeoutMs_, synchronousCommit_, passiveSettings_, snapshotReads_,
           snapshotMinRows_, snapshotMaxAgeMs_, defaultReadOnly_,    planCacheMb_,       threads_};
}

void ConnectionImpl::useSettings(const SessionSettings& settings) {
   timeZone_ = settings.timeZone;
   lockTimeoutMs_ = settings.lockTimeoutMs;
   statementTimeoutMs_ = settings.statementTimeoutMs;
   synchronousCommit_ = settings.synchronousCommit;
   passiveSettings_ = settings.passive;
   snapshotReads_ = settings.snapshotReads;
   snapshotMinRows_ = settings.snapshotMinRows;
   snapshotMaxAgeMs_ = settings.snapshotMaxAgeMs;
   defaultReadOnly_ = settings.defaultReadOnly;
   planCacheMb_ = settings.planCacheMb;
   threads_ = settings.threads;
}

void ConnectionImpl::waitForTurn() {
   using Clock = std::chrono::steady_clock;
   Clock::time_point deadline = lockTimeoutMs_ > 0 ? Clock::now() + std::chrono::milliseconds(lockTimeoutMs_) : Clock::time_point::max();
   switch (database_.turns.acquire(this, deadline, cancelRequested_)) {
      case SerialTurns::Wait::Taken: return;
      case SerialTurns::Wait::TimedOut: throw Error("55P03", "canceling statement due to lock timeout");
      case SerialTurns::Wait::Cancelled: throw cancelled();
   }
}

Error ConnectionImpl::cancelled() const {
   return Error(
      "57014", statementTimedOut_.load(std::memory_order_relaxed) ? "canceling statement due to statement timeout" : "canceling statement due to user request");
}

void ConnectionImpl::endTransaction() {
   DatabaseImpl& db = database_;
   block().savepoints.clear();
   if (blockSnapshot_) {
      db.snapshots.release(*blockSnapshot_, snapshotMaxAgeMs_, db.commits.load());
      blockSnapshot_.reset();
   }
   inTransaction_ = aborted_ = readOnlyBlock_ = false;
   db.turns.release(this);
}

}  // namespace kiln
