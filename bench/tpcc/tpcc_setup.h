// The steps that make a TPC-C database ready to run the mix, for every runner built on TPC-C: a
// directory for a database on disk, the tables and indexes, and the clients' sessions.
#pragma once

#include "tpcc_clock.h"
#include "tpcc_driver.h"
#include "tpcc_engine.h"

#include <memory>
#include <string>
#include <vector>

namespace kiln::bench {

/// "SQLSTATE: message [statement: ...]" for a report.
std::string describe(const TpccError& error);

/// A directory for an on-disk database, removed with everything in it at the end of the run.
class TemporaryDirectory {
   public:
   /// A new directory in `parent` (default: the system's temporary directory).
   explicit TemporaryDirectory(const std::string& parent = "");
   ~TemporaryDirectory();
   TemporaryDirectory(const TemporaryDirectory&) = delete;
   TemporaryDirectory& operator=(const TemporaryDirectory&) = delete;
   const std::string& path() const { return path_; }

   private:
   std::string path_;
};

/// The nine tables; std::runtime_error when one cannot be created.
void createTpccTables(TpccEngine& engine);
/// Secondary indexes an engine cannot create yet (0A000) are left out, and `notes` says so.
void createTpccIndexes(TpccEngine& engine, std::vector<std::string>& notes);

/// The clients of a run: a session each (the first is the engine's own), the transactions
/// prepared on it, and its random inputs.
class TpccClients {
   public:
   /// The first client draws from `random`, as a single client always has; the others are seeded
   /// from it and use its NURand constants. std::runtime_error when a statement cannot be prepared.
   /// `asText`: their statements go as text (tpcc_text_statement.h), not prepared.
   TpccClients(TpccEngine& engine, int count, TpccRandom& random, const TpccClock& clock, bool asText = false);
   const std::vector<MixClient>& clients() const { return clients_; }

   private:
   std::vector<std::unique_ptr<TpccEngine>> sessions_;
   std::vector<std::unique_ptr<TpccTransactions>> transactions_;
   std::vector<std::unique_ptr<TpccRandom>> randoms_;
   std::vector<MixClient> clients_;
};

}  // namespace kiln::bench
