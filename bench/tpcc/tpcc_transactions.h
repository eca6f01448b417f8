// The five TPC-C transactions (clauses 2.4 to 2.8), every statement prepared once, each
// transaction between BEGIN and COMMIT.
#pragma once

#include "tpcc_clock.h"
#include "tpcc_engine.h"
#include "tpcc_inputs.h"

#include <array>
#include <memory>

namespace kiln::bench {

class TpccTransactions {
   public:
   /// Prepares all statements (a TpccError names the one the engine refused); `clock` dates the rows.
   /// `asText`: each statement is sent as text with its values in it (tpcc_text_statement.h).
   TpccTransactions(TpccEngine& engine, TpccClock clock, bool asText = false);

   /// False when it rolled back (an unused item number, clause 2.4.2.3).
   bool newOrder(const NewOrderInput& input);
   void payment(const PaymentInput& input);
   void orderStatus(const OrderStatusInput& input);
   void delivery(const DeliveryInput& input);
   void stockLevel(const StockLevelInput& input);

   private:
   using Statement = std::unique_ptr<TpccStatement>;

   /// Runs `body` between BEGIN and COMMIT; ROLLBACK when it returns false or throws.
   template <typename Body>
   bool transaction(Body body);
   /// The customer chosen by number, or the middle one (n/2 rounded up) of those with the last
   /// name in order of c_first. Returns the statement holding its row and the row's index.
   std::pair<TpccStatement*, size_t> findCustomer(Statement& byId, Statement& byName, int64_t warehouse, int64_t district, const CustomerChoice& choice);

   TpccEngine& engine_;
   TpccClock clock_;

   Statement noWarehouse_, noDistrict_, noCustomer_, noInsertOrder_, noInsertNewOrder_, noItems_, noStockLine_;
   // By number of lines, minOrderLines on.
   std::array<Statement, maxOrderLines - minOrderLines + 1> noStocks_, noInsertLines_;

   // New-Order's s_dist_xx by line, kept so that their memory is reused.
   std::array<std::string, maxOrderLines> distInfo_;

   Statement pyWarehouse_, pyDistrict_, pyCustomerById_, pyCustomerByName_, pyCustomerUpdate_, pyCustomerData_, pyCustomerUpdateData_, pyHistory_;

   Statement osCustomerById_, osCustomerByName_, osLastOrder_, osLines_;

   Statement dlDeleteNewOrder_;
   // By number of districts with an order to deliver, 1 on.
   std::array<Statement, districtsPerWarehouse> dlOrders_, dlLines_, dlCustomers_;

   Statement slNextOrder_, slLowStock_;
};

}  // namespace kiln::bench
