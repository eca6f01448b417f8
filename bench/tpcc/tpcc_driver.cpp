#include "tpcc_driver.h"

#include <sys/resource.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <thread>

namespace kiln::bench {

namespace {

using Clock = std::chrono::steady_clock;

std::vector<TransactionType> newDeck() {
   std::vector<TransactionType> deck;
   deck.insert(deck.end(), 45, TransactionType::NewOrder);
   deck.insert(deck.end(), 43, TransactionType::Payment);
   deck.insert(deck.end(), 4, TransactionType::OrderStatus);
   deck.insert(deck.end(), 4, TransactionType::Delivery);
   deck.insert(deck.end(), 4, TransactionType::StockLevel);
   return deck;
}

void shuffle(std::vector<TransactionType>& deck, TpccRandom& random) {
   for (size_t i = deck.size() - 1; i > 0; --i) std::swap(deck[i], deck[size_t(random.uniform(0, int64_t(i)))]);
}

/// Runs one transaction of `type`; false when it rolled back.
bool runOne(TransactionType type, TpccTransactions& transactions, TpccRandom& random, int warehouses) {
   int64_t warehouse = random.uniform(1, warehouses);
   switch (type) {
      case TransactionType::NewOrder: return transactions.newOrder(makeNewOrderInput(random, warehouses, warehouse));
      case TransactionType::Payment: transactions.payment(makePaymentInput(random, warehouses, warehouse)); break;
      case TransactionType::OrderStatus: transactions.orderStatus(makeOrderStatusInput(random, warehouse)); break;
      case TransactionType::Delivery: transactions.delivery(makeDeliveryInput(random, warehouse)); break;
      case TransactionType::StockLevel: transactions.stockLevel(makeStockLevelInput(random, warehouse)); break;
   }
   return true;
}

}  // namespace

const char* transactionName(TransactionType type) {
   switch (type) {
      case TransactionType::NewOrder: return "New-Order";
      case TransactionType::Payment: return "Payment";
      case TransactionType::OrderStatus: return "Order-Status";
      case TransactionType::Delivery: return "Delivery";
      case TransactionType::StockLevel: return "Stock-Level";
   }
   return "?";
}

namespace {

/// What the clients share: when the run started and ends, and how many transactions may still start.
struct MixLimits {
   Clock::time_point start, end;
   uint64_t maxTransactions;
   std::atomic<uint64_t> started{0};
   std::atomic<bool> stop{false};  // a client's statement failed
   std::atomic<uint64_t>* completed;
};

uint64_t threadMinorFaults() {
   rusage usage{};
   ::getrusage(RUSAGE_THREAD, &usage);
   return uint64_t(usage.ru_minflt);
}

/// One client's part of the run.
MixResult runMixOfClient(const MixClient& client, int warehouses, MixLimits& limits) {
   MixResult result;
   uint64_t faultsBefore = threadMinorFaults();
   std::vector<TransactionType> deck = newDeck();
   size_t next = deck.size();
   Clock::time_point now = limits.start;
   while (now < limits.end && !limits.stop.load(std::memory_order_relaxed) &&
          (limits.maxTransactions == 0 || limits.started.fetch_add(1, std::memory_order_relaxed) < limits.maxTransactions)) {
      if (next == deck.size()) {
         shuffle(deck, *client.random);
         next = 0;
      }
      TransactionType type = deck[next++];
      TransactionStats& stats = result.types[size_t(type)];
      try {
         bool committed = runOne(type, *client.transactions, *client.random, warehouses);
         stats.rollbacks += !committed;
      } catch (const TpccError& error) {
         result.error = error;
         limits.stop = true;
         now = Clock::now();
         break;
      }
      Clock::time_point finished = Clock::now();
      stats.count += 1;
      if (limits.completed) limits.completed->fetch_add(1, std::memory_order_relaxed);
      stats.latencyMs.push_back(std::chrono::duration<double, std::milli>(finished - now).count());
      now = finished;
   }
   result.elapsedSeconds = std::chrono::duration<double>(now - limits.start).count();
   result.minorFaults = threadMinorFaults() - faultsBefore;
   return result;
}

}  // namespace

void sortLatencies(MixResult& mix) {
   for (TransactionStats& stats : mix.types) std::sort(stats.latencyMs.begin(), stats.latencyMs.end());
}

MixResult runMix(const std::vector<MixClient>& clients, int warehouses, double durationSeconds, uint64_t maxTransactions, std::atomic<uint64_t>* completed) {
   MixLimits limits;
   limits.completed = completed;
   limits.start = Clock::now();
   limits.end = limits.start + std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(durationSeconds));
   limits.maxTransactions = maxTransactions;
   std::vector<MixResult> results(clients.size());
   std::vector<std::thread> threads;
   for (size_t c = 1; c < clients.size(); ++c) threads.emplace_back([&, c] { results[c] = runMixOfClient(clients[c], warehouses, limits); });
   results[0] = runMixOfClient(clients[0], warehouses, limits);
   for (std::thread& thread : threads) thread.join();

   MixResult mix;
   for (MixResult& result : results) {
      for (size_t t = 0; t < transactionTypeCount; ++t) {
         TransactionStats &all = mix.types[t], &client = result.types[t];
         all.count += client.count;
         all.rollbacks += client.rollbacks;
         all.latencyMs.insert(all.latencyMs.end(), client.latencyMs.begin(), client.latencyMs.end());
      }
      mix.elapsedSeconds = std::max(mix.elapsedSeconds, result.elapsedSeconds);
      mix.minorFaults += result.minorFaults;
      if (result.error && !mix.error) mix.error = result.error;
   }
   return mix;
}

}  // namespace kiln::bench
