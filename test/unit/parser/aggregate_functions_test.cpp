// Every aggregate and window function of the registry (algebra/aggregate_function.h), by each of
// its names: it binds and computes its value over three rows, an aggregate also over a window
// (its running value at the last row is the whole aggregate's).
#include <gtest/gtest.h>

#include <map>
#include <string>

#include "algebra/aggregate_function.h"
#include "kiln/kiln.h"

using namespace kiln;

namespace {

struct Sample {
   std::string call;      // over t(x, s, b): (1, 'a', true), (2, 'b', false), (4, 'c', true)
   std::string expected;  // an aggregate's value; a window function's values in the order of x
};

const std::map<std::string, Sample> samples = {
   {"count", {"count(x)", "3"}},
   {"sum", {"sum(x)", "7"}},
   {"avg", {"avg(x)", "2.3333333333333333"}},
   {"min", {"min(s)", "a"}},
   {"max", {"max(x)", "4"}},
   {"bool_and", {"bool_and(b)", "f"}},
   {"every", {"every(x > 0)", "t"}},
   {"bool_or", {"bool_or(b)", "t"}},
   {"stddev_samp", {"stddev_samp(x::float8)", "1.5275252316519468"}},
   {"stddev", {"stddev(x::float8)", "1.5275252316519468"}},
   {"stddev_pop", {"stddev_pop(x::float8)", "1.247219128924647"}},
   {"var_samp", {"var_samp(x)", "2.3333333333333333"}},
   {"variance", {"variance(x)", "2.3333333333333333"}},
   {"var_pop", {"var_pop(x)", "1.5555555555555556"}},
   {"string_agg", {"string_agg(s, '-')", "a-b-c"}},
   {"array_agg", {"array_agg(x)", "{1,2,4}"}},
   {"percentile_cont", {"percentile_cont(0.25) WITHIN GROUP (ORDER BY x)", "1.5"}},
   {"percentile_disc", {"percentile_disc(0.5) WITHIN GROUP (ORDER BY s DESC)", "b"}},
   {"mode", {"mode() WITHIN GROUP (ORDER BY b)", "t"}},
   {"row_number", {"row_number()", "1,2,3"}},
   {"rank", {"rank()", "1,2,3"}},
   {"dense_rank", {"dense_rank()", "1,2,3"}},
   {"percent_rank", {"percent_rank()", "0,0.5,1"}},
   {"cume_dist", {"cume_dist()", "0.3333333333333333,0.6666666666666666,1"}},
   {"ntile", {"ntile(2)", "1,1,2"}},
   {"lag", {"lag(s, 1, 'none')", "none,a,b"}},
   {"lead", {"lead(x)", "2,4,NULL"}},
   {"first_value", {"first_value(s)", "a,a,a"}},
   {"last_value", {"last_value(x)", "1,2,4"}},
   {"nth_value", {"nth_value(s, 2)", "NULL,b,b"}},
};

std::string column(const Result& result) {
   std::string text;
   for (size_t row = 0; row < result.rowCount(); ++row) text += (row ? "," : "") + (result.isNull(row, 0) ? "NULL" : result.getString(row, 0));
   return text;
}

}  // namespace

TEST(AggregateFunctions, EveryEntryBindsAndComputes) {
   Database db;
   Connection con{db};
   con.query("CREATE TABLE t (x integer, s text, b boolean)");
   con.query("INSERT INTO t VALUES (1, 'a', true), (2, 'b', false), (4, 'c', true)");
   for (const AggregateDefinition& definition : aggregateDefinitions())
      for (const char* name : definition.names) {
         auto sample = samples.find(name);
         if (sample == samples.end()) {
            ADD_FAILURE() << "no sample call of " << name;
            continue;
         }
         const auto& [call, expected] = sample->second;
         std::string sql = definition.form == CallForm::Window ? "SELECT " + call + " OVER (ORDER BY x) FROM t ORDER BY x" : "SELECT " + call + " FROM t";
         try {
            EXPECT_EQ(column(con.query(sql)), expected) << sql;
            if (definition.form != CallForm::Aggregate) continue;
            sql = "SELECT " + call + " OVER (ORDER BY x) FROM t ORDER BY x DESC LIMIT 1";
            EXPECT_EQ(column(con.query(sql)), expected) << sql;
         } catch (const Error& e) {
            ADD_FAILURE() << sql << ": " << e.sqlstate() << " " << e.message();
         }
      }
}

TEST(AggregateFunctions, CountIsTheOnlyAggregateOfStar) {
   Database db;
   Connection con{db};
   con.query("CREATE TABLE t (x integer)");
   EXPECT_EQ(con.query("SELECT count(*) FROM t").getString(0, 0), "0");
   for (const AggregateDefinition& definition : aggregateDefinitions()) {
      if (definition.star || definition.form != CallForm::Aggregate) continue;
      std::string name = definition.names[0];
      try {
         con.query("SELECT " + name + "(*) FROM t");
         ADD_FAILURE() << name << "(*) ran";
      } catch (const Error& e) {
         EXPECT_EQ(e.sqlstate(), "42809") << name;
      }
   }
}

TEST(AggregateFunctions, AWindowFunctionRequiresOver) {
   Database db;
   Connection con{db};
   con.query("CREATE TABLE t (x integer)");
   try {
      con.query("SELECT rank() FROM t");
      ADD_FAILURE() << "rank() without OVER ran";
   } catch (const Error& e) {
      EXPECT_EQ(e.sqlstate(), "42809");
      EXPECT_EQ(e.message(), "window function rank requires an OVER clause");
   }
}
