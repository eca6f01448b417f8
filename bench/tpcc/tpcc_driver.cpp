#include "tpcc_driver.h"

#include <chrono>

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

MixResult runMix(TpccTransactions& transactions, TpccRandom& random, int warehouses, double durationSeconds, uint64_t maxTransactions) {
   MixResult result;
   std::vector<TransactionType> deck = newDeck();
   size_t next = deck.size();
   Clock::time_point start = Clock::now(), end = start + std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(durationSeconds));
   Clock::time_point now = start;
   for (uint64_t done = 0; now < end && (maxTransactions == 0 || done < maxTransactions); ++done) {
      if (next == deck.size()) {
         shuffle(deck, random);
         next = 0;
      }
      TransactionType type = deck[next++];
      TransactionStats& stats = result.types[size_t(type)];
      try {
         bool committed = runOne(type, transactions, random, warehouses);
         stats.rollbacks += !committed;
      } catch (const TpccError& error) {
         result.error = error;
         now = Clock::now();
         break;
      }
      Clock::time_point finished = Clock::now();
      stats.count += 1;
      stats.latencyMs.push_back(std::chrono::duration<double, std::milli>(finished - now).count());
      now = finished;
   }
   result.elapsedSeconds = std::chrono::duration<double>(now - start).count();
   return result;
}

}  // namespace kiln::bench
