// The input data a terminal generates for each of the five transactions (clauses 2.4.1, 2.5.1,
// 2.6.1, 2.7.1, 2.8.1).
#pragma once

#include "tpcc_random.h"

#include <cstdint>
#include <string>
#include <vector>

namespace kiln::bench {

/// 100001: an item number no item has, for the 1% of New-Orders that roll back.
constexpr int64_t unusedItemId = 100001;
constexpr size_t minOrderLines = 5, maxOrderLines = 15;
constexpr size_t districtsPerWarehouse = 10;

struct NewOrderLine {
   int64_t itemId = 0;
   int64_t supplyWarehouse = 0;
   int64_t quantity = 0;
};

struct NewOrderInput {
   int64_t warehouse = 0, district = 0, customer = 0;
   std::vector<NewOrderLine> lines;  // minOrderLines to maxOrderLines
   bool allLocal = true;
   bool rollback = false;  // the last line's item is unusedItemId
};

/// A customer chosen by number (40%) or by last name (60%).
struct CustomerChoice {
   bool byLastName = false;
   int64_t id = 0;
   std::string lastName;
};

struct PaymentInput {
   int64_t warehouse = 0, district = 0;
   int64_t customerWarehouse = 0, customerDistrict = 0;  // the home ones 85% of the time
   CustomerChoice customer;
   int64_t amountCents = 0;  // 1.00 to 5,000.00
};

struct OrderStatusInput {
   int64_t warehouse = 0, district = 0;
   CustomerChoice customer;
};

struct DeliveryInput {
   int64_t warehouse = 0, carrier = 0;
};

struct StockLevelInput {
   int64_t warehouse = 0, district = 0, threshold = 0;
};

NewOrderInput makeNewOrderInput(TpccRandom& random, int warehouses, int64_t warehouse);
PaymentInput makePaymentInput(TpccRandom& random, int warehouses, int64_t warehouse);
OrderStatusInput makeOrderStatusInput(TpccRandom& random, int64_t warehouse);
DeliveryInput makeDeliveryInput(TpccRandom& random, int64_t warehouse);
StockLevelInput makeStockLevelInput(TpccRandom& random, int64_t warehouse);

}  // namespace kiln::bench
