// Result column names as PostgreSQL 15 names them.
#include <gtest/gtest.h>

#include "kiln/kiln.h"

using namespace kiln;

namespace {

std::vector<std::string> namesOf(Connection& con, const std::string& sql) {
   Result r = con.query(sql);
   std::vector<std::string> names;
   for (size_t i = 0; i < r.columnCount(); ++i) names.push_back(r.columnName(i));
   return names;
}

}  // namespace

TEST(ColumnNames, LikePostgres) {
   Database db;
   Connection con(db);
   con.query("CREATE TABLE t1 (id INTEGER, a INTEGER, b INTEGER, s TEXT, d DATE)");
   using V = std::vector<std::string>;
   EXPECT_EQ(namesOf(con, "SELECT 1 + 1, sum(a), CASE WHEN a = 1 THEN 1 END, '1'::int, 1::int, a AS alias FROM t1 GROUP BY a"),
             (V{"?column?", "sum", "case", "int4", "int4", "alias"}));
   EXPECT_EQ(namesOf(con, "SELECT count(*), count(a), avg(a), min(b), max(b), t1.a, -a, a + b FROM t1 GROUP BY a, b"),
             (V{"count", "count", "avg", "min", "max", "a", "?column?", "?column?"}));
   EXPECT_EQ(namesOf(con, "SELECT 'x', 'x'::text, CAST(a AS BIGINT), a::numeric(5,2), coalesce(a, 0), upper(s), length(s) FROM t1"),
             (V{"?column?", "text", "a", "a", "coalesce", "upper", "length"}));
   EXPECT_EQ(namesOf(con, "SELECT substring(s from 1 for 2), extract(year from d), d, NULL, true, 1.5 FROM t1"),
             (V{"substring", "extract", "d", "?column?", "?column?", "?column?"}));
   EXPECT_EQ(namesOf(con, "SELECT greatest(a, 1), least(a, 1), concat(s, a), trunc(a), pi() FROM t1"), (V{"greatest", "least", "concat", "trunc", "pi"}));
   EXPECT_EQ(namesOf(con, "SELECT 'x'::varchar(3), 'x'::char(2), 1::bigint, 1::smallint, 1.5::float8, 1::real, 2::numeric(5,2), CAST('1' AS INTEGER)"),
             (V{"varchar", "bpchar", "int8", "int2", "float8", "float4", "numeric", "int4"}));
   // A cast over a cast or a CASE is named by its own type, as written (int4 for int).
   EXPECT_EQ(
      namesOf(con,
              "SELECT 2::float8::numeric, 1.5::numeric::float8, 1.5::numeric, (CASE WHEN true THEN 1 END)::text, a::text::int, 1::double precision FROM t1"),
      (V{"numeric", "float8", "numeric", "text", "a", "float8"}));
   EXPECT_EQ(namesOf(con, "SELECT CASE WHEN true THEN 1 ELSE a END, (CASE WHEN true THEN 1 ELSE a END)::text, CASE WHEN true THEN a ELSE 1 END FROM t1"),
             (V{"a", "a", "case"}));
   EXPECT_EQ(namesOf(con, "SELECT DATE '2020-01-01', INTERVAL '1 day', a IS NULL, NOT true, max(a) + 1 FROM t1 GROUP BY a"),
             (V{"date", "interval", "?column?", "?column?", "?column?"}));
   EXPECT_EQ(namesOf(con, "SELECT * FROM t1"), (V{"id", "a", "b", "s", "d"}));
   EXPECT_EQ(namesOf(con, "SELECT a AS \"Mixed Case\", b AS lower FROM t1"), (V{"Mixed Case", "lower"}));
}
