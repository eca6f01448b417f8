#include "tpcc_setup.h"

#include "tpcc_schema.h"

#include <climits>
#include <cstdlib>
#include <filesystem>
#include <stdexcept>

namespace kiln::bench {

std::string describe(const TpccError& error) {
   std::string text = error.code() + ": " + error.what();
   return error.statement().empty() ? text : text + " [statement: " + error.statement() + "]";
}

TemporaryDirectory::TemporaryDirectory(const std::string& parent) {
   std::filesystem::path base = parent.empty() ? std::filesystem::temp_directory_path() : std::filesystem::path(parent);
   std::string pattern = (base / "kiln-tpcc-db-XXXXXX").string();
   if (!mkdtemp(pattern.data())) throw std::runtime_error("cannot create a temporary directory like " + pattern);
   path_ = pattern;
}

TemporaryDirectory::~TemporaryDirectory() { std::filesystem::remove_all(path_); }

void createTpccTables(TpccEngine& engine) {
   for (const std::string& sql : tpccTables(engine.timestampType())) {
      try {
         engine.execute(sql);
      } catch (const TpccError& error) {
         throw std::runtime_error("creating the tables failed: " + describe(error));
      }
   }
}

void createTpccIndexes(TpccEngine& engine, std::vector<std::string>& notes) {
   for (const std::string& sql : tpccIndexes()) {
      try {
         engine.execute(sql);
      } catch (const TpccError& error) {
         if (error.code() != "0A000") throw std::runtime_error("creating an index failed: " + describe(error));
         notes.push_back("index not created, lookups it would serve scan instead: " + describe(error));
      }
   }
}

TpccClients::TpccClients(TpccEngine& engine, int count, TpccRandom& random, const TpccClock& clock, bool asText) {
   for (int c = 0; c < count; ++c) {
      TpccEngine& session = c == 0 ? engine : *sessions_.emplace_back(engine.openSession());
      try {
         transactions_.push_back(std::make_unique<TpccTransactions>(session, clock, asText));
      } catch (const TpccError& error) {
         throw std::runtime_error("preparing a transaction's statement failed: " + describe(error));
      }
      TpccRandom* inputs = &random;
      if (c > 0) {
         inputs = randoms_.emplace_back(std::make_unique<TpccRandom>(uint64_t(random.uniform(0, INT64_MAX)))).get();
         inputs->useConstants(random.constants());
      }
      clients_.push_back({transactions_.back().get(), inputs});
   }
}

}  // namespace kiln::bench
