#include <chrono>

#include "engine/statement_executor.h"
#include "parser/pg_parser.h"

namespace kiln {

Connection::Connection(Database& database) : database_(database) {}

Result Connection::query(const std::string& sql) {
   std::vector<Result> results = queryAll(sql);
   return results.empty() ? Result() : results.back();
}

/// libpg_query reports byte offsets; PostgreSQL reports character positions.
static int characterPosition(const std::string& sql, int bytePosition) {
   int characters = 0;
   for (int i = 0; i < bytePosition - 1 && size_t(i) < sql.size(); ++i) characters += (static_cast<unsigned char>(sql[size_t(i)]) & 0xC0) != 0x80;
   return characters + 1;
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
   std::vector<Result> results;
   auto parseStart = Clock::now();
   ParsedScript script(sql);
   double parseMs = std::chrono::duration<double, std::milli>(Clock::now() - parseStart).count() / double(std::max<size_t>(1, script.size()));
   for (size_t i = 0; i < script.size(); ++i) {
      // Each statement is bound after the previous one ran: it may name what that one created.
      auto start = Clock::now();
      Statement statement = bindStatement(script.statement(i), script.statementText(i), database_.impl().catalog);
      double bindMs = std::chrono::duration<double, std::milli>(Clock::now() - start).count();
      std::shared_ptr<ResultData> data = executeStatement(database_.impl(), statement);
      data->stats.parseMs = parseMs + bindMs;
      data->stats.totalMs = parseMs + std::chrono::duration<double, std::milli>(Clock::now() - start).count();
      results.emplace_back(std::move(data));
   }
   return results;
}

}  // namespace kiln
