// kiln embedded in a C++ program: create a table, insert rows, aggregate, read typed values,
// and handle an error raised while the compiled query runs. Exits 0 only if every value is as expected.
#include <kiln/kiln.h>

#include <iostream>
#include <string>

namespace {

int failures = 0;

void expect(bool ok, const std::string& what) {
   if (!ok) {
      std::cerr << "unexpected: " << what << "\n";
      ++failures;
   }
}

int run() {
   kiln::Database database;  // in memory
   kiln::Connection connection(database);
   connection.query("CREATE TABLE sales (region VARCHAR(10) NOT NULL, amount DECIMAL(10,2) NOT NULL, units INTEGER)");
   kiln::Result inserted = connection.query("INSERT INTO sales VALUES ('north', 10.50, 2), ('north', 4.25, 1), ('south', 7.00, NULL)");
   expect(inserted.rowsAffected() == 3, "3 rows inserted");

   kiln::Result result = connection.query(
      "SELECT region, sum(amount) AS total, count(units) AS counted, max(units) AS most "
      "FROM sales GROUP BY region ORDER BY region");
   for (size_t column = 0; column < result.columnCount(); ++column)
      std::cout << result.columnName(column) << " " << result.columnType(column).toString() << (column + 1 < result.columnCount() ? " | " : "\n");
   expect(result.columnCount() == 4 && result.rowCount() == 2, "2 rows of 4 columns");
   if (failures == 0) {
      for (size_t row = 0; row < result.rowCount(); ++row) {
         kiln::SqlType total = result.columnType(1);
         __int128 unscaled = result.getDecimalUnscaled(row, 1);
         std::cout << result.getString(row, 0) << " | " << int64_t(unscaled) << " / 10^" << int(total.scale) << " | " << result.getInt64(row, 2) << " | "
                   << (result.isNull(row, 3) ? std::string("NULL") : std::to_string(result.getInt64(row, 3))) << "\n";
      }
      expect(result.columnName(1) == "total" && result.columnType(1).id == kiln::TypeId::Decimal && result.columnType(1).scale == 2,
             "total is DECIMAL with scale 2");
      expect(result.columnType(2).id == kiln::TypeId::BigInt, "count() is BIGINT");
      expect(result.getString(0, 0) == "north" && result.getString(1, 0) == "south", "regions in order");
      expect(result.getDecimalUnscaled(0, 1) == 1475 && result.getString(0, 1) == "14.75", "north total 14.75");
      expect(result.getDecimalUnscaled(1, 1) == 700 && result.getString(1, 1) == "7.00", "south total 7.00");
      expect(result.getInt64(0, 2) == 2 && result.getInt64(1, 2) == 0, "count(units) skips NULL");
      expect(!result.isNull(0, 3) && result.getInt64(0, 3) == 2 && result.isNull(1, 3), "max(units) is 2 and NULL");
   }

   // 2 / (2 - 2) fails inside the compiled query; the statement ends cleanly with SQLSTATE 22012.
   const std::string failing = "SELECT units / (units - 2) FROM sales";
   try {
      connection.query(failing);
      expect(false, "division by zero raises an error");
   } catch (const kiln::Error& error) {
      std::cout << "caught SQLSTATE " << error.sqlstate() << "\n" << error.format(failing) << "\n";
      expect(error.sqlstate() == "22012", "SQLSTATE 22012 (division_by_zero), got " + error.sqlstate());
   }
   kiln::Result count = connection.query("SELECT count(*) FROM sales");
   expect(count.getInt64(0, 0) == 3, "the database still works after the error");

   std::cout << (failures == 0 ? "example OK" : "example FAILED") << "\n";
   return failures == 0 ? 0 : 1;
}

}  // namespace

int main() {
   try {
      return run();
   } catch (const std::exception& error) {  // an unexpected error is a failed example, with its reason
      std::cerr << "example FAILED: " << error.what() << "\n";
      return 1;
   }
}
