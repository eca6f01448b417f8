// The measurement: client threads run the five transactions back to back, without keying or
// think times, for a given duration, and record each transaction's latency.
#pragma once

#include "tpcc_random.h"
#include "tpcc_transactions.h"

#include <array>
#include <atomic>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace kiln::bench {

enum class TransactionType { NewOrder, Payment, OrderStatus, Delivery, StockLevel };
constexpr size_t transactionTypeCount = 5;
const char* transactionName(TransactionType type);

struct TransactionStats {
   uint64_t count = 0;      // completed, rolled back ones included
   uint64_t rollbacks = 0;  // New-Orders with an unused item number
   std::vector<double> latencyMs;
};

struct MixResult {
   std::array<TransactionStats, transactionTypeCount> types;
   double elapsedSeconds = 0;
   /// Minor page faults the client threads took (first touches of memory and, beside a forked
   /// snapshot of the database, the copies of pages written to).
   uint64_t minorFaults = 0;
   /// The statement that failed and stopped the run, if one did.
   std::optional<TpccError> error;
};

/// A client: the transactions prepared on its own session, and its own random inputs.
struct MixClient {
   TpccTransactions* transactions;
   TpccRandom* random;
};

/// Sorts each type's latencies, as percentiles want them.
void sortLatencies(MixResult& mix);

/// Runs the mix on all clients at once, each on a thread of its own (the first on the calling
/// thread), for `durationSeconds` or until `maxTransactions` (0: no limit) were started. Each
/// transaction's home warehouse is drawn uniformly, as if one terminal per warehouse took turns;
/// the type comes from a client's shuffled deck of 100 cards (45 New-Order, 43 Payment, 4 each
/// Order-Status, Delivery, Stock-Level; clause 5.2.4.2). A failing statement stops all clients.
/// `completed`, when given, counts the transactions finished so far, for another thread to read.
MixResult runMix(const std::vector<MixClient>& clients, int warehouses, double durationSeconds, uint64_t maxTransactions = 0,
                 std::atomic<uint64_t>* completed = nullptr);

}  // namespace kiln::bench
