#include "engine/timeout_settings.h"

#include <cctype>
#include <climits>
#include <cmath>
#include <cstdio>
#include <cstdlib>

#include "kiln/kiln.h"

namespace kiln {

namespace {

struct Unit {
   const char* name;
   double milliseconds;
};
constexpr Unit units[] = {{"d", 86'400'000}, {"h", 3'600'000}, {"min", 60'000}, {"s", 1'000}, {"ms", 1}, {"us", 0.001}};

[[noreturn]] void invalid(const std::string& name, const std::string& text, const std::string& hint = {}) {
   throw Error("22023", "invalid value for parameter \"" + name + "\": \"" + text + "\"", 0, {}, hint);
}

/// `milliseconds` rounded to a whole number (as PostgreSQL rounds), in the parameter's range.
int64_t inRange(const std::string& name, double milliseconds, const std::string& text) {
   double rounded = std::rint(milliseconds);
   if (rounded < INT_MIN || rounded > INT_MAX) invalid(name, text, "Value exceeds integer range.");
   if (rounded < 0) {
      char text[64];
      std::snprintf(text, sizeof(text), "%.0f", rounded);
      throw Error("22023", std::string(text) + " ms is outside the valid range for parameter \"" + name + "\" (0 .. 2147483647)");
   }
   return int64_t(rounded);
}

/// "1500", "2s", " 1.5 min ": a number, then optionally a unit.
int64_t parseText(const std::string& name, const std::string& text) {
   const char* start = text.c_str();
   char* end = nullptr;
   double number = std::strtod(start, &end);
   if (end == start || !std::isfinite(number)) invalid(name, text);
   while (std::isspace(static_cast<unsigned char>(*end))) ++end;
   std::string unit(end);
   while (!unit.empty() && std::isspace(static_cast<unsigned char>(unit.back()))) unit.pop_back();
   if (unit.empty()) return inRange(name, number, text);
   for (const Unit& u : units)
      if (unit == u.name) return inRange(name, number * u.milliseconds, text);
   invalid(name, text, "Valid units for this parameter are \"us\", \"ms\", \"s\", \"min\", \"h\", and \"d\".");
}

}  // namespace

int64_t millisecondsSetting(const std::string& name, const std::string& text) { return parseText(name, text); }

int64_t timeoutSetting(const PgQuery__VariableSetStmt& set) {
   std::string name = set.name;
   if (set.kind != PG_QUERY__VARIABLE_SET_KIND__VAR_SET_VALUE || set.n_args == 0) return 0;
   if (set.n_args != 1) throw Error("22023", "SET " + name + " takes only one argument");
   const PgQuery__Node& arg = *set.args[0];
   if (arg.node_case == PG_QUERY__NODE__NODE_A_CONST) {
      const PgQuery__AConst& c = *arg.a_const;
      switch (c.val_case) {
         case PG_QUERY__A__CONST__VAL_IVAL: return inRange(name, double(c.ival->ival), std::to_string(c.ival->ival));
         case PG_QUERY__A__CONST__VAL_FVAL: return parseText(name, c.fval->fval);
         case PG_QUERY__A__CONST__VAL_SVAL: return parseText(name, c.sval->sval);
         default: break;
      }
   }
   throw Error("22023", "parameter \"" + name + "\" requires a numeric value");
}

std::string timeoutText(int64_t milliseconds) {
   if (milliseconds == 0) return "0";
   for (const Unit& u : units)
      if (u.milliseconds >= 1 && milliseconds % int64_t(u.milliseconds) == 0) return std::to_string(milliseconds / int64_t(u.milliseconds)) + u.name;
   return std::to_string(milliseconds) + "ms";
}

}  // namespace kiln
