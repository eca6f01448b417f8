// A statement that runs out of memory fails with 53200 (out of memory) and changes nothing; the
// connection goes on. Run in a child process whose address space is limited.
#include <gtest/gtest.h>

#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <fstream>

#include "kiln/kiln.h"

namespace {

/// The process's address space now, in bytes.
uint64_t addressSpace() {
   uint64_t pages = 0;
   std::ifstream("/proc/self/statm") >> pages;
   return pages * uint64_t(::sysconf(_SC_PAGESIZE));
}

/// In the child: 0 when the statements behave, another number saying what went wrong.
int runOutOfMemory() {
   kiln::Database db;
   kiln::Connection con(db);
   // In the writer's turn: a snapshot process has memory of its own (snapshot_test.cpp).
   con.query("SET snapshot_reads = off");
   con.query("CREATE TABLE t (a int, b text)");
   con.query("INSERT INTO t SELECT g, 'x' || g FROM generate_series(1, 1000) g");
   con.query("SELECT count(*) FROM t WHERE b LIKE 'x%'");  // compiles what the process needs besides
   rlimit limit{addressSpace() + (uint64_t(512) << 20), RLIM_INFINITY};
   if (::setrlimit(RLIMIT_AS, &limit) != 0) return 10;
   auto failsWith53200 = [&](const std::string& sql) {
      try {
         con.query(sql);
      } catch (const kiln::Error& error) {
         return error.sqlstate() == "53200" && error.message() == "out of memory";
      } catch (...) {}
      return false;
   };
   if (!failsWith53200("INSERT INTO t SELECT g, repeat('x', 1000) FROM generate_series(1, 5000000) g")) return 1;
   if (!failsWith53200("SELECT count(*) FROM (SELECT g, repeat('y', 1000) r FROM generate_series(1, 5000000) g ORDER BY 2) s")) return 2;
   if (con.query("SELECT count(*), sum(a) FROM t").getString(0, 1) != "500500") return 3;
   con.query("BEGIN");
   con.query("INSERT INTO t VALUES (0, 'in the block')");
   if (!failsWith53200("UPDATE t SET b = repeat(b, 1000000)")) return 4;
   try {
      con.query("SELECT 1");
      return 5;  // the block is aborted, as by any error
   } catch (const kiln::Error& error) {
      if (error.sqlstate() != "25P02") return 6;
   }
   con.query("ROLLBACK");
   if (con.query("SELECT count(*) FROM t").getInt64(0, 0) != 1000) return 7;
   return 0;
}

TEST(OutOfMemory, AStatementOutOfMemoryFailsWith53200AndChangesNothing) {
   pid_t child = ::fork();
   ASSERT_GE(child, 0);
   if (child == 0) ::_exit(runOutOfMemory());
   int status = 0;
   ASSERT_EQ(::waitpid(child, &status, 0), child);
   ASSERT_TRUE(WIFEXITED(status)) << "the child died of signal " << WTERMSIG(status);
   EXPECT_EQ(WEXITSTATUS(status), 0) << "step " << WEXITSTATUS(status) << " went wrong";
}

}  // namespace
