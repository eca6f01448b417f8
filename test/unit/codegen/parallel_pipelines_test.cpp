// Parallel pipelines give what one thread gives, row for row: each query runs with threads = 1
// and with threads = 4 (more workers than this machine has cores) on tables large enough for many
// morsels, and the two results are compared in order. Also errors and cancels in workers, and
// what EXPLAIN and SET show.
#include <gtest/gtest.h>

#include <chrono>
#include <cmath>
#include <string>
#include <vector>

#include "../engine/result_lines.h"
#include "kiln/kiln.h"

namespace {

std::vector<std::string> rowsOf(const kiln::Result& result) {
   std::vector<std::string> rows;
   for (size_t r = 0; r < result.rowCount(); ++r) {
      std::string row;
      for (size_t c = 0; c < result.columnCount(); ++c) row += (c ? "|" : "") + (result.isNull(r, c) ? std::string("NULL") : result.getString(r, c));
      rows.push_back(row);
   }
   return rows;
}

class ParallelPipelines : public ::testing::Test {
   protected:
   static void SetUpTestSuite() {
      database_ = new kiln::Database();
      kiln::Connection con(*database_);
      // 300,000 rows: dozens of morsels. `run` holds groups of 5,000 consecutive rows (across
      // morsel boundaries), `skew` is 0 for nine rows in ten, `half` is exact in a double.
      con.query(
         "CREATE TABLE facts (id INTEGER NOT NULL, run INTEGER NOT NULL, skew INTEGER, grp INTEGER NOT NULL, price DECIMAL(12,2) NOT NULL, "
         "half DOUBLE PRECISION, label TEXT, maybe INTEGER)");
      con.query(
         "INSERT INTO facts SELECT g, g / 5000, CASE WHEN g % 10 = 0 THEN g % 97 ELSE 0 END, g % 1000, (g % 10007) * 0.25, (g % 64) * 0.5, "
         "'label ' || (g % 777)::text, CASE WHEN g % 3 = 0 THEN NULL ELSE g % 50 END FROM generate_series(1, 300000) AS s(g)");
      con.query("CREATE TABLE dims (id INTEGER NOT NULL, name TEXT NOT NULL, weight INTEGER)");
      con.query("INSERT INTO dims SELECT g, 'dim ' || g::text, CASE WHEN g % 7 = 0 THEN NULL ELSE g % 13 END FROM generate_series(0, 119999) AS s(g)");
      con.query("ANALYZE");  // distinct counts: few enough groups to aggregate in parallel
   }
   static void TearDownTestSuite() {
      delete database_;
      database_ = nullptr;
   }

   /// The rows of `sql` with `threads` threads.
   static std::vector<std::string> run(const std::string& sql, int threads) {
      kiln::Connection con(*database_);
      con.query("SET threads = " + std::to_string(threads));
      return rowsOf(con.query(sql));
   }

   /// `sql` runs its pipelines in parallel and gives the same rows on 1 and on 4 threads.
   static void expectSame(const std::string& sql) {
      kiln::Connection con(*database_);
      con.query("SET threads = 4");
      std::string plan = kiln::allLines(con.query("EXPLAIN " + sql));
      EXPECT_NE(plan.find("[parallel]"), std::string::npos) << sql << "\n" << plan;
      std::vector<std::string> serial = run(sql, 1);
      EXPECT_FALSE(serial.empty()) << sql;
      for (int attempt = 0; attempt < 3; ++attempt) EXPECT_EQ(run(sql, 4), serial) << sql;
   }

   /// The SQLSTATE `sql` fails with on `threads` threads; empty if it does not fail.
   static std::string failure(const std::string& sql, int threads) {
      kiln::Connection con(*database_);
      con.query("SET threads = " + std::to_string(threads));
      try {
         con.query(sql);
      } catch (const kiln::Error& error) {
         return error.sqlstate();
      }
      return "";
   }

   static kiln::Database* database_;
};

kiln::Database* ParallelPipelines::database_ = nullptr;

TEST_F(ParallelPipelines, AggregatesWithoutGroupBy) {
   expectSame("SELECT count(*), count(maybe), sum(price), avg(price), min(label), max(label), sum(half), min(maybe), max(skew) FROM facts");
   expectSame("SELECT count(*), sum(price), stddev_samp(grp), var_pop(price) FROM facts WHERE grp < 10");
}

TEST_F(ParallelPipelines, FloatVariancesWithinRounding) {
   // Partial states of doubles add up in another order: the last digits may differ.
   std::string sql = "SELECT var_pop(half), stddev_samp(half * 3) FROM facts WHERE grp < 500";
   std::vector<std::string> serial = run(sql, 1), parallel = run(sql, 4);
   ASSERT_EQ(serial.size(), 1u);
   ASSERT_EQ(parallel.size(), 1u);
   for (size_t c = 0; c < 2; ++c) {
      auto field = [c](const std::string& row) { return std::stod(c == 0 ? row.substr(0, row.find('|')) : row.substr(row.find('|') + 1)); };
      EXPECT_NEAR(field(parallel[0]), field(serial[0]), 1e-9 * std::abs(field(serial[0]))) << serial[0] << " / " << parallel[0];
   }
}

TEST_F(ParallelPipelines, GroupsComeInTheOrderOfOneThread) {
   expectSame("SELECT grp, count(*), sum(price), avg(half), min(label), max(maybe) FROM facts GROUP BY grp");
   // Groups of consecutive rows that morsel boundaries cut, and one key with most rows.
   expectSame("SELECT run, count(*), sum(price), min(id), max(id) FROM facts GROUP BY run");
   expectSame("SELECT skew, count(*), sum(half), min(label) FROM facts GROUP BY skew");
   expectSame("SELECT label, maybe, count(*), sum(price) FROM facts GROUP BY label, maybe");
}

TEST_F(ParallelPipelines, ManyGroupsMergeOnTheWorkers) {
   // More groups than one thread merges: the workers merge them by slices of the directory.
   expectSame("SELECT id % 70000, count(*), sum(price), sum(half), min(label), max(maybe) FROM facts GROUP BY id % 70000");
   expectSame("SELECT label, id % 97, count(*), sum(price), avg(half) FROM facts GROUP BY label, id % 97");
   expectSame("SELECT maybe, id % 80000, count(*) FROM facts GROUP BY maybe, id % 80000");
   // Two pipelines feed one aggregation: the second merges into groups the first made.
   expectSame("SELECT k, count(*), sum(v) FROM (SELECT id % 70000 AS k, price AS v FROM facts UNION ALL SELECT id % 90000, half FROM facts) u GROUP BY k");
}

TEST_F(ParallelPipelines, WindowRowsAreGatheredInParallel) {
   expectSame(
      "SELECT id, grp, row_number() OVER (PARTITION BY grp ORDER BY id), sum(price) OVER (PARTITION BY grp ORDER BY id ROWS BETWEEN 2 PRECEDING AND "
      "CURRENT ROW), rank() OVER (ORDER BY skew) FROM facts WHERE id % 3 = 0");
   // Without ORDER BY a window's rows keep the order they came in.
   expectSame("SELECT id, row_number() OVER (), lag(label) OVER () FROM facts WHERE id % 5 = 0");
}

TEST_F(ParallelPipelines, EmptyInputs) {
   expectSame("SELECT count(*), sum(price), min(label) FROM facts WHERE price < 0");
   kiln::Connection con(*database_);
   EXPECT_EQ(run("SELECT grp, count(*) FROM facts WHERE price < 0 GROUP BY grp", 4), std::vector<std::string>{});
   EXPECT_EQ(run("SELECT f.id FROM facts f JOIN dims d ON f.id = d.id + 1000000 ORDER BY f.id", 4), std::vector<std::string>{});
}

TEST_F(ParallelPipelines, JoinsBuildAndProbeInParallel) {
   expectSame("SELECT d.weight, count(*), sum(f.price) FROM facts f JOIN dims d ON f.id = d.id GROUP BY d.weight");
   expectSame("SELECT f.id, d.name FROM facts f JOIN dims d ON f.grp = d.id WHERE f.id % 1000 = 7 ORDER BY f.id, d.name");
   expectSame("SELECT count(*), sum(f.price) FROM facts f LEFT JOIN dims d ON f.id = d.id * 3 WHERE d.name IS NULL OR d.weight > 5");
   expectSame("SELECT count(*) FROM facts f WHERE EXISTS (SELECT 1 FROM dims d WHERE d.id = f.id AND d.weight = 3)");
   expectSame("SELECT count(*) FROM facts f WHERE NOT EXISTS (SELECT 1 FROM dims d WHERE d.id = f.id)");
   // NOT IN counts the build side's rows and NULL keys (dims.weight has NULLs: no row passes).
   expectSame("SELECT count(*), sum(f.price) FROM facts f WHERE f.maybe NOT IN (SELECT d.weight FROM dims d WHERE d.id > 100)");
   expectSame("SELECT count(*), sum(f.price) FROM facts f WHERE f.maybe NOT IN (SELECT d.id % 40 FROM dims d WHERE d.id > 100)");
   // Partners in the order of the build side's rows, several per key.
   expectSame("SELECT f.id, d.id FROM dims d JOIN facts f ON d.weight = f.maybe WHERE f.id < 200 ORDER BY f.id");
}

TEST_F(ParallelPipelines, ProbesMarkTheSmallerLeftSide) {
   // The left side is hashed and the probing rows mark what they find.
   for (const char* sql : {"SELECT d.id, d.name FROM dims d WHERE d.id < 3000 AND EXISTS (SELECT 1 FROM facts f WHERE f.maybe = d.id)",
                           "SELECT d.id FROM dims d WHERE d.id < 3000 AND NOT EXISTS (SELECT 1 FROM facts f WHERE f.grp = d.id)",
                           "SELECT count(*), count(f.id), sum(f.price) FROM dims d LEFT JOIN facts f ON f.grp = d.id AND f.id < 2000 WHERE d.id < 1500"}) {
      kiln::Connection con(*database_);
      std::string plan = kiln::allLines(con.query(std::string("EXPLAIN ") + sql));
      size_t probe = plan.find("(marks left)");
      ASSERT_NE(probe, std::string::npos) << sql << "\n" << plan;
      EXPECT_NE(plan.substr(probe, plan.find('\n', probe) - probe).find("[parallel]"), std::string::npos) << sql << "\n" << plan;
      expectSame(sql);
   }
}

TEST_F(ParallelPipelines, FullJoinsProbeInParallel) {
   // Workers mark the partners they find; the right rows no one marked follow the pairs.
   expectSame("SELECT f.id, f.grp, d.id, d.name FROM facts f FULL JOIN dims d ON f.id = d.id + 250000 WHERE f.id IS NULL OR f.id % 7 = 0");
   expectSame("SELECT f.id, d.id, d.weight FROM facts f FULL JOIN dims d ON f.maybe = d.weight AND f.id = d.id WHERE coalesce(f.id, d.id) % 11 = 0");
}

TEST_F(ParallelPipelines, SharedSubplansMaterializeInParallel) {
   expectSame(
      "WITH t AS (SELECT f.id, f.grp, f.price FROM facts f JOIN dims d ON f.id = d.id + 1 WHERE f.maybe = 3) "
      "SELECT count(*), sum(price), min(id) FROM t WHERE price > (SELECT avg(price) FROM t)");
}

TEST_F(ParallelPipelines, ResultRowsComeInTheOrderOfOneThread) {
   expectSame("SELECT f.id, f.label, d.name FROM facts f JOIN dims d ON f.grp = d.id WHERE f.id % 7 = 3");
   kiln::Connection con(*database_);
   con.query("SET threads = 4");
   // A streamed result (its pipeline on one thread, so that its chunks come as it runs) gets
   // every row too.
   size_t rows = 0;
   kiln::ResultStream stream = con.stream("SELECT id, label FROM facts WHERE maybe IS NOT NULL");
   for (kiln::Result chunk; stream.next(chunk);) rows += chunk.rowCount();
   EXPECT_EQ(rows, 200000u);
}

TEST_F(ParallelPipelines, SortsKeepTies) {
   expectSame("SELECT label, id FROM facts WHERE id % 97 = 1 ORDER BY label");
   expectSame("SELECT grp, sum(price) AS total FROM facts GROUP BY grp ORDER BY total DESC, grp LIMIT 10");
}

TEST_F(ParallelPipelines, ErrorsEndTheStatementAsOnOneThread) {
   // One row in the middle divides by zero.
   EXPECT_EQ(failure("SELECT sum(100 / (id - 150001)) FROM facts", 4), "22012");
   EXPECT_EQ(failure("SELECT sum(100 / (id - 150001)) FROM facts", 1), "22012");
   EXPECT_EQ(failure("SELECT grp, sum(2147483647 + id) FROM facts GROUP BY grp", 4), "22003");
   // The connection goes on.
   EXPECT_EQ(run("SELECT count(*) FROM facts", 4), std::vector<std::string>{"300000"});
}

TEST_F(ParallelPipelines, TimeoutStopsEveryWorker) {
   kiln::Connection con(*database_);
   con.query("SET threads = 4");
   con.query("SET statement_timeout = 20");
   std::string state;
   auto start = std::chrono::steady_clock::now();
   try {
      // About five partners per row, each hashed: far longer than the timeout, in short blocks.
      con.query("SELECT count(*) FROM facts a JOIN facts b ON a.run = b.run AND a.grp = b.grp WHERE md5(a.label || b.label) LIKE '%abc%'");
   } catch (const kiln::Error& error) {
      state = error.sqlstate();
   }
   EXPECT_EQ(state, "57014");
   EXPECT_LT(std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count(), 2.0);
   con.query("SET statement_timeout = 0");
   EXPECT_EQ(rowsOf(con.query("SELECT count(*) FROM dims")), std::vector<std::string>{"120000"});
}

TEST_F(ParallelPipelines, VolatileFunctionsStayOnOneThread) {
   kiln::Connection con(*database_);
   con.query("SET threads = 4");
   std::string plan = kiln::allLines(con.query("EXPLAIN SELECT count(*) FROM facts WHERE random() < 0.5"));
   EXPECT_EQ(plan.find("[parallel]"), std::string::npos) << plan;
}

TEST_F(ParallelPipelines, ExplainAnalyzeShowsTheMorselsOfEachWorker) {
   kiln::Connection con(*database_);
   con.query("SET threads = 2");
   std::string plan = kiln::allLines(con.query("EXPLAIN ANALYZE SELECT grp, count(*) FROM facts GROUP BY grp"));
   EXPECT_NE(plan.find("[parallel]"), std::string::npos) << plan;
   EXPECT_NE(plan.find("morsels"), std::string::npos) << plan;
   EXPECT_NE(plan.find("actual=300000"), std::string::npos) << plan;
}

TEST(ThreadsSetting, DefaultsToTheCoresAndMapsPostgresName) {
   kiln::Database db;
   kiln::Connection con(db);
   int cores = std::stoi(con.query("SHOW threads").getString(0, 0));
   EXPECT_GE(cores, 1);
   con.query("SET max_parallel_workers_per_gather = 3");
   EXPECT_EQ(con.query("SHOW threads").getString(0, 0), "4");
   con.query("SET threads = 2");
   EXPECT_EQ(con.query("SHOW max_parallel_workers_per_gather").getString(0, 0), "1");
   con.query("RESET threads");
   EXPECT_EQ(std::stoi(con.query("SHOW threads").getString(0, 0)), cores);
   for (const char* bad : {"SET threads = 0", "SET threads = 'many'", "SET max_parallel_workers_per_gather = -1"}) {
      try {
         con.query(bad);
         ADD_FAILURE() << bad;
      } catch (const kiln::Error& error) {
         EXPECT_EQ(error.sqlstate(), "22023") << bad;
      }
   }
}

}  // namespace
