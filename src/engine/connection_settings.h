// A connection's settings as statements reach them: SET and SHOW, and set_config() and
// current_setting() from queries (through SettingsAccess). A SET in a transaction block is undone
// by ROLLBACK (the block keeps the values to go back to); set_config() outside a block is undone
// when its statement fails, as PostgreSQL undoes it with the statement's implicit transaction.
#pragma once

#include <optional>
#include <string>
#include <utility>
#include <vector>

#include <pg_query/pg_query.pb-c.h>

#include "engine/connection_impl.h"
#include "engine/result_data.h"
#include "engine/session_settings.h"
#include "kiln/kiln.h"
#include "runtime/settings_access.h"

namespace kiln {

class ConnectionSettings final : public SettingsAccess {
   public:
   explicit ConnectionSettings(ConnectionImpl& connection) : connection_(connection) {}

   /// SET, SET LOCAL, RESET, RESET ALL. `rawValue`: set_config()'s value, taken as it is (SET's
   /// arguments are flattened as PostgreSQL does). Throws for an unknown name or a bad value,
   /// changing nothing.
   void apply(const PgQuery__VariableSetStmt& set, const std::string* rawValue = nullptr);
   /// The SET statement: SET TRANSACTION and SESSION CHARACTERISTICS modes too. Returns its
   /// status tag, SET or RESET.
   const char* runSet(const PgQuery__VariableSetStmt& set);
   /// The SHOW statement (`name` "all": SHOW ALL) into `result`; 42704 for a name it does not know.
   void runShow(const std::string& name, ResultData& result) const;
   /// SHOW `name`: the column's name and the value; nullopt for a name it does not know.
   std::optional<std::pair<std::string, std::string>> shown(const std::string& name) const;
   /// SHOW ALL: name, value and description of each setting, in name order (an application's own
   /// without a description).
   std::vector<std::vector<std::string>> all() const;

   std::optional<std::string> current(const std::string& name, bool missingOk) override;
   std::string set(const std::string& name, const std::optional<std::string>& value, bool isLocal) override;

   /// After the statement failed: the settings set_config() changed outside a block go back.
   void undoStatement();

   private:
   ConnectionImpl& connection_;
   std::optional<SessionSettings> beforeStatement_;  // set_config() outside a block changed them
};

}  // namespace kiln
