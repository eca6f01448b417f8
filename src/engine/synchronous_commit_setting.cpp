#include "engine/synchronous_commit_setting.h"

#include <algorithm>
#include <cctype>

#include "kiln/kiln.h"

namespace kiln {

std::string synchronousCommitSetting(const PgQuery__VariableSetStmt& set) {
   if (set.kind != PG_QUERY__VARIABLE_SET_KIND__VAR_SET_VALUE || set.n_args == 0) return "on";
   std::string value;
   if (set.n_args == 1 && set.args[0]->node_case == PG_QUERY__NODE__NODE_A_CONST) {
      const PgQuery__AConst& c = *set.args[0]->a_const;
      if (c.val_case == PG_QUERY__A__CONST__VAL_SVAL) value = c.sval->sval;
      if (c.val_case == PG_QUERY__A__CONST__VAL_BOOLVAL) value = c.boolval->boolval ? "on" : "off";
      if (c.val_case == PG_QUERY__A__CONST__VAL_IVAL) value = std::to_string(c.ival->ival);
      if (c.val_case == PG_QUERY__A__CONST__VAL_FVAL) value = c.fval->fval;
   }
   std::string lower = value;
   std::transform(lower.begin(), lower.end(), lower.begin(), [](unsigned char ch) { return char(std::tolower(ch)); });
   for (const char* name : {"on", "off", "local", "remote_write", "remote_apply"})
      if (lower == name) return name;
   for (const char* yes : {"true", "yes", "1"})
      if (lower == yes) return "on";
   for (const char* no : {"false", "no", "0"})
      if (lower == no) return "off";
   throw Error("22023", "invalid value for parameter \"synchronous_commit\": \"" + value + "\"", 0, {},
               "Available values: local, remote_write, remote_apply, on, off.");
}

}  // namespace kiln
