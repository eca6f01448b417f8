#include "tpcc_schema.h"

namespace kiln::bench {

std::vector<std::string> tpccTables(const std::string& timestampType) {
   const std::string& ts = timestampType;
   // clang-format off: each column type stays on the line of its column
   return {
      "CREATE TABLE warehouse (w_id integer NOT NULL, w_name varchar(10) NOT NULL, w_street_1 varchar(20) NOT NULL, "
      "w_street_2 varchar(20) NOT NULL, w_city varchar(20) NOT NULL, w_state char(2) NOT NULL, w_zip char(9) NOT NULL, "
      "w_tax decimal(4,4) NOT NULL, w_ytd decimal(12,2) NOT NULL, PRIMARY KEY (w_id))",

      "CREATE TABLE district (d_id integer NOT NULL, d_w_id integer NOT NULL, d_name varchar(10) NOT NULL, "
      "d_street_1 varchar(20) NOT NULL, d_street_2 varchar(20) NOT NULL, d_city varchar(20) NOT NULL, d_state char(2) NOT NULL, "
      "d_zip char(9) NOT NULL, d_tax decimal(4,4) NOT NULL, d_ytd decimal(12,2) NOT NULL, d_next_o_id integer NOT NULL, "
      "PRIMARY KEY (d_w_id, d_id))",

      "CREATE TABLE customer (c_id integer NOT NULL, c_d_id integer NOT NULL, c_w_id integer NOT NULL, "
      "c_first varchar(16) NOT NULL, c_middle char(2) NOT NULL, c_last varchar(16) NOT NULL, c_street_1 varchar(20) NOT NULL, "
      "c_street_2 varchar(20) NOT NULL, c_city varchar(20) NOT NULL, c_state char(2) NOT NULL, c_zip char(9) NOT NULL, "
      "c_phone char(16) NOT NULL, c_since " + ts + " NOT NULL, c_credit char(2) NOT NULL, c_credit_lim decimal(12,2) NOT NULL, "
      "c_discount decimal(4,4) NOT NULL, c_balance decimal(12,2) NOT NULL, c_ytd_payment decimal(12,2) NOT NULL, "
      "c_payment_cnt integer NOT NULL, c_delivery_cnt integer NOT NULL, c_data varchar(500) NOT NULL, "
      "PRIMARY KEY (c_w_id, c_d_id, c_id))",

      // No primary key: clause 1.3 gives HISTORY none.
      "CREATE TABLE history (h_c_id integer NOT NULL, h_c_d_id integer NOT NULL, h_c_w_id integer NOT NULL, "
      "h_d_id integer NOT NULL, h_w_id integer NOT NULL, h_date " + ts + " NOT NULL, h_amount decimal(6,2) NOT NULL, "
      "h_data varchar(24) NOT NULL)",

      "CREATE TABLE new_order (no_o_id integer NOT NULL, no_d_id integer NOT NULL, no_w_id integer NOT NULL, "
      "PRIMARY KEY (no_w_id, no_d_id, no_o_id))",

      "CREATE TABLE orders (o_id integer NOT NULL, o_d_id integer NOT NULL, o_w_id integer NOT NULL, o_c_id integer NOT NULL, "
      "o_entry_d " + ts + " NOT NULL, o_carrier_id integer, o_ol_cnt integer NOT NULL, o_all_local integer NOT NULL, "
      "PRIMARY KEY (o_w_id, o_d_id, o_id))",

      "CREATE TABLE order_line (ol_o_id integer NOT NULL, ol_d_id integer NOT NULL, ol_w_id integer NOT NULL, "
      "ol_number integer NOT NULL, ol_i_id integer NOT NULL, ol_supply_w_id integer NOT NULL, ol_delivery_d " + ts + ", "
      "ol_quantity integer NOT NULL, ol_amount decimal(6,2) NOT NULL, ol_dist_info char(24) NOT NULL, "
      "PRIMARY KEY (ol_w_id, ol_d_id, ol_o_id, ol_number))",

      "CREATE TABLE item (i_id integer NOT NULL, i_im_id integer NOT NULL, i_name varchar(24) NOT NULL, "
      "i_price decimal(5,2) NOT NULL, i_data varchar(50) NOT NULL, PRIMARY KEY (i_id))",

      "CREATE TABLE stock (s_i_id integer NOT NULL, s_w_id integer NOT NULL, s_quantity integer NOT NULL, "
      "s_dist_01 char(24) NOT NULL, s_dist_02 char(24) NOT NULL, s_dist_03 char(24) NOT NULL, s_dist_04 char(24) NOT NULL, "
      "s_dist_05 char(24) NOT NULL, s_dist_06 char(24) NOT NULL, s_dist_07 char(24) NOT NULL, s_dist_08 char(24) NOT NULL, "
      "s_dist_09 char(24) NOT NULL, s_dist_10 char(24) NOT NULL, s_ytd integer NOT NULL, s_order_cnt integer NOT NULL, "
      "s_remote_cnt integer NOT NULL, s_data varchar(50) NOT NULL, PRIMARY KEY (s_w_id, s_i_id))",
   };
   // clang-format on
}

std::vector<std::string> tpccIndexes() {
   return {
      "CREATE INDEX customer_by_name ON customer (c_w_id, c_d_id, c_last, c_first)",
      "CREATE INDEX orders_by_customer ON orders (o_w_id, o_d_id, o_c_id, o_id)",
   };
}

}  // namespace kiln::bench
