#include "ch_database.h"

#include "ch_extra_tables.h"
#include "tpcc_setup.h"

#include <stdexcept>

namespace kiln::bench {

std::vector<TpccTableLoad> createChDatabase(TpccEngine& engine, int warehouses, TpccRandom& random, int64_t nowMicros, const std::string& sharedDir,
                                            std::vector<std::string>& notes, const std::function<void(const std::string&)>& progress) {
   NURandConstants loadConstants = random.drawLoadConstants();
   createTpccTables(engine);
   std::vector<TpccTableLoad> loads;
   try {
      loads = populateTpcc(engine, warehouses, random, nowMicros, progress);
   } catch (const TpccError& error) {
      throw std::runtime_error("populating the tables failed: " + describe(error));
   }
   createTpccIndexes(engine, notes);
   progress("region, nation, supplier");
   try {
      for (TpccTableLoad& load : createChExtraTables(engine, sharedDir, random)) loads.push_back(std::move(load));
   } catch (const TpccError& error) {
      throw std::runtime_error("creating CH's region, nation and supplier failed: " + describe(error));
   }
   random.useRunConstants(loadConstants);
   return loads;
}

}  // namespace kiln::bench
