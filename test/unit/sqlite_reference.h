// SQLite as an independent implementation for differential tests, and kiln's rows in the same
// shape: every value as text, NULL as nullText.
#pragma once

#include <sqlite3.h>

#include <algorithm>
#include <functional>
#include <stdexcept>
#include <string>
#include <vector>

#include "kiln/kiln.h"

namespace kiln::test {

using Rows = std::vector<std::vector<std::string>>;
inline const std::string nullText = "<NULL>";

struct Sqlite {
   sqlite3* db = nullptr;
   Sqlite() { sqlite3_open(":memory:", &db); }
   ~Sqlite() { sqlite3_close(db); }
   void exec(const std::string& sql) {
      char* error = nullptr;
      if (sqlite3_exec(db, sql.c_str(), nullptr, nullptr, &error) != SQLITE_OK) {
         std::string message = error ? error : "?";
         sqlite3_free(error);
         throw std::runtime_error("sqlite: " + message + ": " + sql);
      }
   }
   Rows query(const std::string& sql) {
      sqlite3_stmt* statement = nullptr;
      if (sqlite3_prepare_v2(db, sql.c_str(), -1, &statement, nullptr) != SQLITE_OK) throw std::runtime_error(sqlite3_errmsg(db) + (": " + sql));
      Rows rows;
      while (sqlite3_step(statement) == SQLITE_ROW) {
         std::vector<std::string> row;
         for (int c = 0; c < sqlite3_column_count(statement); ++c) {
            const unsigned char* text = sqlite3_column_text(statement, c);
            row.push_back(text ? reinterpret_cast<const char*>(text) : nullText);
         }
         rows.push_back(std::move(row));
      }
      sqlite3_finalize(statement);
      return rows;
   }
};

/// In one order, for results whose row order is not part of the comparison (the engines sort NULLs differently).
inline Rows sorted(Rows rows) {
   std::sort(rows.begin(), rows.end());
   return rows;
}

inline Rows kilnRows(Connection& con, const std::string& sql) {
   Result r = con.query(sql);
   Rows rows(r.rowCount());
   for (size_t row = 0; row < r.rowCount(); ++row)
      for (size_t c = 0; c < r.columnCount(); ++c) rows[row].push_back(r.isNull(row, c) ? nullText : r.getString(row, c));
   return rows;
}

/// A kiln database and a SQLite database given the same statements, for a differential test.
struct BothDatabases {
   kiln::Database db;
   kiln::Connection con{db};
   Sqlite sqlite;

   void exec(const std::string& sql) {
      con.query(sql);
      sqlite.exec(sql);
   }
   /// INSERT INTO `table` of `count` rows, `row(i)` giving the values of each.
   void insert(const std::string& table, size_t count, const std::function<std::string(size_t)>& row) {
      std::string values;
      for (size_t i = 0; i < count; ++i) values += std::string(i ? ", " : "") + "(" + row(i) + ")";
      exec("INSERT INTO " + table + " VALUES " + values);
   }
};

}  // namespace kiln::test
