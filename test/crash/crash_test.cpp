// Crash test: a child process runs transactions on an on-disk database and reports each commit
// as soon as COMMIT returns; the parent kills it with SIGKILL at a random moment, sometimes
// leaves a record cut short at the end of the log, reopens the database and checks that every
// reported transaction is there and that no transaction is there in part. Many times over.
//   kiln_crash_test [DIRECTORY] [ROUNDS]
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <random>
#include <thread>

#include "kiln/kiln.h"
#include "storage/redo_log_reader.h"

namespace {

constexpr int64_t accounts = 10;
constexpr int64_t startingBalance = 1000;

/// Each transaction moves money between two accounts and records itself in `log`.
[[noreturn]] void runWorkload(const std::string& directory, int reportFd, unsigned seed) {
   kiln::Database db(directory);
   kiln::Connection con(db);
   std::mt19937 random(seed);
   auto transfer = con.prepare("UPDATE account SET balance = balance + $1 WHERE id = $2");
   auto record = con.prepare("INSERT INTO log VALUES ($1, $2)");
   int64_t next = con.query("SELECT count(*) FROM log").getInt64(0, 0) + 1;
   for (;; ++next) {
      int64_t from = int64_t(random() % accounts), to = int64_t(random() % accounts), amount = int64_t(random() % 50);
      con.query("BEGIN");
      transfer.bind(1, -amount).bind(2, from).execute();
      transfer.bind(1, amount).bind(2, to).execute();
      record.bind(1, next).bind(2, amount).execute();
      if (random() % 7 == 0) {
         // Some work that is rolled back must leave no trace.
         record.bind(1, -next).bind(2, int64_t(0)).execute();
         con.query("ROLLBACK");
         --next;
         continue;
      }
      con.query("COMMIT");
      if (::write(reportFd, &next, sizeof(next)) != sizeof(next)) ::_exit(2);
      if (std::getenv("KILN_CRASH_TRACE")) std::cerr << "committed " << next << "\n";
      if (next % 500 == 0) con.query("CHECKPOINT");
   }
}

void fail(const std::string& message) {
   std::cerr << "FAIL: " << message << "\n";
   std::exit(1);
}

}  // namespace

int main(int argc, char** argv) {
   std::string directory = argc > 1 ? argv[1] : std::filesystem::temp_directory_path() / "kiln-crash-test";
   int rounds = argc > 2 ? std::atoi(argv[2]) : 30;
   std::filesystem::remove_all(directory);
   {
      kiln::Database db(directory);
      kiln::Connection con(db);
      con.query("CREATE TABLE account (id INTEGER PRIMARY KEY, balance BIGINT NOT NULL)");
      con.query("CREATE TABLE log (n BIGINT PRIMARY KEY, amount BIGINT)");
      for (int64_t i = 0; i < accounts; ++i) con.query("INSERT INTO account VALUES (" + std::to_string(i) + ", " + std::to_string(startingBalance) + ")");
   }
   std::mt19937 random(42);
   int64_t acknowledged = 0;
   for (int round = 1; round <= rounds; ++round) {
      int pipeFds[2];
      if (::pipe(pipeFds) != 0) fail("pipe");
      pid_t child = ::fork();
      if (child == 0) {
         ::close(pipeFds[0]);
         runWorkload(directory, pipeFds[1], unsigned(round));
      }
      ::close(pipeFds[1]);
      std::this_thread::sleep_for(std::chrono::milliseconds(150 + random() % 450));
      ::kill(child, SIGKILL);
      int64_t n;
      while (::read(pipeFds[0], &n, sizeof(n)) == sizeof(n)) acknowledged = std::max(acknowledged, n);
      ::close(pipeFds[0]);
      ::waitpid(child, nullptr, 0);
      if (round % 3 == 0) {
         // A write cut short after the last record, as a crash in the middle of it leaves it.
         // The newest log file is the one with the highest number (wal.10 comes after wal.9).
         uint64_t newest = 0;
         for (auto& entry : std::filesystem::directory_iterator(directory)) {
            std::string name = entry.path().filename().string();
            if (name.rfind("wal.", 0) == 0) newest = std::max<uint64_t>(newest, std::stoull(name.substr(4)));
         }
         std::string path = directory + "/wal." + std::to_string(newest);
         uint64_t end = kiln::scanRedoLog(path, newest).goodEnd;
         // In a file that has nothing yet, the write begins with the file's header.
         std::string torn = end ? std::string("\x2a\x00\x00\x00\x12\x34\x56\x78partial", 15) : "kilnw";
         std::fstream file(path, std::ios::in | std::ios::out | std::ios::binary);
         file.seekp(std::streamoff(end));
         file.write(torn.data(), std::streamsize(torn.size()));
      }

      kiln::Database db(directory);
      kiln::Connection con(db);
      int64_t logged = con.query("SELECT count(*) FROM log").getInt64(0, 0);
      int64_t highest = con.query("SELECT coalesce(max(n), 0) FROM log").getInt64(0, 0);
      int64_t total = con.query("SELECT sum(balance) FROM account").getInt64(0, 0);
      int64_t negative = con.query("SELECT count(*) FROM log WHERE n < 0").getInt64(0, 0);
      // Every acknowledged commit survived; at most the one in flight got in besides.
      if (highest < acknowledged) fail("round " + std::to_string(round) + ": commit " + std::to_string(acknowledged) + " was lost");
      if (highest > acknowledged + 1) fail("round " + std::to_string(round) + ": unacknowledged transactions appeared");
      if (logged != highest) fail("round " + std::to_string(round) + ": the log has gaps");
      if (total != accounts * startingBalance) fail("round " + std::to_string(round) + ": money was created or lost: " + std::to_string(total));
      if (negative != 0) fail("round " + std::to_string(round) + ": a rolled-back change survived");
      acknowledged = highest;
   }
   std::cout << "crash test: " << rounds << " kills, " << acknowledged << " transactions checked\n";
   std::cout << rounds << " passed, 0 failed\n";
   std::filesystem::remove_all(directory);
   return 0;
}
