#include "postgres_runner.h"

#include <libpq-fe.h>

#include <stdexcept>

namespace kiln::fuzz {

namespace {

/// PostgreSQL's name of a result column's type, as kiln's SqlType::toString() spells it.
std::string typeName(Oid oid) {
   switch (oid) {
      case 16: return "boolean";
      case 20: return "bigint";
      case 21: return "smallint";
      case 23: return "integer";
      case 25: return "text";
      case 700: return "real";
      case 701: return "double precision";
      case 1042: return "character";
      case 1043: return "character varying";
      case 1082: return "date";
      case 1083: return "time without time zone";
      case 1114: return "timestamp without time zone";
      case 1184: return "timestamp with time zone";
      case 1186: return "interval";
      case 1700: return "numeric";
      case 1007: return "integer[]";
      case 1009: return "text[]";
      default: return "oid " + std::to_string(oid);
   }
}

void ignoreNotice(void*, const char*) {}

}  // namespace

PostgresSession::PostgresSession(std::string connection) : connection_(std::move(connection)) { connect(); }

PostgresSession::~PostgresSession() {
   if (pg_) PQfinish(pg_);
}

void PostgresSession::connect() {
   if (pg_) PQfinish(pg_);
   pg_ = PQconnectdb(connection_.c_str());
   if (PQstatus(pg_) != CONNECTION_OK) throw std::runtime_error(std::string("cannot connect to PostgreSQL: ") + PQerrorMessage(pg_));
   PQsetNoticeProcessor(pg_, ignoreNotice, nullptr);
   // A runaway query (a recursion without end) is a case to skip, not a hang of the fuzzer.
   control("SET statement_timeout = '10s'");
   control("SET TIME ZONE 'UTC'");
   control("SET extra_float_digits = 1");
   control("SET DateStyle = 'ISO, MDY'");
   control("SET IntervalStyle = 'postgres'");
}

void PostgresSession::control(const char* sql) {
   PGresult* result = PQexec(pg_, sql);
   ExecStatusType status = PQresultStatus(result);
   std::string error = PQresultErrorMessage(result);
   PQclear(result);
   if (status != PGRES_COMMAND_OK) throw std::runtime_error(std::string("PostgreSQL refused ") + sql + ": " + error);
}

Outcome PostgresSession::execute(const std::string& sql) {
   Outcome outcome;
   PGresult* result = PQexec(pg_, sql.c_str());
   ExecStatusType status = PQresultStatus(result);
   if (status == PGRES_TUPLES_OK || status == PGRES_COMMAND_OK) {
      outcome.tag = PQcmdStatus(result);
      int columns = PQnfields(result);
      for (int c = 0; c < columns; ++c) outcome.columnTypes.push_back(typeName(PQftype(result, c)));
      for (int r = 0; r < PQntuples(result); ++r) {
         Row row;
         for (int c = 0; c < columns; ++c) {
            if (PQgetisnull(result, r, c)) row.emplace_back();
            else row.emplace_back(std::string(PQgetvalue(result, r, c), size_t(PQgetlength(result, r, c))));
         }
         outcome.rows.push_back(std::move(row));
      }
   } else {
      outcome.status = Outcome::Status::Error;
      const char* code = PQresultErrorField(result, PG_DIAG_SQLSTATE);
      const char* message = PQresultErrorField(result, PG_DIAG_MESSAGE_PRIMARY);
      outcome.sqlstate = code ? code : "?????";
      outcome.message = message ? message : PQerrorMessage(pg_);
   }
   PQclear(result);
   if (PQstatus(pg_) != CONNECTION_OK) throw std::runtime_error("lost the connection to PostgreSQL: " + outcome.message);
   return outcome;
}

Outcomes PostgresSession::run(const std::vector<std::string>& statements) {
   Outcomes outcomes;
   control("BEGIN");
   for (const std::string& sql : statements) {
      control("SAVEPOINT statement");
      outcomes.push_back(execute(sql));
      control(outcomes.back().ok() ? "RELEASE SAVEPOINT statement" : "ROLLBACK TO SAVEPOINT statement");
   }
   control("ROLLBACK");
   return outcomes;
}

}  // namespace kiln::fuzz
