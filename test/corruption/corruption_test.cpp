// Corruption test: a database on disk with checkpoints and several log files is damaged again and
// again, a few bytes of one of its files changed at a random place, and opened. Each open either
// restores every committed transaction, or refuses with XX001 and leaves every file byte for byte
// as it was; never a silent loss, never another error or a crash. Forced recovery then opens it,
// and keeps the files it does not use, unchanged.
//   kiln_corruption_test [DIRECTORY] [ROUNDS] [SEED]
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <iostream>
#include <map>
#include <random>
#include <sstream>

#include "../directory_files.h"
#include "kiln/kiln.h"

namespace {

namespace fs = std::filesystem;

[[noreturn]] void fail(const std::string& message) {
   std::cerr << "FAIL: " << message << "\n";
   std::exit(1);
}

/// Every row of every table, in order: what must come back whole.
std::string contents(kiln::Database& db) {
   kiln::Connection con(db);
   std::string text;
   for (const char* sql : {"SELECT id, v, n FROM account ORDER BY id", "SELECT id, note FROM history ORDER BY id", "SELECT nextval('counter')"}) {
      kiln::Result r = con.query(sql);
      for (size_t row = 0; row < r.rowCount(); ++row) {
         for (size_t c = 0; c < r.columnCount(); ++c) text += (r.isNull(row, c) ? "NULL" : r.getString(row, c)) + "|";
         text += "\n";
      }
   }
   return text;
}

/// The database the rounds damage: two checkpoints, log files before and after them, updates,
/// deletes and a transaction large enough to take many pages.
void build(const std::string& directory) {
   auto session = [&](const std::vector<std::string>& statements) {
      kiln::Database db(directory);
      kiln::Connection con(db);
      for (const std::string& sql : statements) con.query(sql);
   };
   session({"CREATE TABLE account (id int PRIMARY KEY, v text, n numeric(12,2))", "CREATE TABLE history (id bigint PRIMARY KEY, note text)",
            "CREATE SEQUENCE counter", "INSERT INTO account SELECT g, 'account ' || g, g * 1.5 FROM generate_series(1, 500) g"});
   session({"UPDATE account SET n = n + 1 WHERE id % 7 = 0", "SELECT nextval('counter')", "CHECKPOINT",
            "INSERT INTO history SELECT g, repeat('h', g % 50) FROM generate_series(1, 3000) g"});
   session({"DELETE FROM history WHERE id % 5 = 0", "BEGIN", "UPDATE account SET v = v || '!' WHERE id < 50", "SELECT nextval('counter')", "COMMIT"});
   session({"CHECKPOINT", "INSERT INTO history VALUES (100000, 'after the second checkpoint')", "UPDATE account SET n = NULL WHERE id = 3"});
   session({"INSERT INTO history SELECT g, 'last ' || g FROM generate_series(200000, 220000) g", "DELETE FROM account WHERE id = 10"});
}

void copyDirectory(const std::string& from, const std::string& to) {
   fs::remove_all(to);
   fs::create_directories(to);
   for (auto& entry : fs::directory_iterator(from))
      if (entry.is_regular_file() && entry.path().filename() != "lock") fs::copy_file(entry.path(), fs::path(to) / entry.path().filename());
}

}  // namespace

int main(int argc, char** argv) {
   std::string root = argc > 1 ? argv[1] : (fs::temp_directory_path() / "kiln-corruption-test").string();
   int rounds = argc > 2 ? std::atoi(argv[2]) : 300;
   unsigned seed = argc > 3 ? unsigned(std::atoi(argv[3])) : 7;
   std::string pristine = root + "/pristine", work = root + "/work";
   fs::remove_all(root);
   build(pristine);
   std::map<std::string, std::string> original = directoryFiles(pristine);
   std::string expected;
   copyDirectory(pristine, work);
   {
      kiln::Database db(work);
      expected = contents(db);
   }
   std::vector<std::string> names;
   for (auto& [name, bytes] : original)
      if (!bytes.empty()) names.push_back(name);

   std::mt19937 random(seed);
   int restored = 0, refused = 0;
   for (int round = 1; round <= rounds; ++round) {
      copyDirectory(pristine, work);
      const std::string& name = names[random() % names.size()];
      size_t size = original[name].size(), offset = random() % size, length = 1 + random() % 4;
      {
         std::fstream file(work + "/" + name, std::ios::in | std::ios::out | std::ios::binary);
         for (size_t i = offset; i < std::min(size, offset + length); ++i) {
            char byte = original[name][i] ^ char(1 + random() % 255);
            file.seekp(std::streamoff(i));
            file.write(&byte, 1);
         }
      }
      std::string what = name + ", " + std::to_string(length) + " bytes at " + std::to_string(offset) + " of " + std::to_string(size) + " (round " +
                         std::to_string(round) + ")";
      std::map<std::string, std::string> damaged = directoryFiles(work);
      try {
         kiln::Database db(work);
         if (contents(db) != expected) fail("the database opened without all it held: " + what);
         ++restored;
         continue;
      } catch (const kiln::Error& error) {
         if (error.sqlstate() != "XX001") fail("opening gave " + error.sqlstate() + " " + error.message() + ": " + what);
         if (error.message().find(work) == std::string::npos) fail("the error names no file: " + error.message());
      }
      ++refused;
      if (directoryFiles(work) != damaged) fail("a refused open changed the files: " + what);
      // Forced, it opens, and the files it did not use are kept as they were.
      kiln::OpenOptions force;
      force.forceRecovery = true;
      std::string aside;
      {
         kiln::Database db(work, force);
         contents(db);
         if (db.recoveryReport().empty()) fail("a forced recovery said nothing: " + what);
      }
      for (auto& entry : fs::directory_iterator(work))
         if (entry.is_directory()) aside = entry.path().string();
      if (aside.empty() || directoryFiles(aside) != damaged) fail("a forced recovery did not keep the files it left out: " + what);
   }
   std::cout << "corruption test: " << rounds << " damaged opens, " << restored << " restored everything, " << refused << " refused with XX001\n";
   std::cout << rounds << " passed, 0 failed\n";
   fs::remove_all(root);
   return 0;
}
