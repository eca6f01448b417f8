// The connection's side of snapshots: which statements go to one, the READ ONLY blocks that read
// one snapshot in all their statements, and how a statement's request and outcome travel.
#include <chrono>
#include <cstdio>

#include "common/time_zone.h"
#include "common/transaction_clock.h"
#include "engine/connection_impl.h"
#include "engine/database_impl.h"
#include "engine/modifying_with.h"
#include "engine/prepared_statement_impl.h"
#include "engine/snapshot_routing.h"
#include "engine/statement_executor.h"
#include "engine/statement_kinds.h"
#include "engine/statement_timer.h"
#include "optimizer/optimizer.h"
#include "optimizer/plan_work.h"
#include "storage/sequence.h"

namespace kiln {

namespace {

using Clock = std::chrono::steady_clock;

double millisecondsSince(Clock::time_point start) { return std::chrono::duration<double, std::milli>(Clock::now() - start).count(); }

/// The plan that decides whether a bound statement is worth a snapshot: a query's, or that of
/// EXPLAIN ANALYZE (which runs it).
QueryPlan* runPlanOf(Statement& bound) {
   if (auto* query = std::get_if<QueryStatement>(&bound)) return query->plan.get();
   if (auto* explain = std::get_if<ExplainStatement>(&bound); explain && explain->analyze) return explain->plan.get();
   return nullptr;
}

std::string workText(double rows) {
   char text[64];
   std::snprintf(text, sizeof(text), "%.0f", rows);
   return text;
}

}  // namespace

bool worthASnapshot(QueryPlan& plan, int64_t minRows) {
   optimize(plan);
   return estimatedWork(*plan.root) >= double(minRows);
}

BlockState& ConnectionImpl::block() { return readOnlyBlock_ ? *readOnlyBlockState_ : database_.block; }

bool ConnectionImpl::snapshotsAllowed() const {
   if (snapshotReads_ != SnapshotReads::Auto) return snapshotReads_ == SnapshotReads::On;
   return database_.connections.load(std::memory_order_relaxed) > 1;
}

bool ConnectionImpl::snapshotFirst() {
   if (readOnlyBlock_ || snapshotReads_ == SnapshotReads::On) return true;
   // Never waits for another connection's transaction: with the turn taken, the statement is
   // bound here and its size decides.
   return !database_.turns.tryAcquire(this);
}

std::shared_ptr<const ResultData> ConnectionImpl::runRouted(const std::string& text, size_t start, bool reads, ResultChunks* chunks,
                                                            const std::function<std::shared_ptr<ResultData>(bool mayGoToSnapshot)>& here) {
   auto request = [&] {
      SnapshotRequest made;
      made.sql = text;
      return made;
   };
   // The dispatcher let only reads into a READ ONLY block.
   if (readOnlyBlock_ && !inSnapshotProcess_) {
      SnapshotRequest sent = request();
      return onSnapshot(sent, start, false, chunks);
   }
   bool routed = reads && !inTransaction_ && !inSnapshotProcess_ && snapshotsAllowed();
   if (routed && snapshotFirst()) {
      SnapshotRequest sent = request();
      if (auto data = onSnapshot(sent, start, snapshotReads_ == SnapshotReads::Auto, chunks)) return data;
      routed = false;  // it changes something: in the writer's turn
   }
   try {
      return statement([&] { return here(routed); });
   } catch (const RunOnSnapshot&) {
      SnapshotRequest sent = request();
      if (auto data = onSnapshot(sent, start, true, chunks)) return data;
      return statement([&] { return here(false); });
   }
}

std::shared_ptr<const ResultData> ConnectionImpl::runStatement(const ParsedScript& script, size_t i) {
   DatabaseImpl& db = database_;
   const PgQuery__Node& node = script.statement(i);
   std::string text = script.statementText(i);
   size_t start = script.statementStart(i);
   const StatementRules rules = rulesOf(statementKind(node));
   bool reads = rules.onSnapshot;
   ResultChunks* chunks = i + 1 == script.size() ? streamTo_ : nullptr;
   std::optional<CachedText> cached = usesPlanCache() ? cachedText(node, text) : std::nullopt;
   return runRouted(text, start, reads, chunks, [&](bool mayGoToSnapshot) {
      if (cached) return runCached(text, start, *cached, mayGoToSnapshot, chunks);
      if (hasModifyingWith(node)) return runModifyingWith(db, node, text);
      if (hasReturningSubquery(node)) return runReturningSubquery(db, node, text);
      // Bound after the previous statement ran: it may name what that one created.
      Statement bound = bindStatement(node, text, db.catalog);
      if (rules.changesSchema) ++db.catalogVersion;
      QueryPlan* plan = runPlanOf(bound);
      if (mayGoToSnapshot && plan && worthASnapshot(*plan, snapshotMinRows_)) throw RunOnSnapshot{};
      ExecutionInput streamed;
      streamed.chunks = chunks;
      std::shared_ptr<ResultData> result = executeStatement(db, bound, chunks ? &streamed : nullptr);
      auto* explain = std::get_if<ExplainStatement>(&bound);
      if (explain && reads && !inTransaction_ && !inSnapshotProcess_) {
         // EXPLAIN says where the statement would run.
         double work = estimatedWork(*explain->plan->root);
         bool big = work >= double(snapshotMinRows_);
         std::string why = snapshotReads_ == SnapshotReads::Off ? "snapshot_reads is off"
                           : !snapshotsAllowed()                ? "no other connection to hold up"
                                                 : "about " + workText(work) + " rows of work, snapshot_min_rows is " + std::to_string(snapshotMinRows_);
         bool onSnapshot = snapshotsAllowed() && big && !explain->analyze;
         result->appendTextRow(std::string("Runs on: ") + (onSnapshot ? "a snapshot (" : "the writer's turn (") + why + ")");
      }
      if (explain) result->appendTextRow(planCacheLine(node, text));
      return result;
   });
}

SnapshotRequest ConnectionImpl::preparedRequest(const PreparedStatementImpl& prepared) const {
   SnapshotRequest request;
   request.sql = prepared.text;
   request.prepared = true;
   for (size_t p = 0; p < prepared.parameters.size(); ++p) {
      request.parameterTypes.push_back(prepared.parameters.type(p));
      request.parameterValues.push_back(prepared.parameters.get(p));
   }
   return request;
}

std::shared_ptr<const ResultData> ConnectionImpl::onSnapshot(SnapshotRequest& request, size_t statementStart, bool mayNeedWriter, ResultChunks* chunks) {
   DatabaseImpl& db = database_;
   cancelRequested_.store(false, std::memory_order_relaxed);
   statementTimedOut_.store(false, std::memory_order_relaxed);
   StatementWatchdog::Timeout timeout(db.watchdog, this, statementTimeoutMs_, cancelRequested_, statementTimedOut_);
   StatementTimer timer(timing_);
   request.timeZone = timeZone_->name();
   request.settings = settings();
   request.readOnlyBlock = readOnlyBlock_;
   request.transactionTime = inTransaction_ ? transactionTime_ : TransactionClock::unread;
   request.timing = timing_;
   request.streamed = chunks != nullptr;
   for (auto [id, value] : sequences_->values) request.sequenceValues.emplace_back(id, value);
   request.hasLastSequenceValue = sequences_->hasLast;
   request.lastSequenceValue = sequences_->last;
   request.lastSequenceId = sequences_->lastId;

   // A statement of its own holds a snapshot for itself; a READ ONLY block's statements share one.
   struct Own {
      DatabaseImpl& db;
      int64_t keepMs;
      SnapshotLease lease;
      ~Own() {
         if (lease.process) db.snapshots.release(lease, keepMs, db.commits.load());
      }
   } own{db, snapshotMaxAgeMs_, {}};
   SnapshotLease* lease = &own.lease;
   double ageMs, makeMs;
   if (readOnlyBlock_) {
      if (!blockSnapshot_) blockSnapshot_ = std::make_unique<SnapshotLease>(db.snapshots.acquire(database_, snapshotMaxAgeMs_));
      lease = blockSnapshot_.get();
      ageMs = lease->ageMs + millisecondsSince(lease->process->madeAt);
      makeMs = lease->makeMs;
      lease->makeMs = 0;  // made for the block's first statement
   } else {
      own.lease = db.snapshots.acquire(database_, snapshotMaxAgeMs_);
      ageMs = own.lease.ageMs;
      makeMs = own.lease.makeMs;
   }
   SnapshotReply reply;
   uint64_t rowsBefore = chunks ? chunks->rowsDelivered : 0;
   try {
      reply = db.snapshots.run(*lease, request, cancelRequested_, chunks);
   } catch (const Error& error) {
      if (error.sqlstate() == "57014") throw cancelled();
      throw;
   }
   if (inTransaction_) transactionTime_ = reply.transactionTime;
   if (reply.outcome != SnapshotOutcome::Result) {
      // Run again in the writer's turn, unless rows went to the reader already.
      bool rowsSent = chunks && chunks->rowsDelivered != rowsBefore;
      if (reply.outcome == SnapshotOutcome::NeedsWriter && mayNeedWriter && !rowsSent) return nullptr;
      Error error = *reply.error;
      if (error.sqlstate() == "57014") throw cancelled();
      if (error.position() > 0) error.setPosition(error.position() + int(statementStart));
      throw error;
   }
   ResultData& data = *reply.result;
   data.timeZone = timeZone_;
   data.stats.onSnapshot = true;
   data.stats.snapshotAgeMs = ageMs;
   data.stats.snapshotMakeMs = makeMs;
   if (data.statusTag == "EXPLAIN") {
      char line[128];
      std::snprintf(line, sizeof(line), "Runs on: a snapshot (made in %.3f ms, %.3f ms old)", makeMs, ageMs);
      data.appendTextRow(line);
   }
   // What the writer's turn would count as parsing here includes the trip to the snapshot.
   timer.finish(data.stats);
   return reply.result;
}

void ConnectionImpl::setTransactionReadOnly(bool readOnly) {
   if (readOnly == readOnlyBlock_) return;
   DatabaseImpl& db = database_;
   if (readOnly) {
      // The block reads a snapshot from here on, which holds none of its own changes.
      if (db.undo.mark() > 0) throw Error("25001", "transaction read-only mode must be set before the transaction changes anything");
      if (!readOnlyBlockState_) readOnlyBlockState_ = std::make_unique<BlockState>();
      *readOnlyBlockState_ = std::move(db.block);
      db.block = BlockState();
      readOnlyBlock_ = true;
      db.turns.release(this);
      return;
   }
   if (blockSnapshot_) throw Error("25001", "transaction read-write mode must be set before any query");
   waitForTurn();
   db.block = std::move(*readOnlyBlockState_);
   *readOnlyBlockState_ = BlockState();
   readOnlyBlock_ = false;
}

}  // namespace kiln
