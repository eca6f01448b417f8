#include "engine/timeout_settings.h"

#include <climits>

#include "engine/unit_settings.h"
#include "kiln/kiln.h"

namespace kiln {

namespace {

UnitSetting timeout(const std::string& name) { return {name.c_str(), SettingUnit::Milliseconds, 0, INT_MAX}; }

}  // namespace

int64_t millisecondsSetting(const std::string& name, const std::string& text) { return unitSettingValue(timeout(name), text); }

int64_t unitSettingOf(const PgQuery__VariableSetStmt& set, const UnitSetting& setting, int64_t defaultValue) {
   std::string name = set.name;
   if (set.kind != PG_QUERY__VARIABLE_SET_KIND__VAR_SET_VALUE || set.n_args == 0) return defaultValue;
   if (set.n_args != 1) throw Error("22023", "SET " + name + " takes only one argument");
   const PgQuery__Node& arg = *set.args[0];
   if (arg.node_case == PG_QUERY__NODE__NODE_A_CONST) {
      const PgQuery__AConst& c = *arg.a_const;
      switch (c.val_case) {
         case PG_QUERY__A__CONST__VAL_IVAL: return unitSettingValue(setting, double(c.ival->ival), std::to_string(c.ival->ival));
         case PG_QUERY__A__CONST__VAL_FVAL: return unitSettingValue(setting, c.fval->fval);
         case PG_QUERY__A__CONST__VAL_SVAL: return unitSettingValue(setting, c.sval->sval);
         default: break;
      }
   }
   throw Error("22023", "parameter \"" + name + "\" requires a numeric value");
}

int64_t timeoutSetting(const PgQuery__VariableSetStmt& set) {
   std::string name = set.name;
   return unitSettingOf(set, timeout(name), 0);
}

std::string timeoutText(int64_t milliseconds) { return unitSettingText(SettingUnit::Milliseconds, milliseconds); }

}  // namespace kiln
