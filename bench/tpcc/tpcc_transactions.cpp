#include "tpcc_transactions.h"

#include <algorithm>
#include <array>
#include <cstdio>

#include "tpcc_text_statement.h"

namespace kiln::bench {

namespace {

// The customer columns both lookups of a transaction return, so the chosen row reads the same.
constexpr const char* paymentCustomerColumns =
   "c_id, c_first, c_middle, c_last, c_street_1, c_street_2, c_city, c_state, c_zip, c_phone, c_since, c_credit, "
   "c_credit_lim, c_discount, c_balance";
constexpr size_t paymentCustomerId = 0, paymentCustomerCredit = 11;
constexpr const char* orderStatusCustomerColumns = "c_id, c_balance, c_first, c_middle, c_last";

}  // namespace

TpccTransactions::TpccTransactions(TpccEngine& engine, TpccClock clock, bool asText) : engine_(engine), clock_(std::move(clock)) {
   auto prepare = [&](const std::string& sql) { return asText ? textStatement(engine, sql) : engine.prepare(sql); };

   noWarehouse_ = prepare("SELECT w_tax FROM warehouse WHERE w_id = $1");
   // The district's next order number is read and counted up by one statement (RETURNING gives
   // the new values: the order's number is the one before).
   noDistrict_ = prepare("UPDATE district SET d_next_o_id = d_next_o_id + 1 WHERE d_w_id = $1 AND d_id = $2 RETURNING d_tax, d_next_o_id - 1");
   noCustomer_ = prepare("SELECT c_discount, c_last, c_credit FROM customer WHERE c_w_id = $1 AND c_d_id = $2 AND c_id = $3");
   noInsertOrder_ = prepare(
      "INSERT INTO orders (o_id, o_d_id, o_w_id, o_c_id, o_entry_d, o_carrier_id, o_ol_cnt, o_all_local) "
      "VALUES ($1, $2, $3, $4, $5, NULL, $6, $7)");
   noInsertNewOrder_ = prepare("INSERT INTO new_order (no_o_id, no_d_id, no_w_id) VALUES ($1, $2, $3)");
   // All of an order's items in one statement: as many parameters as an order has lines at most
   // (a shorter order repeats its first item).
   std::string items;
   for (size_t i = 1; i <= maxOrderLines; ++i) items += (i > 1 ? ", $" : "$") + std::to_string(i);
   noItems_ = prepare("SELECT i_id, i_price, i_name, i_data FROM item WHERE i_id IN (" + items + ")");
   // A stock row is read and updated by one statement (clause 2.4.2.2: the quantity goes down by
   // the ordered quantity, and up by 91 where it would fall below 10), which returns the
   // district's s_dist_xx. All of an order's lines at once when no two name the same stock row
   // (one UPDATE ... FROM (VALUES ...) per number of lines); else line by line, as the order asks.
   std::string distInfo = "CASE CAST($1 AS integer)";
   for (int d = 1; d <= 10; ++d) {
      char branch[48];
      std::snprintf(branch, sizeof(branch), " WHEN %d THEN s_dist_%02d", d, d);
      distInfo += branch;
   }
   distInfo += " END";
   auto stockUpdate = [&](size_t lines) {
      std::string values;
      for (size_t l = 0, p = 2; l < lines; ++l, p += 4) {
         values += l ? ", (" : "(";
         for (size_t k = 0; k < 4; ++k) values += (k ? ", CAST($" : "CAST($") + std::to_string(p + k) + " AS integer)";
         values += ")";
      }
      return prepare("WITH v (w, i, q, remote) AS (VALUES " + values +
                     ") UPDATE stock SET s_quantity = CASE WHEN s_quantity - v.q >= 10 THEN s_quantity - v.q ELSE s_quantity - v.q + 91 END, "
                     "s_ytd = s_ytd + v.q, s_order_cnt = s_order_cnt + 1, s_remote_cnt = s_remote_cnt + v.remote "
                     "FROM v WHERE s_w_id = v.w AND s_i_id = v.i RETURNING s_w_id, s_i_id, s_data, " +
                     distInfo);
   };
   noStockLine_ = stockUpdate(1);
   for (size_t n = minOrderLines; n <= maxOrderLines; ++n) noStocks_[n - minOrderLines] = stockUpdate(n);
   // All of an order's lines in one INSERT, one per number of lines.
   for (size_t n = minOrderLines; n <= maxOrderLines; ++n) {
      std::string rows;
      for (size_t l = 0, p = 1; l < n; ++l, p += 9) {
         rows += l ? ", (" : "(";
         for (size_t k = 0; k < 9; ++k) rows += (k == 6 ? ", NULL, $" : k ? ", $" : "$") + std::to_string(p + k);
         rows += ")";
      }
      noInsertLines_[n - minOrderLines] = prepare(
         "INSERT INTO order_line (ol_o_id, ol_d_id, ol_w_id, ol_number, ol_i_id, ol_supply_w_id, ol_delivery_d, ol_quantity, "
         "ol_amount, ol_dist_info) VALUES " +
         rows);
   }

   // The warehouse and the district are updated and read by one statement each.
   pyWarehouse_ = prepare("UPDATE warehouse SET w_ytd = w_ytd + $1 WHERE w_id = $2 RETURNING w_name, w_street_1, w_street_2, w_city, w_state, w_zip");
   pyDistrict_ = prepare(
      "UPDATE district SET d_ytd = d_ytd + $1 WHERE d_w_id = $2 AND d_id = $3 RETURNING d_name, d_street_1, d_street_2, d_city, d_state, d_zip");
   pyCustomerById_ = prepare(std::string("SELECT ") + paymentCustomerColumns + " FROM customer WHERE c_w_id = $1 AND c_d_id = $2 AND c_id = $3");
   pyCustomerByName_ = prepare(std::string("SELECT ") + paymentCustomerColumns +
                               " FROM customer WHERE c_w_id = $1 AND c_d_id = $2 AND c_last = $3 ORDER BY c_first");
   pyCustomerUpdate_ = prepare(
      "UPDATE customer SET c_balance = c_balance - $1, c_ytd_payment = c_ytd_payment + $1, c_payment_cnt = c_payment_cnt + 1 "
      "WHERE c_w_id = $2 AND c_d_id = $3 AND c_id = $4");
   pyCustomerData_ = prepare("SELECT c_data FROM customer WHERE c_w_id = $1 AND c_d_id = $2 AND c_id = $3");
   pyCustomerUpdateData_ = prepare(
      "UPDATE customer SET c_balance = c_balance - $1, c_ytd_payment = c_ytd_payment + $1, c_payment_cnt = c_payment_cnt + 1, "
      "c_data = $5 WHERE c_w_id = $2 AND c_d_id = $3 AND c_id = $4");
   pyHistory_ = prepare("INSERT INTO history (h_c_id, h_c_d_id, h_c_w_id, h_d_id, h_w_id, h_date, h_amount, h_data) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)");

   osCustomerById_ = prepare(std::string("SELECT ") + orderStatusCustomerColumns + " FROM customer WHERE c_w_id = $1 AND c_d_id = $2 AND c_id = $3");
   osCustomerByName_ = prepare(std::string("SELECT ") + orderStatusCustomerColumns +
                               " FROM customer WHERE c_w_id = $1 AND c_d_id = $2 AND c_last = $3 ORDER BY c_first");
   osLastOrder_ = prepare("SELECT o_id, o_entry_d, o_carrier_id FROM orders WHERE o_w_id = $1 AND o_d_id = $2 AND o_c_id = $3 ORDER BY o_id DESC LIMIT 1");
   osLines_ = prepare(
      "SELECT ol_i_id, ol_supply_w_id, ol_quantity, ol_amount, ol_delivery_d FROM order_line "
      "WHERE ol_w_id = $1 AND ol_d_id = $2 AND ol_o_id = $3");

   // The district's oldest undelivered order is found and deleted by one statement.
   dlDeleteNewOrder_ = prepare(
      "DELETE FROM new_order WHERE no_w_id = $1 AND no_d_id = $2 "
      "AND no_o_id = (SELECT min(no_o_id) FROM new_order WHERE no_w_id = $1 AND no_d_id = $2) RETURNING no_o_id");
   // The order and its lines are updated and read by one statement each (the amounts summed here).
   // The delivered orders of all districts are updated by one statement per table (one per number
   // of districts with an order to deliver): $1 the warehouse, $2 the carrier or the date, then one
   // row of (district, order) or (district, customer, amount) each.
   auto deliveredRows = [](size_t districts, size_t columns, const char* const* types) {
      std::string values;
      for (size_t d = 0, p = 3; d < districts; ++d) {
         values += d ? ", (" : "(";
         for (size_t k = 0; k < columns; ++k, ++p) values += (k ? ", CAST($" : "CAST($") + std::to_string(p) + " AS " + types[k] + ")";
         values += ")";
      }
      return values;
   };
   static const char* const orderKey[] = {"integer", "integer"};
   static const char* const customerAmount[] = {"integer", "integer", "numeric(12,2)"};
   for (size_t n = 1; n <= districtsPerWarehouse; ++n) {
      dlOrders_[n - 1] = prepare("WITH v (d, o) AS (VALUES " + deliveredRows(n, 2, orderKey) +
                                 ") UPDATE orders SET o_carrier_id = $2 FROM v WHERE o_w_id = $1 AND o_d_id = v.d AND o_id = v.o RETURNING o_d_id, o_c_id");
      dlLines_[n - 1] = prepare("WITH v (d, o) AS (VALUES " + deliveredRows(n, 2, orderKey) +
                                ") UPDATE order_line SET ol_delivery_d = $2 FROM v WHERE ol_w_id = $1 AND ol_d_id = v.d AND ol_o_id = v.o "
                                "RETURNING ol_d_id, ol_amount");
      dlCustomers_[n - 1] = prepare("WITH v (d, c, amount) AS (VALUES " + deliveredRows(n, 3, customerAmount) +
                                    ") UPDATE customer SET c_balance = c_balance + v.amount, c_delivery_cnt = c_delivery_cnt + 1 "
                                    "FROM v WHERE c_w_id = $1 AND c_d_id = v.d AND c_id = v.c");
   }

   slNextOrder_ = prepare("SELECT d_next_o_id FROM district WHERE d_w_id = $1 AND d_id = $2");
   slLowStock_ = prepare(
      "SELECT count(DISTINCT s_i_id) FROM order_line, stock WHERE ol_w_id = $1 AND ol_d_id = $2 AND ol_o_id < $3 AND ol_o_id >= $4 "
      "AND s_w_id = $1 AND s_i_id = ol_i_id AND s_quantity < $5");
}

template <typename Body>
bool TpccTransactions::transaction(Body body) {
   engine_.begin();
   bool commit;
   try {
      commit = body();
   } catch (const TpccError&) {
      try {
         engine_.rollback();
      } catch (const TpccError&) {
         // The statement's error is the one to report.
      }
      throw;
   }
   if (commit) engine_.commit();
   else engine_.rollback();
   return commit;
}

std::pair<TpccStatement*, size_t> TpccTransactions::findCustomer(Statement& byId, Statement& byName, int64_t warehouse, int64_t district,
                                                                 const CustomerChoice& choice) {
   TpccStatement& lookup = choice.byLastName ? *byName : *byId;
   lookup.bindInt(1, warehouse);
   lookup.bindInt(2, district);
   if (choice.byLastName) lookup.bindText(3, choice.lastName);
   else lookup.bindInt(3, choice.id);
   lookup.execute();
   size_t rows = lookup.rowCount();
   // Every district has customers with each of the 1000 last names, so a lookup always finds one.
   if (rows == 0) throw TpccError("P0002", "no customer " + (choice.byLastName ? choice.lastName : std::to_string(choice.id)), "");
   return {&lookup, (rows + 1) / 2 - 1};
}

bool TpccTransactions::newOrder(const NewOrderInput& in) {
   return transaction([&] {
      noWarehouse_->bindInt(1, in.warehouse);
      noWarehouse_->execute();
      noDistrict_->bindInt(1, in.warehouse);
      noDistrict_->bindInt(2, in.district);
      noDistrict_->execute();
      int64_t orderId = noDistrict_->getInt(0, 1);
      noCustomer_->bindInt(1, in.warehouse);
      noCustomer_->bindInt(2, in.district);
      noCustomer_->bindInt(3, in.customer);
      noCustomer_->execute();

      int64_t now = clock_();
      noInsertOrder_->bindInt(1, orderId);
      noInsertOrder_->bindInt(2, in.district);
      noInsertOrder_->bindInt(3, in.warehouse);
      noInsertOrder_->bindInt(4, in.customer);
      noInsertOrder_->bindTimestamp(5, now);
      noInsertOrder_->bindInt(6, int64_t(in.lines.size()));
      noInsertOrder_->bindInt(7, in.allLocal ? 1 : 0);
      noInsertOrder_->execute();
      noInsertNewOrder_->bindInt(1, orderId);
      noInsertNewOrder_->bindInt(2, in.district);
      noInsertNewOrder_->bindInt(3, in.warehouse);
      noInsertNewOrder_->execute();

      for (size_t i = 0; i < maxOrderLines; ++i) noItems_->bindInt(i + 1, in.lines[i < in.lines.size() ? i : 0].itemId);
      noItems_->execute();
      // An order has at most 15 lines: a search along them costs less than a map's allocations.
      size_t count = in.lines.size();
      std::array<int64_t, maxOrderLines> prices;  // cents, by line
      prices.fill(-1);
      for (size_t row = 0; row < noItems_->rowCount(); ++row) {
         int64_t item = noItems_->getInt(row, 0), cents = noItems_->getDecimal(row, 1, 2);
         for (size_t i = 0; i < count; ++i)
            if (in.lines[i].itemId == item) prices[i] = cents;
      }
      // "Item number is not valid": the whole order is undone.
      for (size_t i = 0; i < count; ++i)
         if (prices[i] < 0) return false;

      auto lineOf = [&](int64_t supplyWarehouse, int64_t item) {
         for (size_t i = 0; i < count; ++i)
            if (in.lines[i].supplyWarehouse == supplyWarehouse && in.lines[i].itemId == item) return i;
         throw TpccError("XX000", "stock row of warehouse " + std::to_string(supplyWarehouse) + " item " + std::to_string(item) + " is no line's", "");
      };
      bool distinctStock = true;
      for (size_t i = 0; i < count && distinctStock; ++i) distinctStock = lineOf(in.lines[i].supplyWarehouse, in.lines[i].itemId) == i;
      auto bindStock = [&](TpccStatement& statement, size_t first, const NewOrderLine& line) {
         statement.bindInt(first, line.supplyWarehouse);
         statement.bindInt(first + 1, line.itemId);
         statement.bindInt(first + 2, line.quantity);
         statement.bindInt(first + 3, line.supplyWarehouse == in.warehouse ? 0 : 1);
      };
      for (size_t i = 0; i < count; ++i) distInfo_[i].clear();
      if (distinctStock) {
         TpccStatement& stocks = *noStocks_[count - minOrderLines];
         stocks.bindInt(1, in.district);
         for (size_t i = 0; i < count; ++i) bindStock(stocks, 2 + 4 * i, in.lines[i]);
         stocks.execute();
         for (size_t row = 0; row < stocks.rowCount(); ++row) distInfo_[lineOf(stocks.getInt(row, 0), stocks.getInt(row, 1))] = stocks.getText(row, 3);
      } else {
         for (size_t i = 0; i < count; ++i) {
            noStockLine_->bindInt(1, in.district);
            bindStock(*noStockLine_, 2, in.lines[i]);
            noStockLine_->execute();
            distInfo_[i] = noStockLine_->getText(0, 3);
         }
      }

      TpccStatement& lines = *noInsertLines_[count - minOrderLines];
      for (size_t i = 0; i < count; ++i) {
         const NewOrderLine& line = in.lines[i];
         size_t p = 1 + 9 * i;
         lines.bindInt(p, orderId);
         lines.bindInt(p + 1, in.district);
         lines.bindInt(p + 2, in.warehouse);
         lines.bindInt(p + 3, int64_t(i + 1));
         lines.bindInt(p + 4, line.itemId);
         lines.bindInt(p + 5, line.supplyWarehouse);
         lines.bindInt(p + 6, line.quantity);
         lines.bindDecimal(p + 7, line.quantity * prices[i], 2);
         lines.bindText(p + 8, distInfo_[i]);
      }
      lines.execute();
      return true;
   });
}

void TpccTransactions::payment(const PaymentInput& in) {
   transaction([&] {
      pyWarehouse_->bindDecimal(1, in.amountCents, 2);
      pyWarehouse_->bindInt(2, in.warehouse);
      pyWarehouse_->execute();
      pyDistrict_->bindDecimal(1, in.amountCents, 2);
      pyDistrict_->bindInt(2, in.warehouse);
      pyDistrict_->bindInt(3, in.district);
      pyDistrict_->execute();

      auto [customer, row] = findCustomer(pyCustomerById_, pyCustomerByName_, in.customerWarehouse, in.customerDistrict, in.customer);
      int64_t customerId = customer->getInt(row, paymentCustomerId);
      bool badCredit = customer->getText(row, paymentCustomerCredit) == "BC";
      TpccStatement& update = badCredit ? *pyCustomerUpdateData_ : *pyCustomerUpdate_;
      if (badCredit) {
         pyCustomerData_->bindInt(1, in.customerWarehouse);
         pyCustomerData_->bindInt(2, in.customerDistrict);
         pyCustomerData_->bindInt(3, customerId);
         pyCustomerData_->execute();
         // The payment's details go in front of C_DATA, which keeps its first 500 characters.
         std::string data = std::to_string(customerId) + " " + std::to_string(in.customerDistrict) + " " + std::to_string(in.customerWarehouse) + " " +
                            std::to_string(in.district) + " " + std::to_string(in.warehouse) + " " + decimalText(in.amountCents, 2) + " | " +
                            pyCustomerData_->getText(0, 0);
         data.resize(std::min<size_t>(data.size(), 500));
         update.bindText(5, data);
      }
      update.bindDecimal(1, in.amountCents, 2);
      update.bindInt(2, in.customerWarehouse);
      update.bindInt(3, in.customerDistrict);
      update.bindInt(4, customerId);
      update.execute();

      pyHistory_->bindInt(1, customerId);
      pyHistory_->bindInt(2, in.customerDistrict);
      pyHistory_->bindInt(3, in.customerWarehouse);
      pyHistory_->bindInt(4, in.district);
      pyHistory_->bindInt(5, in.warehouse);
      pyHistory_->bindTimestamp(6, clock_());
      pyHistory_->bindDecimal(7, in.amountCents, 2);
      pyHistory_->bindText(8, pyWarehouse_->getText(0, 0) + "    " + pyDistrict_->getText(0, 0));
      pyHistory_->execute();
      return true;
   });
}

void TpccTransactions::orderStatus(const OrderStatusInput& in) {
   transaction([&] {
      auto [customer, row] = findCustomer(osCustomerById_, osCustomerByName_, in.warehouse, in.district, in.customer);
      osLastOrder_->bindInt(1, in.warehouse);
      osLastOrder_->bindInt(2, in.district);
      osLastOrder_->bindInt(3, customer->getInt(row, 0));
      osLastOrder_->execute();
      if (osLastOrder_->rowCount() == 0) return true;  // a customer without orders (none after the population)
      osLines_->bindInt(1, in.warehouse);
      osLines_->bindInt(2, in.district);
      osLines_->bindInt(3, osLastOrder_->getInt(0, 0));
      osLines_->execute();
      return true;
   });
}

void TpccTransactions::delivery(const DeliveryInput& in) {
   transaction([&] {
      // The oldest undelivered order of each district (none: the district is skipped, clause 2.7.4.2).
      std::array<int64_t, districtsPerWarehouse> orderOf{}, customerOf{}, amountOf{};  // by district - 1
      std::array<int64_t, districtsPerWarehouse> districts;
      size_t count = 0;
      for (int64_t district = 1; district <= int64_t(districtsPerWarehouse); ++district) {
         dlDeleteNewOrder_->bindInt(1, in.warehouse);
         dlDeleteNewOrder_->bindInt(2, district);
         dlDeleteNewOrder_->execute();
         if (dlDeleteNewOrder_->rowCount() == 0) continue;
         orderOf[size_t(district - 1)] = dlDeleteNewOrder_->getInt(0, 0);
         districts[count++] = district;
      }
      if (count == 0) return true;
      auto bindOrders = [&](TpccStatement& statement) {
         statement.bindInt(1, in.warehouse);
         for (size_t i = 0; i < count; ++i) {
            statement.bindInt(3 + 2 * i, districts[i]);
            statement.bindInt(4 + 2 * i, orderOf[size_t(districts[i] - 1)]);
         }
      };
      auto expect = [&](size_t rows, size_t wanted, const char* what) {
         if (rows != wanted)
            throw TpccError("XX000", std::string("Delivery's ") + what + " reached " + std::to_string(rows) + " rows, not " + std::to_string(wanted), "");
      };

      TpccStatement& orders = *dlOrders_[count - 1];
      bindOrders(orders);
      orders.bindInt(2, in.carrier);
      orders.execute();
      expect(orders.rowCount(), count, "UPDATE orders");
      for (size_t row = 0; row < count; ++row) customerOf[size_t(orders.getInt(row, 0) - 1)] = orders.getInt(row, 1);

      TpccStatement& lines = *dlLines_[count - 1];
      bindOrders(lines);
      lines.bindTimestamp(2, clock_());
      lines.execute();
      for (size_t row = 0; row < lines.rowCount(); ++row) amountOf[size_t(lines.getInt(row, 0) - 1)] += lines.getDecimal(row, 1, 2);

      TpccStatement& customers = *dlCustomers_[count - 1];
      customers.bindInt(1, in.warehouse);
      for (size_t i = 0; i < count; ++i) {
         size_t d = size_t(districts[i] - 1);
         customers.bindInt(3 + 3 * i, districts[i]);
         customers.bindInt(4 + 3 * i, customerOf[d]);
         customers.bindDecimal(5 + 3 * i, amountOf[d], 2);
      }
      customers.execute();
      expect(size_t(customers.rowsAffected()), count, "UPDATE customer");
      return true;
   });
}

void TpccTransactions::stockLevel(const StockLevelInput& in) {
   transaction([&] {
      slNextOrder_->bindInt(1, in.warehouse);
      slNextOrder_->bindInt(2, in.district);
      slNextOrder_->execute();
      int64_t nextOrder = slNextOrder_->getInt(0, 0);
      slLowStock_->bindInt(1, in.warehouse);
      slLowStock_->bindInt(2, in.district);
      slLowStock_->bindInt(3, nextOrder);
      slLowStock_->bindInt(4, nextOrder - 20);
      slLowStock_->bindInt(5, in.threshold);
      slLowStock_->execute();
      return true;
   });
}

}  // namespace kiln::bench
