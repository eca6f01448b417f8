#include <chrono>

#include "engine/statement_executor.h"
#include "parser/pg_parser.h"

namespace kiln {

namespace {

/// libpg_query reports byte offsets; PostgreSQL reports character positions.
int characterPosition(const std::string& sql, int bytePosition) {
   int characters = 0;
   for (int i = 0; i < bytePosition - 1 && size_t(i) < sql.size(); ++i) characters += (static_cast<unsigned char>(sql[size_t(i)]) & 0xC0) != 0x80;
   return characters + 1;
}

std::shared_ptr<ResultData> tagged(const char* tag) {
   auto result = std::make_shared<ResultData>();
   result->statusTag = tag;
   return result;
}

}  // namespace

Connection::Connection(Database& database) : database_(database) {}

Connection::~Connection() {
   if (!inTransaction_) return;
   DatabaseImpl& db = database_.impl();
   db.undo.rollbackTo(0, db.catalog);
   db.release(this);
}

Result Connection::query(const std::string& sql) {
   std::vector<Result> results = queryAll(sql);
   return results.empty() ? Result() : results.back();
}

std::vector<Result> Connection::queryAll(const std::string& sql) {
   try {
      return run(sql);
   } catch (Error& error) {
      if (error.position() > 0) error.setPosition(characterPosition(sql, error.position()));
      throw;
   }
}

std::vector<Result> Connection::run(const std::string& sql) {
   using Clock = std::chrono::steady_clock;
   DatabaseImpl& db = database_.impl();
   std::vector<Result> results;
   auto parseStart = Clock::now();
   ParsedScript script(sql);
   double parseMs = std::chrono::duration<double, std::milli>(Clock::now() - parseStart).count() / double(std::max<size_t>(1, script.size()));
   for (size_t i = 0; i < script.size(); ++i) {
      const PgQuery__Node& node = script.statement(i);
      if (node.node_case == PG_QUERY__NODE__NODE_TRANSACTION_STMT) {
         results.emplace_back(control(int(node.transaction_stmt->kind)));
         continue;
      }
      // Each statement runs in the connection's transaction, or in one of its own (autocommit).
      if (!inTransaction_) db.acquire(this);
      if (aborted_) throw Error("25P02", "current transaction is aborted, commands ignored until end of transaction block");
      size_t mark = db.undo.mark();
      auto start = Clock::now();
      std::shared_ptr<ResultData> data;
      try {
         // Bound after the previous statement ran: it may name what that one created.
         Statement statement = bindStatement(node, script.statementText(i), db.catalog);
         data = executeStatement(db, statement);
      } catch (...) {
         // A failing statement changes nothing; in a transaction block, the block is aborted.
         db.undo.rollbackTo(mark, db.catalog);
         if (inTransaction_) {
            aborted_ = true;
         } else {
            db.undo.clear();
            db.release(this);
         }
         throw;
      }
      if (!inTransaction_) {
         db.undo.clear();
         db.release(this);
      }
      data->stats.parseMs = parseMs + std::chrono::duration<double, std::milli>(Clock::now() - start).count() - data->stats.compileMs -
                            data->stats.executeMs;
      data->stats.totalMs = parseMs + std::chrono::duration<double, std::milli>(Clock::now() - start).count();
      results.emplace_back(std::move(data));
   }
   return results;
}

std::shared_ptr<const ResultData> Connection::control(int kind) {
   DatabaseImpl& db = database_.impl();
   switch (PgQuery__TransactionStmtKind(kind)) {
      case PG_QUERY__TRANSACTION_STMT_KIND__TRANS_STMT_BEGIN:
      case PG_QUERY__TRANSACTION_STMT_KIND__TRANS_STMT_START:
         // As in PostgreSQL, BEGIN inside a transaction block only warns.
         if (!inTransaction_) {
            db.acquire(this);
            inTransaction_ = true;
            aborted_ = false;
         }
         return tagged("BEGIN");
      case PG_QUERY__TRANSACTION_STMT_KIND__TRANS_STMT_COMMIT:
      case PG_QUERY__TRANSACTION_STMT_KIND__TRANS_STMT_ROLLBACK: {
         bool commit = kind == PG_QUERY__TRANSACTION_STMT_KIND__TRANS_STMT_COMMIT && !aborted_;
         if (inTransaction_) {
            if (commit)
               db.undo.clear();
            else
               db.undo.rollbackTo(0, db.catalog);
            inTransaction_ = aborted_ = false;
            db.release(this);
         }
         return tagged(commit ? "COMMIT" : "ROLLBACK");
      }
      default: throw Error("0A000", "savepoints and two-phase commit are not supported yet");
   }
}

}  // namespace kiln
