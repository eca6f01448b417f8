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
      std::string b = !text                ? std::to_string(int(random() % 9) - 4)
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
