#include "engine/connection_settings.h"

#include <algorithm>
#include <cctype>
#include <functional>

#include "common/time_zone.h"
#include "engine/checkpoint_settings.h"
#include "engine/database_impl.h"
#include "engine/memory_limit_setting.h"
#include "engine/passive_settings.h"
#include "engine/snapshot_settings.h"
#include "engine/synchronous_commit_setting.h"
#include "engine/thread_settings.h"
#include "engine/time_zone_setting.h"
#include "engine/timeout_settings.h"
#include "engine/transaction_modes.h"

namespace kiln {

namespace {

constexpr UnitSetting planCacheMemory{"plan_cache_memory", SettingUnit::Megabytes, 0, 1 << 20};

[[noreturn]] void unrecognized(const std::string& name) { throw Error("42704", "unrecognized configuration parameter \"" + name + "\""); }

/// The value of a setting kiln only keeps (passive_settings.h): the connection's, or the default.
std::string passiveValue(const PassiveSettingValues& values, const PassiveSetting& setting) {
   for (auto& [name, value] : values)
      if (name == setting.name) return value;
   return setting.defaultValue;
}

/// Applies SET to `now`, and to `atCommit` too when given (a SET in a transaction block, which
/// COMMIT keeps). Throws for an unknown parameter or a bad value, changing neither.
void changeSetting(const PgQuery__VariableSetStmt& set, const std::string* rawValue, SessionSettings& now, SessionSettings* atCommit) {
   std::string name = asciiLowercase(set.name);
   bool reset = set.kind != PG_QUERY__VARIABLE_SET_KIND__VAR_SET_VALUE;
   std::function<void(SessionSettings&)> change;
   if (set.kind == PG_QUERY__VARIABLE_SET_KIND__VAR_RESET_ALL) {
      change = [](SessionSettings& s) { s = SessionSettings{TimeZone::utc(), 0, 0, "on", {}}; };
   } else if (name == "timezone") {
      change = [zone = timeZoneSetting(set)](SessionSettings& s) { s.timeZone = zone; };
   } else if (name == "lock_timeout") {
      change = [ms = timeoutSetting(set)](SessionSettings& s) { s.lockTimeoutMs = ms; };
   } else if (name == "statement_timeout") {
      change = [ms = timeoutSetting(set)](SessionSettings& s) { s.statementTimeoutMs = ms; };
   } else if (std::find(std::begin(checkpointSettingNames), std::end(checkpointSettingNames), name) != std::end(checkpointSettingNames)) {
      throw Error("55P02", "parameter \"" + name + "\" cannot be changed now");
   } else if (name == "snapshot_reads") {
      change = [reads = snapshotReadsSetting(set)](SessionSettings& s) { s.snapshotReads = reads; };
   } else if (name == "snapshot_min_rows") {
      change = [rows = snapshotMinRowsSetting(set)](SessionSettings& s) { s.snapshotMinRows = rows; };
   } else if (name == "snapshot_max_age") {
      change = [ms = timeoutSetting(set)](SessionSettings& s) { s.snapshotMaxAgeMs = ms; };
   } else if (name == "default_transaction_read_only") {
      change = [on = booleanSetting(set, name, false)](SessionSettings& s) { s.defaultReadOnly = on; };
   } else if (name == "plan_cache_memory") {
      change = [mb = unitSettingOf(set, planCacheMemory, defaultPlanCacheMb)](SessionSettings& s) { s.planCacheMb = mb; };
   } else if (name == "threads" || name == "max_parallel_workers_per_gather") {
      change = [threads = threadsSetting(set, name)](SessionSettings& s) { s.threads = threads; };
   } else if (name == "synchronous_commit") {
      change = [value = synchronousCommitSetting(set)](SessionSettings& s) { s.synchronousCommit = value; };
   } else if (std::optional<PassiveSetting> passive = findPassiveSetting(name); passive || name.find('.') != std::string::npos) {
      // A name with a dot is an application's own (myapp.user_id): any text, '' once reset.
      std::string text = reset ? "" : rawValue ? *rawValue : flattenedSetValue(set, name == "search_path");
      std::string value = !passive ? text : reset ? passive->defaultValue : passiveSettingValue(*passive, text);
      change = [name, value](SessionSettings& s) {
         auto& values = s.passive;
         auto it = std::find_if(values.begin(), values.end(), [&](auto& entry) { return entry.first == name; });
         if (it == values.end()) values.push_back({name, value});
         else it->second = value;
      };
   } else {
      unrecognized(set.name);
   }
   change(now);
   if (atCommit) change(*atCommit);
}

}  // namespace

void ConnectionSettings::apply(const PgQuery__VariableSetStmt& set, const std::string* rawValue) {
   ConnectionImpl& c = connection_;
   if (set.name && asciiLowercase(set.name) == memoryLimitName) return applyMemoryLimitSetting(set, c.inTransaction_);
   // SET LOCAL outside a block has no effect (PostgreSQL warns).
   if (set.is_local && !c.inTransaction_) {
      SessionSettings scratch = c.settings();
      changeSetting(set, rawValue, scratch, nullptr);  // still checks the value
      return;
   }
   BlockState& block = c.block();
   if (c.inTransaction_ && !block.settingsKept) block.keepSettings(c.settings());
   SessionSettings now = c.settings();
   changeSetting(set, rawValue, now, c.inTransaction_ && !set.is_local ? &block.settingsAtCommit : nullptr);
   c.useSettings(now);
}

const char* ConnectionSettings::runSet(const PgQuery__VariableSetStmt& set) {
   ConnectionImpl& c = connection_;
   // SET TRANSACTION lasts for the block (outside one, PostgreSQL only warns).
   if (std::optional<int> mode = transactionModeSet(set)) {
      if (c.inTransaction_ && *mode >= 0) c.setTransactionReadOnly(*mode == 1);
      return "SET";
   }
   if (std::optional<int> mode = sessionCharacteristicsSet(set)) {
      if (*mode >= 0) this->set("default_transaction_read_only", *mode ? "on" : "off", false);
      return "SET";
   }
   apply(set);
   return set.kind == PG_QUERY__VARIABLE_SET_KIND__VAR_RESET || set.kind == PG_QUERY__VARIABLE_SET_KIND__VAR_RESET_ALL ? "RESET" : "SET";
}

void ConnectionSettings::runShow(const std::string& name, ResultData& result) const {
   if (name == "all") return result.setTextTable({"name", "setting", "description"}, all());
   auto setting = shown(name);
   if (!setting) unrecognized(name);
   result.setTextRows(setting->first, {setting->second});
}

std::optional<std::pair<std::string, std::string>> ConnectionSettings::shown(const std::string& name) const {
   const ConnectionImpl& c = connection_;
   std::string key = asciiLowercase(name);
   if (key == "timezone") return std::pair<std::string, std::string>{"TimeZone", c.timeZone_->name()};
   if (key == "lock_timeout") return std::pair<std::string, std::string>{"lock_timeout", timeoutText(c.lockTimeoutMs_)};
   if (key == "statement_timeout") return std::pair<std::string, std::string>{"statement_timeout", timeoutText(c.statementTimeoutMs_)};
   if (key == "synchronous_commit") return std::pair<std::string, std::string>{"synchronous_commit", c.synchronousCommit_};
   if (key == "snapshot_reads") return std::pair<std::string, std::string>{key, snapshotReadsText(c.snapshotReads_)};
   if (key == "snapshot_min_rows") return std::pair<std::string, std::string>{key, std::to_string(c.snapshotMinRows_)};
   if (key == memoryLimitName) return std::pair<std::string, std::string>{key, memoryLimitText()};
   if (key == "plan_cache_memory") return std::pair<std::string, std::string>{key, unitSettingText(SettingUnit::Megabytes, c.planCacheMb_)};
   if (key == "threads") return std::pair<std::string, std::string>{key, std::to_string(effectiveThreads(c.threads_))};
   if (key == "max_parallel_workers_per_gather") return std::pair<std::string, std::string>{key, std::to_string(effectiveThreads(c.threads_) - 1)};
   if (key == "snapshot_max_age") return std::pair<std::string, std::string>{key, timeoutText(c.snapshotMaxAgeMs_)};
   if (key == "default_transaction_read_only") return std::pair<std::string, std::string>{key, c.defaultReadOnly_ ? "on" : "off"};
   if (key == "transaction_read_only") {
      bool readOnly = c.inTransaction_ ? c.readOnlyBlock_ : c.defaultReadOnly_;
      return std::pair<std::string, std::string>{key, readOnly ? "on" : "off"};
   }
   if (auto text = checkpointSettingText(c.database_.options, key)) return std::pair<std::string, std::string>{key, *text};
   if (std::optional<PassiveSetting> passive = findPassiveSetting(key))
      return std::pair<std::string, std::string>{passive->name, passiveValue(c.passiveSettings_, *passive)};
   for (auto& [custom, value] : c.passiveSettings_)
      if (custom == key) return std::pair<std::string, std::string>{key, value};
   return std::nullopt;
}

std::vector<std::vector<std::string>> ConnectionSettings::all() const {
   std::vector<std::vector<std::string>> rows;
   auto add = [&](const std::string& name, const char* description) { rows.push_back({shown(name)->first, shown(name)->second, description}); };
   add("lock_timeout", "How long a statement waits for another connection's transaction to end: 0, no limit.");
   add("statement_timeout", "How long a statement may run: 0, no limit.");
   add("synchronous_commit", "Whether a commit waits until its log record is on disk.");
   add("snapshot_reads",
       "Where read-only statements run: auto (big ones, and all while another connection's block is open, on a snapshot), on (all on a snapshot), off (all in "
       "the writer's turn).");
   add("snapshot_min_rows", "The estimated rows of work that send a read-only statement to a snapshot under snapshot_reads auto.");
   add(memoryLimitName, "How much memory this process may hold; a statement that would take more fails with 53200: 0, no limit.");
   add("plan_cache_memory", "How much memory the cache of compiled plans of statements sent as text may hold when this connection adds one: 0, no cache.");
   add("threads", "How many threads a query may run on: by default, the cores this process may use.");
   add("max_parallel_workers_per_gather", "The threads a query may run on besides its own: threads - 1.");
   add("snapshot_max_age", "How much older than the last commit a snapshot a statement reads may be: 0, none.");
   add("default_transaction_read_only", "Whether new transaction blocks are READ ONLY.");
   add("transaction_read_only", "Whether the running transaction is READ ONLY.");
   add("checkpoint_timeout", "How long after a checkpoint a commit starts the next one (a database on disk).");
   add("max_wal_size", "How much log kept on disk, two checkpoints' worth, makes a commit start a checkpoint.");
   add("snapshot_memory_limit", "How much memory a snapshot process may take for its queries beyond the database: 0, no limit.");
   add("timezone", "The time zone timestamptz values are shown and read in.");
   for (const PassiveSetting& setting : passiveSettings()) add(setting.name, setting.description);
   for (auto& [name, value] : connection_.passiveSettings_)
      if (!findPassiveSetting(name)) rows.push_back({name, value, ""});
   std::sort(rows.begin(), rows.end(), [](auto& a, auto& b) { return asciiLowercase(a[0]) < asciiLowercase(b[0]); });
   return rows;
}

std::optional<std::string> ConnectionSettings::current(const std::string& name, bool missingOk) {
   if (auto value = shown(name)) return value->second;
   if (missingOk) return std::nullopt;
   unrecognized(name);
}

std::string ConnectionSettings::set(const std::string& name, const std::optional<std::string>& value, bool isLocal) {
   // As the SET statement with the value as a string constant would be.
   std::string lowered = asciiLowercase(name);
   PgQuery__String text = PG_QUERY__STRING__INIT;
   text.sval = const_cast<char*>(value ? value->c_str() : "");
   PgQuery__AConst constant = PG_QUERY__A__CONST__INIT;
   constant.val_case = PG_QUERY__A__CONST__VAL_SVAL;
   constant.sval = &text;
   PgQuery__Node node = PG_QUERY__NODE__INIT;
   node.node_case = PG_QUERY__NODE__NODE_A_CONST;
   node.a_const = &constant;
   PgQuery__Node* args[] = {&node};
   PgQuery__VariableSetStmt set = PG_QUERY__VARIABLE_SET_STMT__INIT;
   set.kind = value ? PG_QUERY__VARIABLE_SET_KIND__VAR_SET_VALUE : PG_QUERY__VARIABLE_SET_KIND__VAR_RESET;
   set.name = const_cast<char*>(lowered.c_str());
   set.n_args = value ? 1 : 0;
   set.args = args;
   set.is_local = isLocal;
   const std::string* raw = value ? &*value : nullptr;
   if (isLocal && !connection_.inTransaction_ && lowered != memoryLimitName) {
      // It would last to the end of the statement's own transaction (PostgreSQL's): the value
      // comes back, nothing stays.
      SessionSettings saved = connection_.settings(), changed = saved;
      changeSetting(set, raw, changed, nullptr);
      connection_.useSettings(changed);
      std::string shownValue = *current(lowered, false);
      connection_.useSettings(saved);
      return shownValue;
   }
   if (!connection_.inTransaction_ && !beforeStatement_) beforeStatement_ = connection_.settings();
   apply(set, raw);
   return *current(lowered, false);
}

void ConnectionSettings::undoStatement() {
   if (beforeStatement_) connection_.useSettings(*beforeStatement_);
   beforeStatement_.reset();
}

}  // namespace kiln
