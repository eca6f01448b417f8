// Point lookups by a unique key use the index: EXPLAIN shows it and the results match a scan's.
#include <gtest/gtest.h>

#include "../plan_text.h"
#include "kiln/kiln.h"

namespace {

using kiln::test::plan;

/// Switches the index rewrites off while it lives: queries scan and hash instead.
struct WithoutIndexes {
   kiln::Connection& con;
   explicit WithoutIndexes(kiln::Connection& con) : con(con) { con.query("SET disabled_optimizer_passes = 'index_joins, index_scans, index_order'"); }
   ~WithoutIndexes() { con.query("RESET disabled_optimizer_passes"); }
};

/// The rows of `sql` without the index rewrites.
kiln::Result scanned(kiln::Connection& con, const std::string& sql) {
   WithoutIndexes scans(con);
   return con.query(sql);
}

TEST(IndexLookup, UniqueKeyEqualitiesBecomeALookup) {
   kiln::Database db;
   kiln::Connection con(db);
   con.query("CREATE TABLE c (w INTEGER, d INTEGER, id INTEGER, name TEXT, PRIMARY KEY (w, d, id))");
   con.query("INSERT INTO c SELECT 1, x % 3, x, 'n' || x FROM (VALUES (1), (2), (3), (4), (5), (6)) v(x)");
   EXPECT_NE(plan(con, "SELECT name FROM c WHERE w = 1 AND d = 2 AND id = 5").find("IndexScan c using c_pkey"), std::string::npos);
   // A prefix of the key: the ordered keys of the primary key are walked.
   EXPECT_NE(plan(con, "SELECT name FROM c WHERE w = 1 AND id = 5").find("IndexScan c using c_pkey (w = 1)"), std::string::npos);
   // No prefix and a range open on one side: a scan.
   EXPECT_EQ(plan(con, "SELECT name FROM c WHERE d = 1 AND id > 5").find("IndexScan"), std::string::npos);
   EXPECT_EQ(con.query("SELECT name FROM c WHERE w = 1 AND d = 2 AND id = 5").getString(0, 0), "n5");
   EXPECT_EQ(con.query("SELECT name FROM c WHERE w = 1 AND d = 1 AND id = 5").rowCount(), 0u);
   EXPECT_EQ(con.query("SELECT name FROM c WHERE w = 1 AND d = 2 AND id = 5 AND name = 'other'").rowCount(), 0u);
   // Deleted and updated keys are found (or not) as they are now.
   con.query("DELETE FROM c WHERE w = 1 AND d = 2 AND id = 5");
   EXPECT_EQ(con.query("SELECT name FROM c WHERE w = 1 AND d = 2 AND id = 5").rowCount(), 0u);
   con.query("UPDATE c SET id = 50 WHERE w = 1 AND d = 1 AND id = 4");
   EXPECT_EQ(con.query("SELECT name FROM c WHERE w = 1 AND d = 1 AND id = 50").getString(0, 0), "n4");
   auto lookup = con.prepare("SELECT name FROM c WHERE w = $1 AND d = $2 AND id = $3");
   EXPECT_EQ(lookup.bind(1, int64_t(1)).bind(2, int64_t(0)).bind(3, int64_t(6)).execute().getString(0, 0), "n6");
   EXPECT_EQ(lookup.bindNull(3).execute().rowCount(), 0u);
}

// Lookups over key prefixes and ranges return what a scan returns: random data, random
// conditions, each query once with the index rewrites (an index lookup) and once without (a scan).
TEST(IndexLookup, PrefixesAndRangesMatchAScan) {
   kiln::Database db;
   kiln::Connection con(db);
   con.query("CREATE TABLE t (a INTEGER, b INTEGER, c TEXT, v INTEGER, PRIMARY KEY (a, b, c))");
   con.query("CREATE INDEX t_v ON t (v)");
   con.query("CREATE INDEX t_b_v ON t (b, v)");
   std::srand(7);
   for (int i = 0; i < 600; ++i) {
      std::string v = std::rand() % 8 == 0 ? "NULL" : std::to_string(std::rand() % 40 - 20);
      con.query("INSERT INTO t VALUES (" + std::to_string(std::rand() % 5) + ", " + std::to_string(std::rand() % 30 - 15) + ", 'k" + std::to_string(i) + "', " +
                v + ")");
   }
   const char* columns[] = {"a", "b", "v"};
   const char* ops[] = {"=", "<", "<=", ">", ">="};
   int lookups = 0;
   for (int q = 0; q < 300; ++q) {
      std::string where;
      int conditions = 1 + std::rand() % 3;
      for (int i = 0; i < conditions; ++i) {
         std::string column = columns[std::rand() % 3], op = ops[std::rand() % 5], value = std::to_string(std::rand() % 30 - 15);
         where += (i ? " AND " : "") + column + " " + op + " " + value;
      }
      std::string select = "SELECT a, b, c, v FROM t WHERE ";
      lookups += plan(con, select + where).find("IndexScan") != std::string::npos;
      kiln::Result viaIndex = con.query(select + where + " ORDER BY a, b, c");
      kiln::Result viaScan = scanned(con, select + where + " ORDER BY a, b, c");
      ASSERT_EQ(viaIndex.rowCount(), viaScan.rowCount()) << where;
      for (size_t r = 0; r < viaIndex.rowCount(); ++r)
         for (size_t c = 0; c < 4; ++c) ASSERT_EQ(viaIndex.getString(r, c), viaScan.getString(r, c)) << where;
   }
   EXPECT_GT(lookups, 100);
}

// min(), max(), ORDER BY and LIMIT answered by walking an ordered index give what a scan and a
// sort give, NULLs included.
TEST(IndexLookup, IndexOrderMatchesASort) {
   kiln::Database db;
   kiln::Connection con(db);
   con.query("CREATE TABLE t (a INTEGER, b INTEGER, c TEXT, v INTEGER, PRIMARY KEY (a, b, c))");
   con.query("CREATE INDEX t_b_v ON t (b, v)");
   std::srand(5);
   for (int i = 0; i < 500; ++i) {
      std::string v = std::rand() % 6 == 0 ? "NULL" : std::to_string(std::rand() % 40 - 20);
      con.query("INSERT INTO t VALUES (" + std::to_string(std::rand() % 4) + ", " + std::to_string(std::rand() % 12 - 6) + ", 'k" + std::to_string(i % 7) +
                std::to_string(i) + "', " + v + ")");
   }
   con.query("INSERT INTO t VALUES (9, 1, 'x', NULL), (9, 2, 'y', NULL)");  // a group of NULLs only
   std::vector<std::string> queries;
   for (int x = -7; x <= 9; ++x) {
      std::string a = std::to_string(x);
      queries.push_back("SELECT min(b), max(b) FROM t WHERE a = " + a);
      queries.push_back("SELECT min(b) FROM t WHERE a = " + a + " AND b > 2");
      queries.push_back("SELECT max(b) FROM t WHERE a = " + a + " AND b < 2");
      queries.push_back("SELECT min(v) FROM t WHERE b = " + a);
      queries.push_back("SELECT max(v) FROM t WHERE b = " + a);
      queries.push_back("SELECT a, b, c FROM t WHERE a = " + a + " ORDER BY b DESC, c DESC LIMIT 5");
      queries.push_back("SELECT a, b, c FROM t WHERE a = " + a + " ORDER BY a, b, c LIMIT 4 OFFSET 2");
      queries.push_back("SELECT v FROM t WHERE b = " + a + " ORDER BY v NULLS FIRST LIMIT 3");
      queries.push_back("SELECT v FROM t WHERE b = " + a + " ORDER BY v DESC NULLS LAST LIMIT 3");
      queries.push_back("SELECT v FROM t WHERE b = " + a + " ORDER BY v DESC LIMIT 3");
   }
   int walks = 0;
   for (const std::string& sql : queries) {
      std::string explained = plan(con, sql);
      walks += explained.find("first ") != std::string::npos;
      kiln::Result viaIndex = con.query(sql), viaScan = scanned(con, sql);
      ASSERT_EQ(viaIndex.rowCount(), viaScan.rowCount()) << sql;
      for (size_t r = 0; r < viaIndex.rowCount(); ++r)
         for (size_t c = 0; c < viaIndex.columnCount(); ++c) ASSERT_EQ(viaIndex.getString(r, c), viaScan.getString(r, c)) << sql << "\n" << explained;
   }
   EXPECT_GT(walks, 100);
}

// A small input joined with an indexed table looks its partners up (an index nested-loop join)
// and finds what a hash join finds.
TEST(IndexLookup, SmallInputsJoinThroughAnIndex) {
   kiln::Database db;
   kiln::Connection con(db);
   con.query("CREATE TABLE stock (w INTEGER, item INTEGER, quantity INTEGER, PRIMARY KEY (w, item))");
   con.query("CREATE TABLE line (o INTEGER, item INTEGER, w INTEGER)");
   auto stock = con.prepare("INSERT INTO stock VALUES ($1, $2, $3)");
   for (int64_t w = 1; w <= 3; ++w)
      for (int64_t i = 1; i <= 2000; ++i) stock.bind(1, w).bind(2, i).bind(3, (w * 7 + i * 13) % 20).execute();
   auto line = con.prepare("INSERT INTO line VALUES ($1, $2, $3)");
   for (int64_t o = 1; o <= 40; ++o) line.bind(1, o).bind(2, (o * 37) % 2100).bind(3, 1 + o % 4).execute();
   con.query("INSERT INTO line VALUES (41, NULL, 1), (42, 5, NULL)");
   std::string join = "SELECT o, line.item, quantity FROM line, stock WHERE stock.w = 2 AND stock.item = line.item AND quantity < 15";
   EXPECT_NE(plan(con, join).find("IndexJoin stock using stock_pkey (w = 2 AND item = item)"), std::string::npos) << plan(con, join);
   std::string byColumns = "SELECT o, line.item, quantity FROM line, stock WHERE stock.w = line.w AND stock.item = line.item";
   EXPECT_NE(plan(con, byColumns).find("IndexJoin stock"), std::string::npos);
   for (const std::string& sql : {join, byColumns}) {
      {
         WithoutIndexes scans(con);
         EXPECT_EQ(plan(con, sql).find("IndexJoin"), std::string::npos);
      }
      kiln::Result viaIndex = con.query(sql + " ORDER BY o"), viaHash = scanned(con, sql + " ORDER BY o");
      ASSERT_EQ(viaIndex.rowCount(), viaHash.rowCount()) << sql;
      EXPECT_GT(viaIndex.rowCount(), 10u);
      for (size_t r = 0; r < viaIndex.rowCount(); ++r)
         for (size_t c = 0; c < 3; ++c) EXPECT_EQ(viaIndex.getString(r, c), viaHash.getString(r, c)) << sql;
   }
}

// A left outer join with an indexed table looks rows up too when the lookup answers all of its
// conditions; rows without a match (no partner, a NULL key) come out with NULLs.
TEST(IndexLookup, LeftJoinsThroughAnIndexKeepRowsWithoutMatch) {
   kiln::Database db;
   kiln::Connection con(db);
   con.query("CREATE TABLE stock (w INTEGER, item INTEGER, quantity INTEGER, PRIMARY KEY (w, item))");
   con.query("INSERT INTO stock SELECT w, i, (w * 7 + i * 13) % 20 FROM generate_series(1, 3) w, generate_series(1, 2000) i");
   con.query("CREATE TABLE line (o INTEGER, item INTEGER, w INTEGER)");
   con.query("INSERT INTO line SELECT o, (o * 37) % 2100, 1 + o % 4 FROM generate_series(1, 40) o");
   con.query("INSERT INTO line VALUES (41, NULL, 1), (42, 5, NULL)");
   con.query("ANALYZE");
   struct Case {
      std::string sql;
      bool viaIndex;
   };
   std::string select = "SELECT o, stock.w, stock.item, quantity FROM line LEFT JOIN stock ON ";
   std::vector<Case> cases = {
      {select + "stock.w = 2 AND stock.item = line.item", true},
      {select + "stock.w = line.w AND stock.item = line.item", true},
      {select + "stock.w = line.w", true},
      {select + "stock.w = line.w AND stock.item = line.item AND quantity < 15", false},
   };
   for (auto& [sql, viaIndex] : cases) {
      EXPECT_EQ(plan(con, sql).find("LeftOuterIndexJoin stock") != std::string::npos, viaIndex) << plan(con, sql);
      {
         WithoutIndexes scans(con);
         EXPECT_EQ(plan(con, sql).find("IndexJoin"), std::string::npos);
      }
      std::string order = " ORDER BY o, stock.item";
      kiln::Result a = con.query(sql + order), b = scanned(con, sql + order);
      ASSERT_EQ(a.rowCount(), b.rowCount()) << sql;
      EXPECT_GE(a.rowCount(), 42u);
      for (size_t r = 0; r < a.rowCount(); ++r)
         for (size_t c = 0; c < 4; ++c) ASSERT_EQ(a.getString(r, c), b.getString(r, c)) << sql << " row " << r;
   }
   EXPECT_EQ(con.query("SELECT count(*) FROM line LEFT JOIN stock ON stock.w = 2 AND stock.item = line.item WHERE stock.w IS NULL").getInt64(0, 0),
             con.query("SELECT count(*) FROM line WHERE item IS NULL OR item > 2000").getInt64(0, 0));
}

}  // namespace

namespace {

// UPDATE and DELETE find their rows through an index like queries do, and an upsert finds the
// row holding a proposed key by a lookup: EXPLAIN shows the plans without changing anything.
TEST(IndexLookup, ModificationsUseIndexes) {
   kiln::Database db;
   kiln::Connection con(db);
   con.query("CREATE TABLE kv (k INTEGER PRIMARY KEY, v INTEGER)");
   con.query("INSERT INTO kv SELECT g, g FROM generate_series(1, 1000) g");
   con.query("ANALYZE kv");
   EXPECT_NE(plan(con, "UPDATE kv SET v = v + 1 WHERE k = 5").find("IndexScan kv using kv_pkey"), std::string::npos);
   EXPECT_NE(plan(con, "DELETE FROM kv WHERE k = 5").find("IndexScan kv using kv_pkey"), std::string::npos);
   EXPECT_NE(plan(con, "INSERT INTO kv VALUES (5, 0) ON CONFLICT (k) DO UPDATE SET v = kv.v + 1").find("LeftOuterIndexJoin kv using kv_pkey"),
             std::string::npos);
   EXPECT_EQ(con.query("SELECT v FROM kv WHERE k = 5").getInt64(0, 0), 5);
   EXPECT_EQ(con.query("SELECT count(*) FROM kv").getInt64(0, 0), 1000);
   EXPECT_THROW(con.query("EXPLAIN ANALYZE DELETE FROM kv"), kiln::Error);
}

}  // namespace

namespace {

/// The rows of `statement` for each value of `values` bound as text to $1, one line per value.
/// The rows for each pair of a low and a high value of `values` (parameters $1 and $2).
std::string rowsPerRange(kiln::PreparedStatement& statement, const std::vector<std::string>& values) {
   std::string text;
   for (const std::string& low : values) {
      for (const std::string& high : values) {
         if (low == "NULL") statement.bindNull(1);
         else statement.bind(1, low);
         if (high == "NULL") statement.bindNull(2);
         else statement.bind(2, high);
         kiln::Result r = statement.execute();
         text += low + ".." + high + ":";
         for (size_t i = 0; i < r.rowCount(); ++i) text += " " + r.getString(i, 0);
         text += "\n";
      }
   }
   return text;
}

std::string rowsPerValue(kiln::PreparedStatement& statement, const std::vector<std::string>& values) {
   std::string text;
   for (const std::string& value : values) {
      kiln::Result r = value == "NULL" ? statement.bindNull(1).execute() : statement.bind(1, value).execute();
      text += value + ":";
      for (size_t i = 0; i < r.rowCount(); ++i) text += " " + r.getString(i, 0);
      text += "\n";
   }
   return text;
}

}  // namespace

// A key compared with a parameter of a wider type (`k = $1` for a DECIMAL(10,2) key takes a
// NUMERIC; a SMALLINT key a BIGINT) is looked up in the index: the value converted to the key's
// type where that is exact; a value with more digits, or past the key's range, finds nothing and
// raises no error. EXPLAIN EXECUTE shows the lookup; the rows are those of a scan.
TEST(IndexLookup, KeysComparedWithWiderParametersUseTheIndex) {
   kiln::Database db;
   kiln::Connection con(db);
   con.query("CREATE TABLE w (k DECIMAL(10,2) PRIMARY KEY, s SMALLINT UNIQUE, i INTEGER UNIQUE, v INTEGER)");
   con.query("INSERT INTO w SELECT x * 1.25, x - 32768, x * 1000, x FROM generate_series(0, 999) AS g(x)");
   con.query("INSERT INTO w VALUES (99999999.99, 32767, 2147483647, -1), (-99999999.99, NULL, -2147483648, -2)");
   struct Case {
      const char* indexed;  // uses the index
      std::vector<std::string> values;
   };
   const std::vector<Case> cases = {
      {"SELECT v FROM w WHERE k = $1",
       {"2.5", "2.50", "2.500001", "2.499999", "0", "-0.00", "1248.75", "99999999.99", "99999999.995", "-99999999.99", "1e30", "-1e30", "NULL"}},
      {"SELECT v FROM w WHERE s = CAST($1 AS bigint)", {"-32768", "-32767", "-31769", "32767", "32768", "-32769", "9000000000", "NULL"}},
      {"SELECT v FROM w WHERE i = CAST($1 AS numeric(20,3))",
       {"5000", "5000.001", "2147483647", "2147483648", "-2147483648", "-2147483649", "99999999999999999", "NULL"}},
   };
   for (const Case& c : cases) {
      con.query(std::string("PREPARE indexed AS ") + c.indexed);
      EXPECT_NE(con.query("EXPLAIN EXECUTE indexed(" + (c.values[0]) + ")").getString(1, 0).find("IndexScan w"), std::string::npos) << c.indexed;
      con.query("DEALLOCATE indexed");
      auto indexed = con.prepare(c.indexed);
      std::string viaIndex = rowsPerValue(indexed, c.values);
      WithoutIndexes scans(con);  // the plan is made at the first run
      auto scan = con.prepare(c.indexed);
      EXPECT_EQ(viaIndex, rowsPerValue(scan, c.values)) << c.indexed;
   }
}

// Ranges between a key and parameters of a wider type use the index too: each bound is the nearest
// value of the key's type inside the range (k < 2.505 is k <= 2.50), the key's extreme for a value
// past it, and no row for a value past the other one. The rows are those of a scan, for bounds
// exact and not, at and past the extremes, and NULL.
TEST(IndexLookup, RangesComparedWithWiderParametersUseTheIndex) {
   kiln::Database db;
   kiln::Connection con(db);
   con.query("CREATE TABLE w (k DECIMAL(10,2) PRIMARY KEY, s SMALLINT UNIQUE, v INTEGER)");
   con.query("INSERT INTO w SELECT x * 1.25, x * 60 - 30000, x FROM generate_series(0, 999) AS g(x)");
   con.query("INSERT INTO w VALUES (99999999.99, 32767, -1), (-99999999.99, -32768, -2)");
   const std::vector<std::string> decimals = {"-1e30",  "-99999999.99", "-0.001",       "0",           "2.5",  "2.505",
                                              "2.4999", "1248.75",      "99999999.985", "99999999.99", "1e30", "NULL"};
   const std::vector<std::string> integers = {"-9000000000", "-32769", "-32768", "-29940", "-29939", "0", "30", "32766", "32767", "32768", "NULL"};
   struct Case {
      const char* condition;
      const std::vector<std::string>* values;
   };
   const std::vector<Case> cases = {
      {"k >= $1 AND k < $2", &decimals},
      {"k > $1 AND k <= $2", &decimals},
      {"$1 < k AND $2 > k", &decimals},
      {"s >= CAST($1 AS bigint) AND s <= CAST($2 AS bigint)", &integers},
      {"s > CAST($1 AS bigint) AND s < CAST($2 AS bigint)", &integers},
   };
   for (const Case& c : cases) {
      std::string indexed = std::string("SELECT v FROM w WHERE ") + c.condition + " ORDER BY v";
      con.query("PREPARE indexed AS " + indexed);
      kiln::Result explained = con.query("EXPLAIN EXECUTE indexed(0, 10)");
      std::string planText;
      for (size_t i = 0; i < explained.rowCount(); ++i) planText += explained.getString(i, 0) + "\n";
      EXPECT_NE(planText.find("IndexScan w"), std::string::npos) << planText;
      con.query("DEALLOCATE indexed");
      auto index = con.prepare(indexed);
      std::string viaIndex = rowsPerRange(index, *c.values);
      WithoutIndexes scans(con);  // the plan is made at the first run
      auto scan = con.prepare(indexed);
      EXPECT_EQ(viaIndex, rowsPerRange(scan, *c.values)) << indexed;
   }
}
