// Every function of the registry (algebra/scalar_function.h), by each of its names and overloads:
// it binds and compiles, a call with values returns one row, and a strict one is NULL of NULLs.
#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <string>

#include "algebra/scalar_function.h"
#include "kiln/kiln.h"

using namespace kiln;

namespace {

bool typedByParameters(const FunctionOverload& overload) {
   return std::find(overload.parameters.begin(), overload.parameters.end(), ParameterType::Any) == overload.parameters.end();
}

/// Arguments of the overloads whose parameters a bind rule types (ParameterType::Any), and of
/// those a text argument of 'kiln' does not suit, by name and number of parameters.
const std::map<std::pair<std::string, size_t>, std::string> samples = {
   {{"abs", 1}, "-2"},
   {{"ceil", 1}, "2.5"},
   {{"ceiling", 1}, "2.5"},
   {{"floor", 1}, "2.5"},
   {{"round", 1}, "2.5"},
   {{"round", 2}, "2.55, 1"},
   {{"trunc", 1}, "2.5"},
   {{"trunc", 2}, "2.55, 1"},
   {{"sign", 1}, "-2"},
   {{"sqrt", 1}, "2.0"},
   {{"cbrt", 1}, "8"},
   {{"exp", 1}, "1.0"},
   {{"ln", 1}, "2"},
   {{"log", 1}, "100"},
   {{"log10", 1}, "100.0"},
   {{"log", 2}, "2, 8"},
   {{"power", 2}, "2, 0.5"},
   {{"pow", 2}, "2.0, 3"},
   {{"div", 2}, "7, 2"},
   {{"gcd", 2}, "12, 18"},
   {{"lcm", 2}, "4, 6"},
   {{"width_bucket", 4}, "5.5, 0, 10, 4"},
   {{"age", 1}, "'2000-01-01'::timestamp"},
   {{"age", 2}, "'2001-02-03'::date, '2000-01-01'::timestamptz"},
   {{"isfinite", 1}, "'2000-01-01'::date"},
   {{"to_char", 2}, "'2000-01-01'::timestamp, 'YYYY'"},
   {{"timezone", 2}, "'UTC', '2000-01-01 12:00'::timestamp"},
   {{"justify_days", 1}, "'35 days'::interval"},
   {{"justify_hours", 1}, "'27 hours'::interval"},
   {{"justify_interval", 1}, "'1 month -1 hour'"},
   {{"to_timestamp", 1}, "86400"},
   {{"make_date", 3}, "2000, 1, 2"},
   {{"concat", 1}, "1, NULL, true"},
   {{"concat_ws", 2}, "', ', 1, NULL, 'a'"},
   {{"format", 2}, "'%s-%L', 1, NULL"},
   {{"quote_literal", 1}, "2.5"},
   {{"to_date", 2}, "'2000-01-02', 'YYYY-MM-DD'"},
   {{"to_timestamp", 2}, "'2000-01-02', 'YYYY-MM-DD'"},
   {{"current_setting", 1}, "'application_name'"},
   {{"current_setting", 2}, "'no.such_setting', true"},
   {{"set_config", 3}, "'application_name', 'kiln', false"},
   {{"nextval", 1}, "'numbers'"},
   {{"currval", 1}, "'numbers'"},
   {{"setval", 2}, "'numbers', 5"},
   {{"setval", 3}, "'numbers', 5, true"},
   {{"textregexeq", 2}, "'kiln', 'i.'"},
   {{"regexp_replace", 3}, "'kiln', 'i', 'o'"},
   {{"regexp_replace", 4}, "'kiln', 'I', 'o', 'gi'"},
   {{"regexp_count", 2}, "'kiln', 'i'"},
   {{"regexp_count", 3}, "'kiln', 'i', 2"},
   {{"regexp_count", 4}, "'kiln', 'I', 1, 'i'"},
   {{"regexp_substr", 2}, "'kiln', '(i)(l)', 1, 1, 'i', 2"},
   {{"substring", 2}, "'kiln', 'i.'"},
   {{"substring", 3}, "'kiln', '%#\"i#\"%', '#'"},
   {{"cardinality", 1}, "ARRAY[1, 2]"},
   {{"array_length", 2}, "ARRAY[1, 2], 1"},
   {{"array_upper", 2}, "ARRAY[1, 2], 1"},
   {{"array_lower", 2}, "ARRAY[1, 2], 1"},
   {{"array_ndims", 1}, "ARRAY[1, 2]"},
   {{"array_dims", 1}, "ARRAY[1, 2]"},
   {{"array_to_string", 2}, "ARRAY[1, NULL], ','"},
   {{"array_to_string", 3}, "ARRAY[1, NULL], ',', '*'"},
   {{"array_cat", 2}, "ARRAY[1], ARRAY[2]"},
   {{"array_append", 2}, "ARRAY[1], 2"},
   {{"array_prepend", 2}, "1, ARRAY[2]"},
   {{"array_position", 2}, "ARRAY[1, 2], 2"},
   {{"array_position", 3}, "ARRAY[1, 2], 2, 1"},
   {{"array_remove", 2}, "ARRAY[1, 2], 2"},
   {{"array_replace", 3}, "ARRAY[1, 2], 2, 3"},
};

std::string call(const char* name, const FunctionOverload& overload, bool nulls) {
   // Quoted: position, substring and trim have a grammar of their own unquoted.
   std::string sql = std::string("SELECT \"") + name + "\"(";
   size_t count = overload.parameters.size();
   auto sample = samples.find({name, count});
   if (sample != samples.end() && !nulls) return sql + sample->second + ")";
   if (!typedByParameters(overload)) return "no sample arguments for " + sql;
   for (size_t i = 0; i < count; ++i) {
      bool text = overload.parameters[i] == ParameterType::Text;
      sql += (i ? ", " : "") + std::string(nulls ? "NULL" : text ? "'kiln'" : "2") + (text ? "::text" : "::bigint");
   }
   return sql + ")";
}

}  // namespace

TEST(ScalarFunctions, EveryEntryBindsAndCompiles) {
   Database db;
   Connection con{db};
   con.query("CREATE SEQUENCE numbers");
   con.query("SELECT nextval('numbers')");  // for currval
   for (const ScalarFunction& function : scalarFunctions())
      for (const char* name : function.names)
         for (const FunctionOverload& overload : function.overloads) {
            std::string sql = call(name, overload, false);
            try {
               Result values = con.query(sql);
               EXPECT_EQ(values.rowCount(), 1u) << sql;
               if (overload.parameters.empty() || function.nulls != NullBehaviour::Strict || !typedByParameters(overload)) continue;
               sql = call(name, overload, true);
               EXPECT_TRUE(con.query(sql).isNull(0, 0)) << sql;
            } catch (const Error& e) {
               ADD_FAILURE() << sql << ": " << e.sqlstate() << " " << e.message();
            }
         }
}

// Two entries of one name and arity only where the first's bind rule takes or declines a call by
// its arguments' types (substring(s FROM pattern) before substring(s FROM start)).
TEST(ScalarFunctions, OneEntryPerNameAndArity) {
   for (const ScalarFunction& function : scalarFunctions())
      for (const char* name : function.names)
         for (const FunctionOverload& overload : function.overloads) {
            size_t count = overload.parameters.size();
            for (const ScalarFunction* other : findScalarFunctions(name)) {
               if (other == &function) break;
               const FunctionOverload* earlier = other->overloadFor(count);
               EXPECT_TRUE(!earlier || !typedByParameters(*earlier)) << name << " with " << count << " arguments";
            }
         }
}
