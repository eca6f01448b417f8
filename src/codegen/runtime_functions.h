// Every runtime helper generated code calls, listed once: codegen calls them as
// `runtime::kiln_x`, whose LLVM type comes from the C++ declaration, and the JIT resolves their
// names from this list. A helper missing here, or called with a type it does not have, is a C++
// compile error, not a failed query.
#pragma once

#include <span>

#include "codegen/llvm_function_type.h"
#include "codegen/runtime_functions.h"
#include "runtime/helpers.h"
#include "runtime/key_bitmap.h"

namespace kiln {

/// A runtime helper as generated code calls it.
struct RuntimeFunction {
   const char* name;
   void* (*address)();
   llvm::FunctionType* (*type)(llvm::LLVMContext&);
   bool returns = true;  // false: [[noreturn]], which its C++ type does not say
};

template <auto Function>
void* addressOf() {
   return reinterpret_cast<void*>(Function);
}

template <auto Function>
constexpr RuntimeFunction runtimeFunction(const char* name, bool returns = true) {
   return {name, &addressOf<Function>, &LlvmFunctionType<std::remove_pointer_t<decltype(Function)>>::get, returns};
}

// clang-format off
#define KILN_RUNTIME_FUNCTIONS(X) \
   X(kiln_rowbuffer_append) \
   X(kiln_key_bitmap_block32) \
   X(kiln_key_bitmap_block64) \
   X(kiln_index_lookup) \
   X(kiln_index_lookup_list) \
   X(kiln_index_prefetch) \
   X(kiln_index_probe) \
   X(kiln_rowbuffer_rows) \
   X(kiln_rowbuffer_size) \
   X(kiln_hashtable_insert) \
   X(kiln_hashtable_append) \
   X(kiln_hashtable_adopt) \
   X(kiln_group_in_key_order) \
   X(kiln_distinct_insert) \
   X(kiln_value_list_append) \
   X(kiln_percentile_cont) \
   X(kiln_percentile_disc) \
   X(kiln_mode) \
   X(kiln_sort) \
   X(kiln_string_equal) \
   X(kiln_string_compare) \
   X(kiln_string_hash) \
   X(kiln_like) \
   X(kiln_like_pattern) \
   X(kiln_concat) \
   X(kiln_substring) \
   X(kiln_upper) \
   X(kiln_lower) \
   X(kiln_length) \
   X(kiln_trim) \
   X(kiln_position) \
   X(kiln_replace) \
   X(kiln_left) \
   X(kiln_concat_all) \
   X(kiln_string_agg_append) \
   X(kiln_pad) \
   X(kiln_split_part) \
   X(kiln_reverse) \
   X(kiln_repeat) \
   X(kiln_initcap) \
   X(kiln_starts_with) \
   X(kiln_md5) \
   X(kiln_regex_compile) \
   X(kiln_regex_match) \
   X(kiln_regex_count) \
   X(kiln_regex_substr) \
   X(kiln_regex_substring) \
   X(kiln_regex_replace) \
   X(kiln_random) \
   X(kiln_check_interrupt) \
   X(kiln_ascii) \
   X(kiln_chr) \
   X(kiln_translate) \
   X(kiln_array_from_text) \
   X(kiln_array_build) \
   X(kiln_array_cardinality) \
   X(kiln_array_contains) \
   X(kiln_array_hash) \
   X(kiln_array_slice) \
   X(kiln_array_compare) \
   X(kiln_array_element_text) \
   X(kiln_array_unpack) \
   X(kiln_array_dims) \
   X(kiln_array_subscript) \
   X(kiln_array_to_string) \
   X(kiln_string_to_array) \
   X(kiln_array_cat) \
   X(kiln_array_add) \
   X(kiln_array_position) \
   X(kiln_array_replace) \
   X(kiln_quote_literal) \
   X(kiln_to_timestamp_local) \
   X(kiln_to_date) \
   X(kiln_to_timestamp_epoch) \
   X(kiln_quote_ident) \
   X(kiln_format) \
   X(kiln_gcd) \
   X(kiln_lcm) \
   X(kiln_width_bucket_double) \
   X(kiln_width_bucket_decimal) \
   X(kiln_make_date) \
   X(kiln_string_fit) \
   X(kiln_parse_integer) \
   X(kiln_parse_decimal) \
   X(kiln_parse_double) \
   X(kiln_parse_date) \
   X(kiln_parse_bool) \
   X(kiln_parse_interval) \
   X(kiln_format_integer) \
   X(kiln_format_decimal) \
   X(kiln_format_double) \
   X(kiln_format_date) \
   X(kiln_format_bool) \
   X(kiln_format_interval) \
   X(kiln_mul128_overflows) \
   X(kiln_multiply_words) \
   X(kiln_decimal_divide) \
   X(kiln_i128_mod) \
   X(kiln_i128_div_rounded) \
   X(kiln_i128_div_floor) \
   X(kiln_sqrt) \
   X(kiln_cbrt) \
   X(kiln_exp) \
   X(kiln_ln) \
   X(kiln_log10) \
   X(kiln_log_base) \
   X(kiln_power) \
   X(kiln_i128_to_double) \
   X(kiln_double_to_decimal) \
   X(kiln_extract) \
   X(kiln_date_add_interval_micros) \
   X(kiln_parse_moment) \
   X(kiln_round_moment) \
   X(kiln_format_timestamptz) \
   X(kiln_timestamptz_add_interval) \
   X(kiln_timestamptz_trunc) \
   X(kiln_timestamp_at_zone) \
   X(kiln_timestamptz_at_zone) \
   X(kiln_timestamp_at_offset) \
   X(kiln_timestamptz_at_offset) \
   X(kiln_to_char_timestamp) \
   X(kiln_to_char_timestamptz) \
   X(kiln_to_char_interval) \
   X(kiln_to_char_decimal) \
   X(kiln_numeric_from_decimal) \
   X(kiln_numeric_from_double) \
   X(kiln_numeric_to_integer) \
   X(kiln_numeric_to_double) \
   X(kiln_numeric_to_decimal) \
   X(kiln_numeric_parse) \
   X(kiln_numeric_format) \
   X(kiln_numeric_add) \
   X(kiln_numeric_subtract) \
   X(kiln_numeric_multiply) \
   X(kiln_numeric_divide) \
   X(kiln_numeric_modulo) \
   X(kiln_numeric_divide_truncated) \
   X(kiln_numeric_unary) \
   X(kiln_numeric_log) \
   X(kiln_numeric_power) \
   X(kiln_numeric_compare) \
   X(kiln_numeric_equal) \
   X(kiln_numeric_hash) \
   X(kiln_numeric_average) \
   X(kiln_numeric_average_decimal) \
   X(kiln_numeric_variance) \
   X(kiln_numeric_width_bucket) \
   X(kiln_numeric_in_range) \
   X(kiln_to_char_numeric) \
   X(kiln_to_char_double) \
   X(kiln_date_to_timestamptz) \
   X(kiln_timestamptz_to_date) \
   X(kiln_timestamp_to_timestamptz) \
   X(kiln_timestamptz_to_timestamp) \
   X(kiln_timestamptz_to_time) \
   X(kiln_date_to_timestamptz_for_comparison) \
   X(kiln_format_time) \
   X(kiln_time_add_interval) \
   X(kiln_format_timestamp) \
   X(kiln_timestamp_add_interval) \
   X(kiln_timestamp_difference) \
   X(kiln_timestamp_age) \
   X(kiln_justify_interval) \
   X(kiln_interval_scale) \
   X(kiln_interval_extract) \
   X(kiln_timestamp_field) \
   X(kiln_date_trunc) \
   X(kiln_transaction_timestamp) \
   X(kiln_next_identity) \
   X(kiln_sequence_next) \
   X(kiln_sequence_current) \
   X(kiln_sequence_last) \
   X(kiln_sequence_set) \
   X(kiln_current_setting) \
   X(kiln_set_config)

// clang-format on

namespace runtime {
inline constexpr RuntimeFunction kiln_error = runtimeFunction<&::kiln_error>("kiln_error", false);
#define KILN_DECLARE_RUNTIME_FUNCTION(function) inline constexpr RuntimeFunction function = runtimeFunction<&::function>(#function);
KILN_RUNTIME_FUNCTIONS(KILN_DECLARE_RUNTIME_FUNCTION)
#undef KILN_DECLARE_RUNTIME_FUNCTION
}  // namespace runtime

/// All of them, for the JIT to resolve their names.
std::span<const RuntimeFunction> runtimeFunctions();

}  // namespace kiln
