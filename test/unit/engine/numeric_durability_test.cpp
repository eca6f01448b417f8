// NUMERIC values on disk: written, then read back after a reopen from the log alone and from a
// checkpoint plus the log — small ones (held inline), ones past 38 and past 1000 digits (held in
// the column's heap), NaN, infinities, negative and high-scale values, with their display scales
// and a unique index over them; and a NUMERIC column of an older version, which was
// DECIMAL(38,6), reads as it was.
#include <gtest/gtest.h>

#include <filesystem>

#include "kiln/kiln.h"

namespace {

std::string freshDirectory(const std::string& name) {
   auto path = std::filesystem::temp_directory_path() / ("kiln-numeric-durability-" + name);
   std::filesystem::remove_all(path);
   return path.string();
}

const std::string manyDigits = std::string(1200, '7') + "." + std::string(30, '3');

/// The rows of `SELECT id, n FROM t ORDER BY id` as "id:n" lines.
std::string rows(kiln::Connection& con) {
   kiln::Result r = con.query("SELECT id, n FROM t ORDER BY id");
   std::string text;
   for (size_t i = 0; i < r.rowCount(); ++i) text += r.getString(i, 0) + ":" + (r.isNull(i, 1) ? "NULL" : r.getString(i, 1)) + "\n";
   return text;
}

void insertValues(kiln::Connection& con, int firstId) {
   const char* values[] = {"1.10", "-0.000001", "123456789012345678901234567890123456789.123456789", "NaN", "Infinity", "-Infinity", "0.00"};
   int id = firstId;
   for (const char* v : values) con.query("INSERT INTO t VALUES (" + std::to_string(id++) + ", '" + v + "')");
   con.query("INSERT INTO t VALUES (" + std::to_string(id++) + ", '" + manyDigits + "')");
   con.query("INSERT INTO t VALUES (" + std::to_string(id) + ", NULL)");
}

TEST(NumericDurability, ValuesComeBackFromTheLogAndFromACheckpoint) {
   std::string directory = freshDirectory("values");
   std::string expected;
   {
      kiln::Database db(directory);
      kiln::Connection con(db);
      con.query("CREATE TABLE t (id INTEGER PRIMARY KEY, n NUMERIC UNIQUE)");
      insertValues(con, 1);
      expected = rows(con);
   }
   {
      // From the log alone.
      kiln::Database db(directory);
      kiln::Connection con(db);
      EXPECT_EQ(rows(con), expected);
      EXPECT_EQ(db.table("t").columns[1].type, kiln::SqlType::numeric());
      con.query("CHECKPOINT");
      con.query("UPDATE t SET n = n * 2 WHERE id = 1");
      con.query("INSERT INTO t VALUES (20, 2.5e-20)");
      expected = rows(con);
   }
   kiln::Database db(directory);
   kiln::Connection con(db);
   EXPECT_EQ(rows(con), expected);
   EXPECT_NE(expected.find("1:2.20\n"), std::string::npos) << expected;
   EXPECT_NE(expected.find("20:0.000000000000000000025\n"), std::string::npos) << expected;
   EXPECT_NE(expected.find("8:" + manyDigits + "\n"), std::string::npos);
   // The unique index came back too, and knows 1.1 and 2.2 by value, whatever their scale.
   EXPECT_THROW(con.query("INSERT INTO t VALUES (30, 2.2)"), kiln::Error);
   EXPECT_THROW(con.query("INSERT INTO t VALUES (31, 'nan')"), kiln::Error);
   EXPECT_EQ(con.query("SELECT id FROM t WHERE n = 2.200").getString(0, 0), "1");
   std::filesystem::remove_all(directory);
}

TEST(NumericDurability, AnOlderVersionsNumericColumnStaysDecimal38Scale6) {
   // Before NUMERIC without a precision, `numeric` was DECIMAL(38,6): its files hold that type
   // (as numeric(38,6) writes it), and it is read back as it was.
   std::string directory = freshDirectory("older");
   {
      kiln::Database db(directory);
      kiln::Connection con(db);
      con.query("CREATE TABLE old (x NUMERIC(38,6))");
      con.query("INSERT INTO old VALUES (1.5)");
      con.query("CHECKPOINT");
      con.query("INSERT INTO old VALUES (2.25)");
   }
   kiln::Database db(directory);
   kiln::Connection con(db);
   EXPECT_EQ(db.table("old").columns[0].type, kiln::SqlType::decimal(38, 6));
   kiln::Result r = con.query("SELECT x FROM old ORDER BY x");
   ASSERT_EQ(r.rowCount(), 2u);
   EXPECT_EQ(r.getString(0, 0), "1.500000");
   EXPECT_EQ(r.getString(1, 0), "2.250000");
   std::filesystem::remove_all(directory);
}

}  // namespace
