// The unique index under churn: random inserts, deletes, key updates and rollbacks, checked
// against a model after every step. Keys of an integer and a string (short and long) are hashed;
// keys of integers up to 16 bytes are packed into the index's slots; wider ones hashed again.
#include <gtest/gtest.h>

#include <map>
#include <random>

#include "kiln/kiln.h"

namespace {

class UniqueIndexChurn : public testing::TestWithParam<const char*> {};

TEST_P(UniqueIndexChurn, MatchesAModel) {
   kiln::Database db;
   kiln::Connection con(db);
   std::string type = GetParam();
   bool text = type == "TEXT";
   con.query("CREATE TABLE t (a INTEGER, b " + type + ", v INTEGER, PRIMARY KEY (a, b))");
   auto insert = con.prepare("INSERT INTO t VALUES ($1, $2, $3)");
   auto remove = con.prepare("DELETE FROM t WHERE a = $1 AND b = $2");
   auto rekey = con.prepare("UPDATE t SET a = $3 WHERE a = $1 AND b = $2");
   auto lookup = con.prepare("SELECT v FROM t WHERE a = $1 AND b = $2");
   std::map<std::pair<int64_t, std::string>, int64_t> model;
   std::mt19937 random(11);
   auto key = [&] {
      int64_t a = random() % 60;
      // Short strings live inside the German string, long ones in the column's heap.
      std::string b = !text          ? std::to_string(int(random() % 9) - 4)
                      : random() % 2 ? "k" + std::to_string(random() % 5)
                                     : "a rather long key string number " + std::to_string(random() % 5);
      return std::pair{a, b};
   };
   for (int step = 0; step < 4000; ++step) {
      auto [a, b] = key();
      int op = int(random() % 4);
      bool rollback = random() % 10 == 0;
      if (rollback) con.query("BEGIN");
      auto before = model;
      if (op == 0 || op == 1) {
         int64_t v = step;
         bool taken = model.count({a, b});
         try {
            insert.bind(1, a).bind(2, b).bind(3, v).execute();
            EXPECT_FALSE(taken);
            model[{a, b}] = v;
         } catch (const kiln::Error& e) {
            EXPECT_TRUE(taken);
            EXPECT_EQ(e.sqlstate(), "23505");
            if (rollback) con.query("ROLLBACK"), rollback = false;
         }
      } else if (op == 2) {
         remove.bind(1, a).bind(2, b).execute();
         model.erase({a, b});
      } else {
         int64_t to = random() % 60;
         bool taken = model.count({to, b}) && to != a;
         try {
            rekey.bind(1, a).bind(2, b).bind(3, to).execute();
            EXPECT_FALSE(taken && model.count({a, b}));
            if (auto it = model.find({a, b}); it != model.end()) {
               int64_t v = it->second;
               model.erase(it);
               model[{to, b}] = v;
            }
         } catch (const kiln::Error& e) {
            EXPECT_TRUE(taken);
            EXPECT_EQ(e.sqlstate(), "23505");
            if (rollback) con.query("ROLLBACK"), rollback = false;
         }
      }
      if (rollback) {
         con.query("ROLLBACK");
         model = before;
      }
      for (int probe = 0; probe < 3; ++probe) {
         auto [pa, pb] = key();
         kiln::Result r = lookup.bind(1, pa).bind(2, pb).execute();
         auto it = model.find({pa, pb});
         ASSERT_EQ(r.rowCount(), it == model.end() ? 0u : 1u) << "step " << step;
         if (it != model.end()) {
            ASSERT_EQ(r.getString(0, 0), std::to_string(it->second));
         }
      }
   }
   EXPECT_EQ(con.query("SELECT count(*) FROM t").getString(0, 0), std::to_string(model.size()));
}

INSTANTIATE_TEST_SUITE_P(KeyShapes, UniqueIndexChurn, testing::Values("TEXT", "SMALLINT", "BIGINT", "NUMERIC(30, 0)"),
                         [](const auto& info) { return std::string(info.param).substr(0, std::string(info.param).find('(')); });

// An integer key is checked in the B+-tree and looked up there until lookups have earned the
// hash table; the answers must not change when it is made, in the middle of a statement's lookups
// or of a transaction that is then rolled back.
TEST(UniqueIndex, SameAnswersBeforeAndAfterItsHashTableIsMade) {
   kiln::Database db;
   kiln::Connection con(db);
   con.query("CREATE TABLE k (w INTEGER, d INTEGER, v INTEGER, PRIMARY KEY (w, d))");
   con.query("INSERT INTO k SELECT g % 7, g, g * 3 FROM generate_series(1, 5000) g");
   auto lookup = con.prepare("SELECT v FROM k WHERE w = $1 AND d = $2");
   auto insert = con.prepare("INSERT INTO k VALUES ($1, $2, $3)");
   auto expectDuplicate = [&](int64_t w, int64_t d) {
      try {
         insert.bind(1, w).bind(2, d).bind(3, int64_t(0)).execute();
         ADD_FAILURE() << "(" << w << ", " << d << ") is taken";
      } catch (const kiln::Error& e) {
         EXPECT_EQ(e.sqlstate(), "23505");
      }
   };
   expectDuplicate(3, 3);
   // The lookups earn the hash table part of the way through.
   for (int64_t g = 1; g <= 5000; g += 2) {
      kiln::Result hit = lookup.bind(1, g % 7).bind(2, g).execute();
      ASSERT_EQ(hit.rowCount(), 1u) << g;
      EXPECT_EQ(hit.getInt64(0, 0), g * 3);
      EXPECT_EQ(lookup.bind(1, (g + 1) % 7).bind(2, g).execute().rowCount(), 0u) << g;
   }
   expectDuplicate(4999 % 7, 4999);
   con.query("BEGIN");
   con.query("DELETE FROM k WHERE d % 2 = 0");
   con.query("UPDATE k SET w = w + 10 WHERE d < 100");
   insert.bind(1, int64_t(1)).bind(2, int64_t(1)).bind(3, int64_t(-1)).execute();
   EXPECT_EQ(lookup.bind(1, int64_t(11)).bind(2, int64_t(1)).execute().getInt64(0, 0), 3);
   EXPECT_EQ(lookup.bind(1, int64_t(1)).bind(2, int64_t(1)).execute().getInt64(0, 0), -1);
   EXPECT_EQ(lookup.bind(1, int64_t(2)).bind(2, int64_t(2)).execute().rowCount(), 0u);
   con.query("ROLLBACK");
   for (int64_t g = 1; g <= 5000; ++g) {
      kiln::Result hit = lookup.bind(1, g % 7).bind(2, g).execute();
      ASSERT_EQ(hit.rowCount(), 1u) << g;
      EXPECT_EQ(hit.getInt64(0, 0), g * 3);
   }
   EXPECT_EQ(lookup.bind(1, int64_t(11)).bind(2, int64_t(1)).execute().rowCount(), 0u);
   EXPECT_EQ(con.query("SELECT count(*) FROM k").getInt64(0, 0), 5000);
}

TEST(UniqueIndex, FloatKeysEqualByValueNotBytes) {
   kiln::Database db;
   kiln::Connection con(db);
   con.query("CREATE TABLE f (a INTEGER, x DOUBLE PRECISION, PRIMARY KEY (a, x))");
   con.query("INSERT INTO f VALUES (1, 0.0)");
   try {
      con.query("INSERT INTO f VALUES (1, -0.0)");
      FAIL() << "-0.0 = 0.0, a duplicate key";
   } catch (const kiln::Error& e) {
      EXPECT_EQ(e.sqlstate(), "23505");
   }
   EXPECT_EQ(con.query("SELECT count(*) FROM f WHERE a = 1 AND x = -0.0").getString(0, 0), "1");
}

}  // namespace
