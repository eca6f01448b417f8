#include "tpcc_loader.h"

#include <algorithm>
#include <chrono>

namespace kiln::bench {

namespace {

constexpr int itemCount = 100000;
constexpr int districtsPerWarehouse = 10;
constexpr int customersPerDistrict = 3000;
constexpr int ordersPerDistrict = 3000;
constexpr int firstUndeliveredOrder = 2101;  // orders 2101..3000 are new orders

/// w_name, w_street_1, w_street_2, w_city, w_state, w_zip (and the same for districts).
void nameAndAddress(RowWriter& row, TpccRandom& random) {
   row.text(random.aString(6, 10));
   row.text(random.aString(10, 20));
   row.text(random.aString(10, 20));
   row.text(random.aString(10, 20));
   row.text(random.aString(2, 2));
   row.text(random.zip());
}

struct Population {
   TpccEngine& engine;
   int warehouses;
   TpccRandom& random;
   int64_t now;
   std::vector<int> orderLineCounts;  // o_ol_cnt by (w, d, o), chosen with the orders, used by order_line

   int& lineCount(int w, int d, int o) { return orderLineCounts[(size_t(w - 1) * districtsPerWarehouse + size_t(d - 1)) * ordersPerDistrict + size_t(o - 1)]; }

   void item(RowWriter& row) {
      for (int i = 1; i <= itemCount; ++i) {
         row.integer(i);
         row.integer(random.uniform(1, 10000));
         row.text(random.aString(14, 24));
         row.decimal(random.uniform(100, 10000), 2);
         row.text(random.dataField());
         row.endRow();
      }
   }

   void warehouse(RowWriter& row) {
      for (int w = 1; w <= warehouses; ++w) {
         row.integer(w);
         nameAndAddress(row, random);
         row.decimal(random.uniform(0, 2000), 4);
         row.decimal(30000000, 2);  // 300,000.00
         row.endRow();
      }
   }

   void stock(RowWriter& row) {
      for (int w = 1; w <= warehouses; ++w)
         for (int i = 1; i <= itemCount; ++i) {
            row.integer(i);
            row.integer(w);
            row.integer(random.uniform(10, 100));
            for (int d = 1; d <= districtsPerWarehouse; ++d) row.text(random.aString(24, 24));
            row.integer(0);
            row.integer(0);
            row.integer(0);
            row.text(random.dataField());
            row.endRow();
         }
   }

   void district(RowWriter& row) {
      for (int w = 1; w <= warehouses; ++w)
         for (int d = 1; d <= districtsPerWarehouse; ++d) {
            row.integer(d);
            row.integer(w);
            nameAndAddress(row, random);
            row.decimal(random.uniform(0, 2000), 4);
            row.decimal(3000000, 2);  // 30,000.00
            row.integer(ordersPerDistrict + 1);
            row.endRow();
         }
   }

   void customer(RowWriter& row) {
      for (int w = 1; w <= warehouses; ++w)
         for (int d = 1; d <= districtsPerWarehouse; ++d)
            for (int c = 1; c <= customersPerDistrict; ++c) {
               row.integer(c);
               row.integer(d);
               row.integer(w);
               row.text(random.aString(8, 16));
               row.text("OE");
               row.text(customerLastName(c <= 1000 ? c - 1 : random.customerLastNumber()));
               row.text(random.aString(10, 20));
               row.text(random.aString(10, 20));
               row.text(random.aString(10, 20));
               row.text(random.aString(2, 2));
               row.text(random.zip());
               row.text(random.nString(16, 16));
               row.timestamp(now);
               row.text(random.uniform(1, 10) == 1 ? "BC" : "GC");
               row.decimal(5000000, 2);  // c_credit_lim 50,000.00
               row.decimal(random.uniform(0, 5000), 4);
               row.decimal(-1000, 2);  // c_balance -10.00
               row.decimal(1000, 2);   // c_ytd_payment 10.00
               row.integer(1);
               row.integer(0);
               row.text(random.aString(300, 500));
               row.endRow();
            }
   }

   void history(RowWriter& row) {
      for (int w = 1; w <= warehouses; ++w)
         for (int d = 1; d <= districtsPerWarehouse; ++d)
            for (int c = 1; c <= customersPerDistrict; ++c) {
               row.integer(c);
               row.integer(d);
               row.integer(w);
               row.integer(d);
               row.integer(w);
               row.timestamp(now);
               row.decimal(1000, 2);
               row.text(random.aString(12, 24));
               row.endRow();
            }
   }

   void orders(RowWriter& row) {
      orderLineCounts.assign(size_t(warehouses) * districtsPerWarehouse * ordersPerDistrict, 0);
      std::vector<int> customers(customersPerDistrict);
      for (int w = 1; w <= warehouses; ++w)
         for (int d = 1; d <= districtsPerWarehouse; ++d) {
            // o_c_id is a random permutation of the customers: each has exactly one order.
            for (int c = 0; c < customersPerDistrict; ++c) customers[size_t(c)] = c + 1;
            for (size_t i = customers.size() - 1; i > 0; --i) std::swap(customers[i], customers[size_t(random.uniform(0, int64_t(i)))]);
            for (int o = 1; o <= ordersPerDistrict; ++o) {
               int& lines = lineCount(w, d, o);
               lines = int(random.uniform(5, 15));
               row.integer(o);
               row.integer(d);
               row.integer(w);
               row.integer(customers[size_t(o - 1)]);
               row.timestamp(now);
               if (o < firstUndeliveredOrder) row.integer(random.uniform(1, 10));
               else row.null();
               row.integer(lines);
               row.integer(1);
               row.endRow();
            }
         }
   }

   void orderLine(RowWriter& row) {
      for (int w = 1; w <= warehouses; ++w)
         for (int d = 1; d <= districtsPerWarehouse; ++d)
            for (int o = 1; o <= ordersPerDistrict; ++o)
               for (int number = 1; number <= lineCount(w, d, o); ++number) {
                  bool delivered = o < firstUndeliveredOrder;
                  row.integer(o);
                  row.integer(d);
                  row.integer(w);
                  row.integer(number);
                  row.integer(random.uniform(1, itemCount));
                  row.integer(w);
                  if (delivered) row.timestamp(now);
                  else row.null();
                  row.integer(5);
                  row.decimal(delivered ? 0 : random.uniform(1, 999999), 2);
                  row.text(random.aString(24, 24));
                  row.endRow();
               }
   }

   void newOrder(RowWriter& row) {
      for (int w = 1; w <= warehouses; ++w)
         for (int d = 1; d <= districtsPerWarehouse; ++d)
            for (int o = firstUndeliveredOrder; o <= ordersPerDistrict; ++o) {
               row.integer(o);
               row.integer(d);
               row.integer(w);
               row.endRow();
            }
   }
};

}  // namespace

std::vector<TpccTableLoad> populateTpcc(TpccEngine& engine, int warehouses, TpccRandom& random, int64_t nowMicros,
                                        const std::function<void(const std::string&)>& progress) {
   Population population{engine, warehouses, random, nowMicros, {}};
   using Fill = void (Population::*)(RowWriter&);
   const std::pair<const char*, Fill> tables[] = {
      {"item", &Population::item},         {"warehouse", &Population::warehouse},  {"stock", &Population::stock},
      {"district", &Population::district}, {"customer", &Population::customer},    {"history", &Population::history},
      {"orders", &Population::orders},     {"order_line", &Population::orderLine}, {"new_order", &Population::newOrder},
   };
   std::vector<TpccTableLoad> loads;
   for (const auto& [table, fill] : tables) {
      progress(table);
      auto start = std::chrono::steady_clock::now();
      std::unique_ptr<RowWriter> writer = engine.load(table);
      (population.*fill)(*writer);
      uint64_t rows = writer->finish();
      loads.push_back({table, rows, std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count()});
   }
   return loads;
}

}  // namespace kiln::bench
