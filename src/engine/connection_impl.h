// The state behind a Connection: its transaction, its settings, its prepared statements, and the
// dispatcher that runs what the application sends (connection.cpp; snapshot_statements.cpp for
// the statements that run on a snapshot).
#pragma once

#include <atomic>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "engine/exclusive_use.h"
#include "engine/session_settings.h"
#include "kiln/kiln.h"
#include "parser/statement_shape.h"

struct PgQuery__Node;

namespace kiln {

class ParsedScript;
class TimeZone;
struct BlockState;
struct ResultChunks;
struct SnapshotLease;
struct SnapshotRequest;
struct SequenceSession;

/// A statement's text as the plan cache finds it: its shape, and the key of its plans.
struct CachedText {
   StatementShape shape;
   std::string key;
};

class ConnectionImpl {
   public:
   explicit ConnectionImpl(DatabaseImpl& database);
   /// An open transaction is rolled back.
   ~ConnectionImpl();
   ConnectionImpl(const ConnectionImpl&) = delete;
   ConnectionImpl& operator=(const ConnectionImpl&) = delete;

   /// Connection's calls of the same names.
   Result query(const std::string& sql);
   std::vector<Result> queryAll(const std::string& sql);
   Result copyFrom(const std::string& sql, std::string_view rows);
   std::shared_ptr<PreparedStatementImpl> prepare(const std::string& sql);
   Result execute(PreparedStatementImpl& prepared);
   void cancel() { cancelRequested_.store(true, std::memory_order_relaxed); }

   /// Held by each of Connection's and PreparedStatement's calls but cancel().
   ExclusiveUse inUse;
   bool timing_ = true;

   private:
   friend class PreparedStatement;
   friend class ConnectionSettings;
   friend class SnapshotStatement;
   friend class ResultStreamImpl;
   std::vector<Result> run(const std::string& sql);
   /// Runs statement `i` of `script`, one that no case of run() takes: on a snapshot, or in the
   /// writer's turn.
   std::shared_ptr<const ResultData> runStatement(const ParsedScript& script, size_t i);
   /// Runs a statement of `text` (at `start` in the text its error positions refer to) where it
   /// belongs: on a snapshot, or by `here(mayGoToSnapshot)` in the writer's turn; a statement
   /// that `reads` only and turns out big there goes to a snapshot after all (RunOnSnapshot).
   std::shared_ptr<const ResultData> runRouted(const std::string& text, size_t start, bool reads, ResultChunks* chunks,
                                               const std::function<std::shared_ptr<ResultData>(bool mayGoToSnapshot)>& here);

   // The plan cache (cached_statements.cpp).
   bool usesPlanCache() const;
   std::string planCacheKey(const StatementShape& shape) const;
   /// How the cache finds the statement `node` of `text`; nullopt when it does not serve it.
   std::optional<CachedText> cachedText(const PgQuery__Node& node, const std::string& text) const;
   /// `sql`'s result when it is one statement whose shape has a cached plan (no parse then).
   std::optional<std::vector<Result>> runFromCache(const std::string& sql);
   /// Runs `text` (`cached`) from a cached plan, made and cached when none takes its literals. In
   /// the writer's turn; RunOnSnapshot when `mayGoToSnapshot` and it is big.
   std::shared_ptr<ResultData> runCached(const std::string& text, size_t start, const CachedText& cached, bool mayGoToSnapshot, ResultChunks* chunks);
   /// EXPLAIN's line on whether the statement it explains (`explain` of `text`) would run from a cached plan.
   std::string planCacheLine(const PgQuery__Node& explain, const std::string& text);
   /// Runs `request` on a snapshot: the READ ONLY block's, or one of its own. Null when it turned
   /// out to change something and `mayNeedWriter` (it is to run in the writer's turn instead);
   /// `statementStart`: where the statement begins in the text its error positions refer to.
   /// With `chunks`, a query's rows go there while it runs (request.streamed).
   std::shared_ptr<const ResultData> onSnapshot(SnapshotRequest& request, size_t statementStart, bool mayNeedWriter, ResultChunks* chunks = nullptr);
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

   DatabaseImpl& database_;
   bool inTransaction_ = false;
   bool aborted_ = false;  // a statement failed: only ROLLBACK (or COMMIT, which rolls back) or ROLLBACK TO may follow
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
   int64_t planCacheMb_ = defaultPlanCacheMb;  // SET plan_cache_memory
   int64_t threads_ = 0;  // SET threads (thread_settings.h)
   bool readOnlyBlock_ = false;  // in a READ ONLY transaction block: its statements read one snapshot
   bool inSnapshotProcess_ = false;  // runs a statement a connection sent to a snapshot, as that one would
   ResultChunks* streamTo_ = nullptr;  // Connection::stream's: where the last statement's rows go
   std::unique_ptr<BlockState> readOnlyBlockState_;
   std::unique_ptr<SnapshotLease> blockSnapshot_;  // the READ ONLY block's, from its first query on
   std::atomic<bool> cancelRequested_{false};
   std::atomic<bool> statementTimedOut_{false};  // the cancel came from statement_timeout
};

}  // namespace kiln
