#include "tpcc_consistency.h"

#include <algorithm>

namespace kiln::bench {

namespace {

struct Condition {
   int number;
   const char* name;
   const char* sql;     // returns the violating warehouses or districts: their key, then the values compared
   size_t keys;         // 1: warehouse, 2: warehouse and district, 3: and customer
   size_t values;
   const char* columns;  // what the values are, for the message
};

// Money in SQLite is double, so condition 1 tolerates less than half a cent; with exact decimals
// (scale 2) that is the same as equality.
const Condition conditions[] = {
   {1, "condition 1 (W_YTD = sum(D_YTD))",
    "SELECT w_id, w_ytd, d.ytd FROM warehouse LEFT JOIN (SELECT d_w_id, sum(d_ytd) AS ytd FROM district GROUP BY d_w_id) d "
    "ON d.d_w_id = w_id WHERE d.ytd IS NULL OR w_ytd - d.ytd > 0.005 OR d.ytd - w_ytd > 0.005 ORDER BY w_id",
    1, 2, "w_ytd, sum(d_ytd)"},
   {2, "condition 2 (D_NEXT_O_ID - 1 = max(O_ID) = max(NO_O_ID))",
    "SELECT d_w_id, d_id, d_next_o_id, o.top, n.top FROM district "
    "LEFT JOIN (SELECT o_w_id, o_d_id, max(o_id) AS top FROM orders GROUP BY o_w_id, o_d_id) o ON o.o_w_id = d_w_id AND o.o_d_id = d_id "
    "LEFT JOIN (SELECT no_w_id, no_d_id, max(no_o_id) AS top FROM new_order GROUP BY no_w_id, no_d_id) n "
    "ON n.no_w_id = d_w_id AND n.no_d_id = d_id "
    "WHERE o.top IS NULL OR n.top IS NULL OR d_next_o_id - 1 <> o.top OR d_next_o_id - 1 <> n.top ORDER BY d_w_id, d_id",
    2, 3, "d_next_o_id, max(o_id), max(no_o_id)"},
   {3, "condition 3 (max(NO_O_ID) - min(NO_O_ID) + 1 = count of NEW-ORDER rows)",
    "SELECT no_w_id, no_d_id, max(no_o_id), min(no_o_id), count(*) FROM new_order GROUP BY no_w_id, no_d_id "
    "HAVING max(no_o_id) - min(no_o_id) + 1 <> count(*) ORDER BY no_w_id, no_d_id",
    2, 3, "max(no_o_id), min(no_o_id), count(*)"},
   {4, "condition 4 (sum(O_OL_CNT) = count of ORDER-LINE rows)",
    "SELECT o.w, o.d, o.lines, l.lines FROM (SELECT o_w_id AS w, o_d_id AS d, sum(o_ol_cnt) AS lines FROM orders GROUP BY o_w_id, o_d_id) o "
    "LEFT JOIN (SELECT ol_w_id AS w, ol_d_id AS d, count(*) AS lines FROM order_line GROUP BY ol_w_id, ol_d_id) l "
    "ON l.w = o.w AND l.d = o.d WHERE l.lines IS NULL OR o.lines <> l.lines ORDER BY o.w, o.d",
    2, 2, "sum(o_ol_cnt), count(*)"},
   // Checks Payment's and Delivery's changes to the customer: the balance starts at -10.00 with a
   // history row of 10.00, and the delivered lines of the population are 0.00. The first ten
   // customers that differ are named.
   {10, "condition 10 (C_BALANCE = sum(delivered OL_AMOUNT) - sum(H_AMOUNT))",
    "SELECT c_w_id, c_d_id, c_id, c_balance, coalesce(l.amount, 0) - coalesce(h.amount, 0) FROM customer "
    "LEFT JOIN (SELECT o_w_id AS w, o_d_id AS d, o_c_id AS c, sum(ol_amount) AS amount FROM orders JOIN order_line "
    "ON ol_w_id = o_w_id AND ol_d_id = o_d_id AND ol_o_id = o_id WHERE ol_delivery_d IS NOT NULL GROUP BY o_w_id, o_d_id, o_c_id) l "
    "ON l.w = c_w_id AND l.d = c_d_id AND l.c = c_id "
    "LEFT JOIN (SELECT h_c_w_id AS w, h_c_d_id AS d, h_c_id AS c, sum(h_amount) AS amount FROM history GROUP BY h_c_w_id, h_c_d_id, h_c_id) h "
    "ON h.w = c_w_id AND h.d = c_d_id AND h.c = c_id "
    "WHERE abs(c_balance - (coalesce(l.amount, 0) - coalesce(h.amount, 0))) > 0.005 ORDER BY c_w_id, c_d_id, c_id LIMIT 10",
    3, 2, "c_balance, sum(delivered ol_amount) - sum(h_amount)"},
};

}  // namespace

std::vector<std::string> checkConsistency(TpccEngine& engine, const std::vector<int>& numbers) {
   std::vector<std::string> failures;
   for (const Condition& condition : conditions) {
      if (std::find(numbers.begin(), numbers.end(), condition.number) == numbers.end()) continue;
      std::unique_ptr<TpccStatement> check = engine.prepare(condition.sql);
      check->execute();
      size_t keys = condition.keys;
      for (size_t row = 0; row < check->rowCount(); ++row) {
         std::string where = "warehouse " + check->getText(row, 0) + (keys >= 2 ? " district " + check->getText(row, 1) : "") +
                             (keys == 3 ? " customer " + check->getText(row, 2) : "");
         std::string values;
         for (size_t c = keys; c < keys + condition.values; ++c)
            values += (c > keys ? ", " : "") + (check->isNull(row, c) ? std::string("NULL") : check->getText(row, c));
         failures.push_back(std::string(condition.name) + ": " + where + ": " + condition.columns + " = " + values);
      }
   }
   return failures;
}

}  // namespace kiln::bench
