// The connection's side of the plan cache (plan_cache.h): which statements it serves, the key a
// text is found under, and a statement's run from a cached plan, made on the first run.
#include "common/time_zone.h"
#include "engine/connection_impl.h"
#include "engine/database_impl.h"
#include "engine/modifying_with.h"
#include "engine/result_data.h"
#include "engine/snapshot_routing.h"
#include "engine/statement_executor.h"
#include "engine/statement_kinds.h"
#include "parser/pg_parser.h"
#include "parser/statement_shape.h"

namespace kiln {

namespace {

/// A query or a change whose plan is all it runs (a modifying WITH and RETURNING with subqueries
/// run in steps; SELECT ... INTO creates a table).
bool cacheable(const PgQuery__Node& node) {
   switch (node.node_case) {
      case PG_QUERY__NODE__NODE_SELECT_STMT:
         if (node.select_stmt->into_clause) return false;
         [[fallthrough]];
      case PG_QUERY__NODE__NODE_INSERT_STMT:
      case PG_QUERY__NODE__NODE_UPDATE_STMT:
      case PG_QUERY__NODE__NODE_DELETE_STMT: return !hasModifyingWith(node) && !hasReturningSubquery(node);
      default: return false;
   }
}

/// The most rows a cached plan's last result may have to be kept for its next run.
constexpr size_t reusedResultRows = 1024;

/// `error`'s position moved from `plan`'s text to the same token of `shape`'s, which begins at
/// `start` in the text the caller sent.
Error movedTo(Error error, const CachedPlan& plan, const StatementShape& shape, size_t start) {
   if (error.position() > 0) error.setPosition(plan.positionIn(shape, error.position()) + int(start));
   return error;
}

/// Where the statement an EXPLAIN explains begins in its text, after EXPLAIN and its options.
std::optional<size_t> explainedStart(const std::string& text) {
   StatementShape shape;
   if (!shape.read(text)) return std::nullopt;
   const auto& tokens = shape.tokens;
   auto isWord = [&](size_t t, std::string_view word) {
      if (tokens[t].length != word.size()) return false;
      for (size_t k = 0; k < word.size(); ++k)
         if ((text[tokens[t].offset + k] | 0x20) != word[k]) return false;
      return true;
   };
   size_t t = 1;
   if (t < tokens.size() && tokens[t].first == '(') {
      for (int depth = 0; t < tokens.size(); ++t) {
         if (tokens[t].first == '(' && tokens[t].literal < 0) ++depth;
         if (tokens[t].first == ')' && --depth == 0) break;
      }
      ++t;
   }
   while (t < tokens.size() && (isWord(t, "analyze") || isWord(t, "analyse") || isWord(t, "verbose"))) ++t;
   if (t >= tokens.size()) return std::nullopt;
   return tokens[t].offset;
}

}  // namespace

bool ConnectionImpl::usesPlanCache() const { return planCacheMb_ > 0 && !inSnapshotProcess_; }

std::string ConnectionImpl::planCacheKey(const StatementShape& shape) const {
   // What binding reads besides the catalog: the time zone (a timestamptz literal), and the
   // settings kept as text (the optimizer passes turned off, among them).
   std::string key = timeZone_->name();
   key += '\0';
   for (const auto& [name, value] : passiveSettings_) {
      key += name;
      key += '=';
      key += value;
      key += '\0';
   }
   key += shape.key;
   return key;
}

std::optional<CachedText> ConnectionImpl::cachedText(const PgQuery__Node& node, const std::string& text) const {
   if (planCacheMb_ <= 0 || !cacheable(node)) return std::nullopt;
   CachedText cached;
   if (!cached.shape.read(text)) return std::nullopt;
   cached.key = planCacheKey(cached.shape);
   return cached;
}

std::optional<std::vector<Result>> ConnectionImpl::runFromCache(const std::string& sql) {
   if (!usesPlanCache()) return std::nullopt;
   CachedText cached;
   if (!cached.shape.read(sql)) return std::nullopt;
   cached.key = planCacheKey(cached.shape);
   // A text of a cached plan's shape is a statement of that kind: it needs no parser to say so.
   std::optional<bool> reads = database_.planCache.lookup(cached.key);
   if (!reads || !allowedNow(*reads ? StatementKind::Read : StatementKind::Write, aborted_, readOnlyBlock_)) return std::nullopt;
   std::vector<Result> results;
   results.emplace_back(runRouted(sql, 0, *reads, streamTo_, [&](bool mayGoToSnapshot) { return runCached(sql, 0, cached, mayGoToSnapshot, streamTo_); }));
   return results;
}

std::shared_ptr<ResultData> ConnectionImpl::runCached(const std::string& text, size_t start, const CachedText& cached, bool mayGoToSnapshot,
                                                      ResultChunks* chunks) {
   DatabaseImpl& db = database_;
   PlanCache& cache = db.planCache;
   CachedPlan* plan = cache.find(cached.key, text, cached.shape, db);
   std::unique_ptr<CachedPlan> made;
   bool keep = true;
   if (plan) {
      if (plan->prepared.countRun()) {
         // Run often: its pipelines are compiled again, optimized.
         CompiledQuery optimized;
         optimized.optimizeAll = true;
         plan->prepared.compiled = std::move(optimized);
      }
   } else {
      cache.countMiss();
      try {
         made = std::make_unique<CachedPlan>(cached.key, text, cached.shape, cached.shape.literals.size());
         made->bind(db);
      } catch (Error& error) {
         if (error.position() > 0) error.setPosition(error.position() + int(start));
         throw;
      }
      // Its own literals must come back as binding took them; where one does not, the text runs
      // as it would uncached.
      if (!made->takeLiterals(text, cached.shape)) {
         made->prepared.bind(db);
         keep = false;
      }
      plan = made.get();
   }
   PreparedStatementImpl& prepared = plan->prepared;
   if (mayGoToSnapshot && prepared.onlyReads && worthASnapshot(*planOf(*prepared.statement), snapshotMinRows_)) throw RunOnSnapshot{};
   std::shared_ptr<ResultData> result;
   try {
      ExecutionInput input{&prepared.compiled, &prepared.parameters, chunks ? nullptr : prepared.takeReusableResult(), chunks};
      result = executeStatement(db, *prepared.statement, &input);
   } catch (const Error& error) {
      throw movedTo(error, *plan, cached.shape, start);
   }
   // A small result is kept for the next run to fill again; a large one would stay in memory
   // that the cache's bound does not count.
   prepared.lastResult = result->rowCount() <= reusedResultRows ? result : nullptr;
   if (made && keep) cache.add(std::move(made), size_t(planCacheMb_) << 20);
   return result;
}

std::string ConnectionImpl::planCacheLine(const PgQuery__Node& explain, const std::string& text) {
   // Said the same on a snapshot, whose process has the cache as it was when it was made.
   if (planCacheMb_ <= 0) return "Plan cache: off (plan_cache_memory is 0)";
   std::optional<size_t> start = explainedStart(text);
   const PgQuery__Node* query = explain.explain_stmt->query;
   std::string explained = start ? text.substr(*start) : std::string();
   std::optional<CachedText> cached = start && query ? cachedText(*query, explained) : std::nullopt;
   if (!cached) return "Plan cache: not used for this statement";
   CachedPlan* plan = database_.planCache.find(cached->key, explained, cached->shape, database_, false);
   if (!plan) return "Plan cache: miss (its first run caches the plan)";
   return "Plan cache: hit (the plan has run " + std::to_string(plan->hits + 1) + (plan->hits ? " times)" : " time)");
}

}  // namespace kiln
