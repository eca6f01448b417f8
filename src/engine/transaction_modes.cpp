#include "engine/transaction_modes.h"

#include <cctype>

#include "engine/modifying_with.h"
#include "engine/passive_settings.h"
#include "engine/snapshot_settings.h"

namespace kiln {

namespace {

bool selectReadsOnly(const PgQuery__SelectStmt& select) {
   if (select.into_clause || select.n_locking_clause > 0) return false;
   // Each side of a UNION and so on is a SELECT of its own.
   if (select.larg && !selectReadsOnly(*select.larg)) return false;
   if (select.rarg && !selectReadsOnly(*select.rarg)) return false;
   return true;
}

std::string constantText(const PgQuery__Node& node) {
   if (node.node_case != PG_QUERY__NODE__NODE_A_CONST) return {};
   const PgQuery__AConst& c = *node.a_const;
   if (c.val_case == PG_QUERY__A__CONST__VAL_SVAL) return c.sval->sval;
   if (c.val_case == PG_QUERY__A__CONST__VAL_IVAL) return std::to_string(c.ival->ival);
   if (c.val_case == PG_QUERY__A__CONST__VAL_BOOLVAL) return c.boolval->boolval ? "1" : "0";
   return {};
}

void checkIsolationLevel(const std::string& level) {
   std::string lowered = asciiLowercase(level);
   for (const char* known : {"serializable", "repeatable read", "read committed", "read uncommitted"})
      if (lowered == known) return;
   throw Error("22023", "invalid value for parameter \"transaction_isolation\": \"" + level + "\"", 0, {},
               "Available values: serializable, repeatable read, read committed, read uncommitted.");
}

}  // namespace

bool readsOnly(const PgQuery__Node& statement) {
   if (statement.node_case == PG_QUERY__NODE__NODE_EXPLAIN_STMT) return statement.explain_stmt->query && readsOnly(*statement.explain_stmt->query);
   if (statement.node_case != PG_QUERY__NODE__NODE_SELECT_STMT) return false;
   return selectReadsOnly(*statement.select_stmt) && !hasModifyingWith(statement);
}

Error abortedBlock() { return Error("25P02", "current transaction is aborted, commands ignored until end of transaction block"); }

Error notInReadOnlyBlock(const PgQuery__Node& statement, const std::string& text) {
   // The command as PostgreSQL names it: the statement's kind (a WITH's main statement), or the
   // text's first word, two for CREATE, DROP and ALTER.
   std::string command;
   switch (statement.node_case) {
      case PG_QUERY__NODE__NODE_SELECT_STMT: {
         const PgQuery__SelectStmt& select = *statement.select_stmt;
         command = select.into_clause ? "SELECT INTO" : "SELECT";
         if (select.n_locking_clause > 0 && select.locking_clause[0]->node_case == PG_QUERY__NODE__NODE_LOCKING_CLAUSE) {
            switch (select.locking_clause[0]->locking_clause->strength) {
               case PG_QUERY__LOCK_CLAUSE_STRENGTH__LCS_FORKEYSHARE: command = "SELECT FOR KEY SHARE"; break;
               case PG_QUERY__LOCK_CLAUSE_STRENGTH__LCS_FORSHARE: command = "SELECT FOR SHARE"; break;
               case PG_QUERY__LOCK_CLAUSE_STRENGTH__LCS_FORNOKEYUPDATE: command = "SELECT FOR NO KEY UPDATE"; break;
               default: command = "SELECT FOR UPDATE"; break;
            }
         }
         break;
      }
      case PG_QUERY__NODE__NODE_INSERT_STMT: command = "INSERT"; break;
      case PG_QUERY__NODE__NODE_UPDATE_STMT: command = "UPDATE"; break;
      case PG_QUERY__NODE__NODE_DELETE_STMT: command = "DELETE"; break;
      default: {
         size_t words = 1;
         for (size_t i = 0; i < text.size() && words > 0;) {
            while (i < text.size() && std::isspace(static_cast<unsigned char>(text[i]))) ++i;
            size_t start = i;
            while (i < text.size() && std::isalpha(static_cast<unsigned char>(text[i]))) ++i;
            if (i == start) break;
            std::string word = text.substr(start, i - start);
            for (char& c : word) c = char(std::toupper(static_cast<unsigned char>(c)));
            command += (command.empty() ? "" : " ") + word;
            if (command == "CREATE" || command == "DROP" || command == "ALTER") ++words;
            --words;
         }
      }
   }
   return Error("25006", "cannot execute " + (command.empty() ? std::string("this statement") : command) + " in a read-only transaction");
}

int readOnlyModeOf(PgQuery__Node* const* options, size_t count) {
   int mode = -1;
   for (size_t i = 0; i < count; ++i) {
      if (options[i]->node_case != PG_QUERY__NODE__NODE_DEF_ELEM) continue;
      const PgQuery__DefElem& option = *options[i]->def_elem;
      std::string name = option.defname ? option.defname : "";
      std::string value = option.arg ? constantText(*option.arg) : "";
      if (name == "transaction_read_only") mode = value == "1" ? 1 : 0;
      else if (name == "transaction_isolation") checkIsolationLevel(value);
   }
   return mode;
}

std::optional<int> transactionModeSet(const PgQuery__VariableSetStmt& set) {
   std::string name = set.name ? asciiLowercase(set.name) : "";
   if (set.kind == PG_QUERY__VARIABLE_SET_KIND__VAR_SET_MULTI && name == "transaction") return readOnlyModeOf(set.args, set.n_args);
   if (name == "transaction_read_only") return booleanSetting(set, name, false) ? 1 : 0;
   if (name == "transaction_isolation") {
      if (set.kind == PG_QUERY__VARIABLE_SET_KIND__VAR_SET_VALUE && set.n_args == 1) checkIsolationLevel(constantText(*set.args[0]));
      return -1;
   }
   return std::nullopt;
}

std::optional<int> sessionCharacteristicsSet(const PgQuery__VariableSetStmt& set) {
   if (set.kind != PG_QUERY__VARIABLE_SET_KIND__VAR_SET_MULTI || !set.name || asciiLowercase(set.name) != "session characteristics") return std::nullopt;
   return readOnlyModeOf(set.args, set.n_args);
}

}  // namespace kiln
