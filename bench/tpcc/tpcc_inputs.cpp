#include "tpcc_inputs.h"

namespace kiln::bench {

namespace {

/// A warehouse other than `home`, uniformly (only called when there are at least two).
int64_t otherWarehouse(TpccRandom& random, int warehouses, int64_t home) {
   int64_t other = random.uniform(1, warehouses - 1);
   return other >= home ? other + 1 : other;
}

CustomerChoice chooseCustomer(TpccRandom& random) {
   CustomerChoice choice;
   choice.byLastName = random.uniform(1, 100) <= 60;
   if (choice.byLastName) choice.lastName = customerLastName(random.customerLastNumber());
   else choice.id = random.customerId();
   return choice;
}

}  // namespace

NewOrderInput makeNewOrderInput(TpccRandom& random, int warehouses, int64_t warehouse) {
   NewOrderInput input;
   input.warehouse = warehouse;
   input.district = random.uniform(1, 10);
   input.customer = random.customerId();
   input.rollback = random.uniform(1, 100) == 1;
   int64_t count = random.uniform(int64_t(minOrderLines), int64_t(maxOrderLines));
   for (int64_t i = 1; i <= count; ++i) {
      NewOrderLine line;
      line.itemId = input.rollback && i == count ? unusedItemId : random.itemId();
      bool remote = warehouses > 1 && random.uniform(1, 100) == 1;
      line.supplyWarehouse = remote ? otherWarehouse(random, warehouses, warehouse) : warehouse;
      line.quantity = random.uniform(1, 10);
      input.allLocal = input.allLocal && !remote;
      input.lines.push_back(line);
   }
   return input;
}

PaymentInput makePaymentInput(TpccRandom& random, int warehouses, int64_t warehouse) {
   PaymentInput input;
   input.warehouse = warehouse;
   input.district = random.uniform(1, 10);
   bool remote = warehouses > 1 && random.uniform(1, 100) > 85;
   input.customerWarehouse = remote ? otherWarehouse(random, warehouses, warehouse) : warehouse;
   input.customerDistrict = remote ? random.uniform(1, 10) : input.district;
   input.customer = chooseCustomer(random);
   input.amountCents = random.uniform(100, 500000);
   return input;
}

OrderStatusInput makeOrderStatusInput(TpccRandom& random, int64_t warehouse) {
   OrderStatusInput input;
   input.warehouse = warehouse;
   input.district = random.uniform(1, 10);
   input.customer = chooseCustomer(random);
   return input;
}

DeliveryInput makeDeliveryInput(TpccRandom& random, int64_t warehouse) { return {warehouse, random.uniform(1, 10)}; }

StockLevelInput makeStockLevelInput(TpccRandom& random, int64_t warehouse) { return {warehouse, random.uniform(1, 10), random.uniform(10, 20)}; }

}  // namespace kiln::bench
