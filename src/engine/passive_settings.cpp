#include "engine/passive_settings.h"

#include <algorithm>
#include <cctype>
#include <cstring>

#include "engine/timeout_settings.h"
#include "kiln/kiln.h"
#include "optimizer/optimizer_pass.h"

namespace kiln {

namespace {

[[noreturn]] void invalid(const PassiveSetting& setting, const std::string& text, const std::string& detail = {}, const std::string& hint = {}) {
   throw Error("22023", "invalid value for parameter \"" + std::string(setting.name) + "\": \"" + text + "\"", 0, detail, hint);
}

/// PostgreSQL's Boolean spellings: on, off, true, false, yes, no, 1, 0, and unique prefixes.
std::string booleanValue(const PassiveSetting& setting, const std::string& text) {
   std::string value = asciiLowercase(text);
   auto prefixOf = [&](const char* word, size_t least) {
      return value.size() >= least && std::strncmp(word, value.c_str(), value.size()) == 0 && value.size() <= std::strlen(word);
   };
   if (prefixOf("true", 1) || prefixOf("yes", 1) || value == "on" || value == "1") return "on";
   if (prefixOf("false", 1) || prefixOf("no", 1) || prefixOf("off", 2) || value == "0") return "off";
   throw Error("22023", "parameter \"" + std::string(setting.name) + "\" requires a Boolean value");
}

std::string enumValue(const PassiveSetting& setting, const std::string& text, std::initializer_list<std::pair<const char*, const char*>> spellings,
                      const char* available) {
   std::string value = asciiLowercase(text);
   for (auto [spelling, shown] : spellings)
      if (value == spelling) return shown;
   invalid(setting, text, {}, std::string("Available values: ") + available + ".");
}

/// A timeout kiln does not keep: 0 (none), in any of PostgreSQL's forms, only.
std::string noTimeout(const PassiveSetting& setting, const std::string& text) {
   if (millisecondsSetting(setting.name, text) != 0) throw Error("0A000", std::string(setting.name) + " is not supported: only 0 (no timeout) is");
   return "0";
}

/// PostgreSQL's quote_identifier (without its keyword list): quoted unless a plain lowercase name.
std::string quotedIdentifier(const std::string& name) {
   bool plain = !name.empty() && (std::islower(static_cast<unsigned char>(name[0])) || name[0] == '_');
   for (char c : name) plain = plain && (std::islower(static_cast<unsigned char>(c)) || std::isdigit(static_cast<unsigned char>(c)) || c == '_');
   if (plain) return name;
   std::string quoted = "\"";
   for (char c : name) quoted += c == '"' ? "\"\"" : std::string(1, c);
   return quoted + "\"";
}

}  // namespace

std::string asciiLowercase(std::string text) {
   std::transform(text.begin(), text.end(), text.begin(), [](unsigned char c) { return char(std::tolower(c)); });
   return text;
}

std::string flattenedSetValue(const PgQuery__VariableSetStmt& set, bool list) {
   if (set.n_args > 1 && !list) throw Error("22023", "SET " + std::string(set.name) + " takes only one argument");
   std::string text;
   for (size_t i = 0; i < set.n_args; ++i) {
      if (i) text += ", ";
      const PgQuery__Node& arg = *set.args[i];
      if (arg.node_case != PG_QUERY__NODE__NODE_A_CONST) throw Error("22023", "invalid value for parameter \"" + std::string(set.name) + "\"");
      const PgQuery__AConst& c = *arg.a_const;
      switch (c.val_case) {
         case PG_QUERY__A__CONST__VAL_IVAL: text += std::to_string(c.ival->ival); break;
         case PG_QUERY__A__CONST__VAL_FVAL: text += c.fval->fval; break;
         case PG_QUERY__A__CONST__VAL_BOOLVAL: text += c.boolval->boolval ? "true" : "false"; break;
         case PG_QUERY__A__CONST__VAL_SVAL: text += list ? quotedIdentifier(c.sval->sval) : std::string(c.sval->sval); break;
         default: throw Error("22023", "invalid value for parameter \"" + std::string(set.name) + "\"");
      }
   }
   return text;
}

std::string passiveSettingValue(const PassiveSetting& setting, const std::string& text) {
   std::string name = asciiLowercase(setting.name);
   if (name == "idle_in_transaction_session_timeout") return noTimeout(setting, text);
   if (name == "client_encoding") {
      std::string value = asciiLowercase(text);
      value.erase(std::remove_if(value.begin(), value.end(), [](char c) { return c == '-' || c == '_'; }), value.end());
      if (value == "utf8" || value == "unicode") return "UTF8";
      invalid(setting, text, "kiln's client encoding is UTF8.");
   }
   if (name == "standard_conforming_strings") {
      if (booleanValue(setting, text) == "on") return "on";
      throw Error("0A000", "standard_conforming_strings = off is not supported: backslashes are escapes only in E'...' strings");
   }
   if (name == "check_function_bodies" || name == "row_security") return booleanValue(setting, text);
   if (name == "xmloption") return enumValue(setting, text, {{"content", "content"}, {"document", "document"}}, "content, document");
   if (name == "client_min_messages")
      return enumValue(setting, text,
                       {{"debug5", "debug5"},
                        {"debug4", "debug4"},
                        {"debug3", "debug3"},
                        {"debug2", "debug2"},
                        {"debug1", "debug1"},
                        {"debug", "debug2"},
                        {"log", "log"},
                        {"info", "info"},
                        {"notice", "notice"},
                        {"warning", "warning"},
                        {"error", "error"}},
                       "debug5, debug4, debug3, debug2, debug1, log, notice, warning, error");
   if (name == "default_tablespace") {
      if (text.empty() || text == "pg_default") return text;
      invalid(setting, text, "Tablespace \"" + text + "\" does not exist.");
   }
   if (name == "default_table_access_method") {
      if (text == "heap") return text;
      invalid(setting, text, "Table access method \"" + text + "\" does not exist.");
   }
   if (name == "disabled_optimizer_passes") return optimizerPassList(parseOptimizerPassList(text));
   return text;  // search_path, application_name: any text
}

OptimizerPassSet disabledOptimizerPasses(const PassiveSettingValues& values) {
   for (auto& [name, value] : values)
      if (name == "disabled_optimizer_passes") return parseOptimizerPassList(value);
   return 0;
}

namespace {

const std::vector<PassiveSetting> settings = {
   {"application_name", "", "The name the application gives itself."},
   {"check_function_bodies", "on", "Whether CREATE FUNCTION checks bodies (kiln has no functions to create)."},
   {"client_encoding", "UTF8", "The character set of the client's text: UTF8."},
   {"client_min_messages", "notice", "The least important messages sent to the client (kiln sends none below errors)."},
   {"default_table_access_method", "heap", "How new tables store their rows: heap, kiln's columns in memory."},
   {"default_tablespace", "", "Where new tables go: kiln has one place for everything."},
   {"disabled_optimizer_passes", "", "The optimizer passes switched off, a comma-separated list (for tests, and to find a pass at fault)."},
   {"idle_in_transaction_session_timeout", "0", "How long a session may idle in an open transaction: no limit."},
   {"row_security", "on", "Whether row security policies apply (kiln has none)."},
   {"search_path", "\"$user\", public", "The schemas searched for unqualified names (kiln's one schema is public)."},
   {"standard_conforming_strings", "on", "Backslashes in '...' strings are plain characters."},
   {"xmloption", "content", "How XML text is read (kiln has no XML type)."},
};

}  // namespace

const std::vector<PassiveSetting>& passiveSettings() { return settings; }

std::optional<PassiveSetting> findPassiveSetting(const std::string& lowercaseName) {
   for (const PassiveSetting& setting : settings)
      if (lowercaseName == setting.name) return setting;
   return std::nullopt;
}

}  // namespace kiln
