// Three-valued logic of AND, OR, NOT and comparisons with NULL, compiled over table rows.
#include <gtest/gtest.h>

#include <optional>

#include "kiln/kiln.h"

using namespace kiln;

namespace {

using Tri = std::optional<bool>;

Tri andOf(Tri a, Tri b) {
   if (a == false || b == false) return false;
   if (!a || !b) return std::nullopt;
   return true;
}

Tri orOf(Tri a, Tri b) {
   if (a == true || b == true) return true;
   if (!a || !b) return std::nullopt;
   return false;
}

Tri cell(const Result& r, size_t row, size_t column) {
   if (r.isNull(row, column)) return std::nullopt;
   return r.getBool(row, column);
}

std::string show(Tri v) { return !v ? "NULL" : *v ? "true" : "false"; }

}  // namespace

TEST(NullLogic, TruthTablesOverRows) {
   Database db;
   Connection con(db);
   con.query("CREATE TABLE tv (v BOOLEAN)");
   con.query("INSERT INTO tv VALUES (true), (false), (NULL)");
   Result r = con.query("SELECT x.v, y.v, x.v AND y.v, x.v OR y.v, NOT x.v FROM tv AS x, tv AS y");
   ASSERT_EQ(r.rowCount(), 9u);
   for (size_t row = 0; row < 9; ++row) {
      Tri a = cell(r, row, 0), b = cell(r, row, 1);
      EXPECT_EQ(cell(r, row, 2), andOf(a, b)) << show(a) << " AND " << show(b);
      EXPECT_EQ(cell(r, row, 3), orOf(a, b)) << show(a) << " OR " << show(b);
      EXPECT_EQ(cell(r, row, 4), a ? Tri(!*a) : std::nullopt) << "NOT " << show(a);
   }
}

TEST(NullLogic, Literals) {
   Database db;
   Connection con(db);
   // PostgreSQL: f | (null) | t | (null) | (null)
   Result r = con.query("SELECT NULL::boolean AND false, NULL::boolean AND true, NULL::boolean OR true, NULL::boolean OR false, NOT NULL::boolean");
   ASSERT_EQ(r.rowCount(), 1u);
   EXPECT_EQ(cell(r, 0, 0), Tri(false));
   EXPECT_EQ(cell(r, 0, 1), std::nullopt);
   EXPECT_EQ(cell(r, 0, 2), Tri(true));
   EXPECT_EQ(cell(r, 0, 3), std::nullopt);
   EXPECT_EQ(cell(r, 0, 4), std::nullopt);
}

TEST(NullLogic, ComparisonsAndFilters) {
   Database db;
   Connection con(db);
   con.query("CREATE TABLE t (a INTEGER, b INTEGER)");
   con.query("INSERT INTO t VALUES (1, 1), (1, NULL), (NULL, NULL), (2, 3)");
   Result r = con.query("SELECT a = b, a <> b, a < b, a IS NULL, b IS NOT NULL FROM t");
   ASSERT_EQ(r.rowCount(), 4u);
   EXPECT_EQ(cell(r, 0, 0), Tri(true));
   EXPECT_EQ(cell(r, 1, 0), std::nullopt);
   EXPECT_EQ(cell(r, 2, 0), std::nullopt);  // NULL = NULL is NULL
   EXPECT_EQ(cell(r, 3, 1), Tri(true));
   EXPECT_EQ(cell(r, 1, 2), std::nullopt);
   EXPECT_EQ(cell(r, 2, 3), Tri(true));
   EXPECT_EQ(cell(r, 1, 4), Tri(false));
   // WHERE keeps only rows whose condition is true, not NULL.
   EXPECT_EQ(con.query("SELECT count(*) FROM t WHERE a = b").getInt64(0, 0), 1);
   EXPECT_EQ(con.query("SELECT count(*) FROM t WHERE NOT (a = b)").getInt64(0, 0), 1);
   EXPECT_EQ(con.query("SELECT count(*) FROM t WHERE a = b OR b IS NULL").getInt64(0, 0), 3);
   EXPECT_EQ(con.query("SELECT count(*) FROM t WHERE a = 1 AND b > 0").getInt64(0, 0), 1);
   // Aggregates skip NULLs; count(*) does not.
   Result agg = con.query("SELECT count(*), count(b), sum(b), min(b), max(a) FROM t");
   EXPECT_EQ(agg.getInt64(0, 0), 4);
   EXPECT_EQ(agg.getInt64(0, 1), 2);
   EXPECT_EQ(agg.getInt64(0, 2), 4);
   EXPECT_EQ(agg.getInt64(0, 3), 1);
   EXPECT_EQ(agg.getInt64(0, 4), 2);
   Result none = con.query("SELECT sum(a), count(a), max(a) FROM t WHERE a > 100");
   ASSERT_EQ(none.rowCount(), 1u);
   EXPECT_TRUE(none.isNull(0, 0));
   EXPECT_EQ(none.getInt64(0, 1), 0);
   EXPECT_TRUE(none.isNull(0, 2));
}
