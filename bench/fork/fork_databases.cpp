#include "fork_databases.h"

#include "kiln_tpcc_engine.h"
#include "tpcc_clock.h"
#include "tpcc_loader.h"
#include "tpcc_random.h"
#include "tpcc_setup.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <vector>

namespace kiln::bench {

namespace {

constexpr int columnsPerType = 8;
// The id, then BIGINTs and DOUBLEs of 8 bytes and TEXTs of 16 (a German string's header).
constexpr uint64_t fillerRowBytes = 8 + columnsPerType * (8 + 8 + 16);
constexpr uint64_t rowsPerInsert = 1'000'000;  // the materialized rows of a batch stay small
constexpr uint64_t itemsPerWarehouse = 100'000;

double secondsSince(std::chrono::steady_clock::time_point start) { return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count(); }

/// ", b1 BIGINT NOT NULL, ..., t8 TEXT NOT NULL"
std::string fillerDefinitions() {
   std::string list;
   for (int n = 1; n <= columnsPerType; ++n) list += ", b" + std::to_string(n) + " BIGINT NOT NULL";
   for (int n = 1; n <= columnsPerType; ++n) list += ", d" + std::to_string(n) + " DOUBLE PRECISION NOT NULL";
   for (int n = 1; n <= columnsPerType; ++n) list += ", t" + std::to_string(n) + " TEXT NOT NULL";
   return list;
}

/// The values of those columns for row i of generate_series.
std::string fillerValues() {
   std::string list;
   for (int n = 1; n <= columnsPerType; ++n) list += ", i + " + std::to_string(n);
   for (int n = 1; n <= columnsPerType; ++n) list += ", i * 0.5 + " + std::to_string(n);
   for (int n = 1; n <= columnsPerType; ++n) list += ", 'v" + std::to_string(n) + "-' || (i % 1000)";
   return list;
}

}  // namespace

ForkDatabase::ForkDatabase(std::unique_ptr<TpccEngine> engine, std::string description, double loadSeconds, const std::string& updateSql, uint64_t positions,
                           uint64_t positionsPerGroup)
   : engine_(std::move(engine)),
     description_(std::move(description)),
     loadSeconds_(loadSeconds),
     update_(engine_->prepare(updateSql)),
     positions_(positions),
     positionsPerGroup_(positionsPerGroup) {}

void ForkDatabase::update(uint64_t position) {
   if (positionsPerGroup_) {
      update_->bindInt(1, int64_t(position / positionsPerGroup_ + 1));
      update_->bindInt(2, int64_t(position % positionsPerGroup_ + 1));
   } else {
      update_->bindInt(1, int64_t(position + 1));
   }
   update_->execute();
}

std::unique_ptr<ForkDatabase> loadFillerDatabase(double gib) {
   auto start = std::chrono::steady_clock::now();
   auto engine = std::make_unique<KilnTpccEngine>(":memory:");
   uint64_t rows = std::max<uint64_t>(1, uint64_t(gib * double(uint64_t(1) << 30) / double(fillerRowBytes)));
   std::string values = fillerValues();
   engine->execute("CREATE TABLE filler (id BIGINT PRIMARY KEY" + fillerDefinitions() + ")");
   for (uint64_t first = 1; first <= rows; first += rowsPerInsert) {
      uint64_t last = std::min(rows, first + rowsPerInsert - 1);
      engine->execute("INSERT INTO filler SELECT i" + values + " FROM generate_series(" + std::to_string(first) + ", " + std::to_string(last) + ") AS g(i)");
   }
   char description[128];
   std::snprintf(description, sizeof description, "filler %g GiB (%llu rows of %llu bytes)", gib, static_cast<unsigned long long>(rows),
                 static_cast<unsigned long long>(fillerRowBytes));
   return std::make_unique<ForkDatabase>(std::move(engine), description, secondsSince(start), "UPDATE filler SET b1 = b1 + 1 WHERE id = $1", rows, 0);
}

std::unique_ptr<ForkDatabase> loadTpccDatabase(int warehouses) {
   auto start = std::chrono::steady_clock::now();
   auto engine = std::make_unique<KilnTpccEngine>(":memory:");
   TpccRandom random(1);
   createTpccTables(*engine);
   populateTpcc(*engine, warehouses, random, systemClockMicros(), [](const std::string&) {});
   std::vector<std::string> notes;
   createTpccIndexes(*engine, notes);
   return std::make_unique<ForkDatabase>(std::move(engine), "TPC-C " + std::to_string(warehouses) + " warehouses", secondsSince(start),
                                         "UPDATE stock SET s_ytd = s_ytd + 1, s_order_cnt = s_order_cnt + 1 WHERE s_w_id = $1 AND s_i_id = $2",
                                         uint64_t(warehouses) * itemsPerWarehouse, itemsPerWarehouse);
}

}  // namespace kiln::bench
