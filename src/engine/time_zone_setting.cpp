#include "engine/time_zone_setting.h"

#include "parser/expression_binder.h"

namespace kiln {

std::shared_ptr<const TimeZone> timeZoneSetting(const PgQuery__VariableSetStmt& set) {
   if (set.kind != PG_QUERY__VARIABLE_SET_KIND__VAR_SET_VALUE || set.n_args == 0) return TimeZone::utc();
   if (set.n_args != 1) throw Error("22023", "SET TIME ZONE takes only one argument");
   const PgQuery__Node& arg = *set.args[0];
   if (arg.node_case == PG_QUERY__NODE__NODE_A_CONST) {
      const PgQuery__AConst& c = *arg.a_const;
      switch (c.val_case) {
         case PG_QUERY__A__CONST__VAL_SVAL: return TimeZone::forSetting(c.sval->sval);
         case PG_QUERY__A__CONST__VAL_IVAL: return TimeZone::forSetting(std::to_string(c.ival->ival));
         case PG_QUERY__A__CONST__VAL_FVAL: return TimeZone::forSetting(c.fval->fval);
         default: break;
      }
   }
   // INTERVAL '+05:30' HOUR TO MINUTE and the like: hours east of Greenwich.
   IUSet scratch;
   Scope empty;
   ExprPtr value = ExpressionBinder::coerce(ExpressionBinder(empty, scratch).bind(arg), SqlType::interval());
   if (value->kind != ExprKind::Constant || value->constant().isNull) throw Error("22023", "invalid value for parameter \"TimeZone\"");
   const Interval& offset = value->constant().interval;
   if (offset.months) throw Error("22023", "invalid interval value for time zone: month not allowed");
   if (offset.days) throw Error("22023", "invalid interval value for time zone: day not allowed");
   return TimeZone::ofOffset(int32_t(offset.micros / 1'000'000));
}

}  // namespace kiln
