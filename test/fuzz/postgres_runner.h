// Runs a script on the PostgreSQL server through libpq: in one transaction that is rolled back
// at the end (so the next case finds the database empty), each statement under a savepoint, so
// that a failing one changes nothing and the rest still run, as in kiln's autocommit mode.
#pragma once

#include "outcome.h"

#include <string>
#include <vector>

struct pg_conn;

namespace kiln::fuzz {

class PostgresSession {
   public:
   /// Connects with libpq's connection string (empty: PGHOST, PGPORT, ... from the environment).
   explicit PostgresSession(std::string connection);
   ~PostgresSession();
   PostgresSession(const PostgresSession&) = delete;
   PostgresSession& operator=(const PostgresSession&) = delete;

   Outcomes run(const std::vector<std::string>& statements);

   private:
   void connect();
   /// Runs a statement of the fuzzer's own (BEGIN, SAVEPOINT, ...), which must succeed.
   void control(const char* sql);
   Outcome execute(const std::string& sql);

   std::string connection_;
   pg_conn* pg_ = nullptr;
};

}  // namespace kiln::fuzz
