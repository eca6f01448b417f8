#include "runtime/runtime_symbols.h"

#include "runtime/helpers.h"

namespace kiln {

#define KILN_SYMBOL(name) {#name, reinterpret_cast<void*>(&name)}

const std::vector<std::pair<const char*, void*>>& runtimeSymbols() {
   static const std::vector<std::pair<const char*, void*>> symbols = {
      KILN_SYMBOL(kiln_error),
      KILN_SYMBOL(kiln_rowbuffer_append),
      KILN_SYMBOL(kiln_index_lookup),
      KILN_SYMBOL(kiln_index_probe),
      KILN_SYMBOL(kiln_rowbuffer_rows),
      KILN_SYMBOL(kiln_rowbuffer_size),
      KILN_SYMBOL(kiln_hashtable_insert),
      KILN_SYMBOL(kiln_hashtable_append),
      KILN_SYMBOL(kiln_distinct_insert),
      KILN_SYMBOL(kiln_sort),
      KILN_SYMBOL(kiln_string_equal),
      KILN_SYMBOL(kiln_string_compare),
      KILN_SYMBOL(kiln_string_hash),
      KILN_SYMBOL(kiln_like),
      KILN_SYMBOL(kiln_like_pattern),
      KILN_SYMBOL(kiln_concat),
      KILN_SYMBOL(kiln_substring),
      KILN_SYMBOL(kiln_upper),
      KILN_SYMBOL(kiln_lower),
      KILN_SYMBOL(kiln_length),
      KILN_SYMBOL(kiln_trim),
      KILN_SYMBOL(kiln_position),
      KILN_SYMBOL(kiln_replace),
      KILN_SYMBOL(kiln_left),
      KILN_SYMBOL(kiln_concat_all),
      KILN_SYMBOL(kiln_string_agg_append),
      KILN_SYMBOL(kiln_pad),
      KILN_SYMBOL(kiln_split_part),
      KILN_SYMBOL(kiln_reverse),
      KILN_SYMBOL(kiln_repeat),
      KILN_SYMBOL(kiln_initcap),
      KILN_SYMBOL(kiln_starts_with),
      KILN_SYMBOL(kiln_ascii),
      KILN_SYMBOL(kiln_chr),
      KILN_SYMBOL(kiln_string_fit),
      KILN_SYMBOL(kiln_parse_integer),
      KILN_SYMBOL(kiln_parse_decimal),
      KILN_SYMBOL(kiln_parse_double),
      KILN_SYMBOL(kiln_parse_date),
      KILN_SYMBOL(kiln_parse_bool),
      KILN_SYMBOL(kiln_parse_interval),
      KILN_SYMBOL(kiln_format_integer),
      KILN_SYMBOL(kiln_format_decimal),
      KILN_SYMBOL(kiln_format_double),
      KILN_SYMBOL(kiln_format_date),
      KILN_SYMBOL(kiln_format_bool),
      KILN_SYMBOL(kiln_format_interval),
      KILN_SYMBOL(kiln_mul128_overflows),
      KILN_SYMBOL(kiln_decimal_divide),
      KILN_SYMBOL(kiln_i128_mod),
      KILN_SYMBOL(kiln_i128_div_rounded),
      KILN_SYMBOL(kiln_i128_div_floor),
      KILN_SYMBOL(kiln_sqrt),
      KILN_SYMBOL(kiln_cbrt),
      KILN_SYMBOL(kiln_exp),
      KILN_SYMBOL(kiln_ln),
      KILN_SYMBOL(kiln_log10),
      KILN_SYMBOL(kiln_log_base),
      KILN_SYMBOL(kiln_power),
      KILN_SYMBOL(kiln_i128_to_double),
      KILN_SYMBOL(kiln_double_to_decimal),
      KILN_SYMBOL(kiln_extract),
      KILN_SYMBOL(kiln_date_add_interval),
      KILN_SYMBOL(kiln_date_add_interval_micros),
   };
   return symbols;
}

}  // namespace kiln
