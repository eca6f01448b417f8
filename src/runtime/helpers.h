// The functions generated code calls, by these C names. Cold or complex work lives here:
// errors, string functions, text conversions, 128-bit division, sorting, table growth.
// codegen/runtime_functions.h lists them once, for generated code to call and the JIT to resolve.
#pragma once

#include <cstdint>

#include "common/german_string.h"
#include "common/string_heap.h"
#include "kiln/kiln.h"
#include "runtime/chained_hash_table.h"
#include "runtime/distinct_sets.h"
#include "runtime/groups_in_key_order.h"
#include "runtime/index_probe.h"
#include "runtime/like_pattern.h"
#include "runtime/regex.h"
#include "runtime/value_lists.h"
#include "storage/sequence.h"
#include "storage/table.h"

namespace kiln {

/// How kiln_distinct_insert compares values: by their `width` bytes, as strings (GermanStrings),
/// as NUMERIC values (GermanStrings whose scale does not count), or as arrays of NUMERIC.
enum class DistinctKind : int32_t { Bytes, String, Numeric, NumericArray };

/// The operations of kiln_numeric_unary.
enum class NumericUnary : int32_t { Negate, Absolute, Sign, Round, Truncate, Ceiling, Floor, SquareRoot, Exp, Ln, Log10 };

/// Codes generated code passes to kiln_error.
enum class RuntimeError : int32_t {
   DivisionByZero,
   SmallIntOutOfRange,
   IntegerOutOfRange,
   BigIntOutOfRange,
   NumericOverflow,
   DoubleOutOfRange,
   RealOutOfRange,
   SubqueryReturnedRows,
   NtileNotPositive,
   NthValueNotPositive,
   DateOutOfRangeForTimestamp,
   NullArrayStart,
   DateOutOfRange,
   IntervalOutOfRange,
   CannotSubtractInfiniteDates,
   InfiniteExtractField,
   FloatUnderflow,
};

}  // namespace kiln

extern "C" {
using kiln::GermanString;
using kiln::StringHeap;

[[noreturn]] void kiln_error(int32_t code);

// Rows and tables
char* kiln_rowbuffer_append(kiln::RowBuffer* buffer);
char** kiln_rowbuffer_rows(kiln::RowBuffer* buffer);
uint64_t kiln_rowbuffer_size(kiln::RowBuffer* buffer);
char* kiln_hashtable_insert(kiln::ChainedHashTable* table, uint64_t hash);
char* kiln_hashtable_append(kiln::ChainedHashTable* table, uint64_t hash);
void kiln_hashtable_adopt(kiln::ChainedHashTable* table, char* entry);
/// The group of `key` (whose hash is `hash`) while the keys come in order: the last group, or a new
/// one appended to `table`; null once a key came out of order (the groups are linked then).
char* kiln_group_in_key_order(kiln::GroupsInKeyOrder* groups, kiln::ChainedHashTable* table, int64_t key, uint64_t hash);
/// For aggregates over DISTINCT values: adds the value to the group's set (created on first use
/// in `*set`, owned by `sets`); true when it was not there yet. `kind` says how values are equal.
bool kiln_distinct_insert(kiln::DistinctSets* sets, void** set, const void* value, int32_t width, int32_t kind);
/// Ordered-set aggregates (value_lists.cpp): adds a value to the group's list (made on first use
/// in `*list`, owned by `lists`); the results sort the list by the physical `type`'s order.
/// A fraction outside [0, 1] fails with 22003.
void kiln_value_list_append(kiln::ValueLists* lists, kiln::ValueLists::List** list, const void* value, int32_t width, bool copyBytes);
double kiln_percentile_cont(kiln::ValueLists::List* list, double fraction, bool descending);
const void* kiln_percentile_disc(kiln::ValueLists::List* list, int32_t type, bool descending, double fraction);
const void* kiln_mode(kiln::ValueLists::List* list, int32_t type, bool descending);
void kiln_sort(kiln::RowBuffer* buffer, int32_t (*compare)(const char*, const char*), uint64_t keep);

/// The row of `table` whose key in `index` equals the values in `keyRow`, or -1.
int64_t kiln_index_lookup(const kiln::Table* table, const kiln::UniqueIndex* index, const char* keyRow);
/// Rows found through a CREATE INDEX index, into `rows`: with `range` == 0 those whose key equals
/// the values in `lowRow`; else those whose first column is within the bounds (`range` bits:
/// 1 low given, 2 low inclusive, 4 high given, 8 high inclusive). Returns the row numbers.
const int64_t* kiln_index_probe(kiln::IndexProbe* probe, const char* keyRow, uint64_t* count);
/// Starts loading what a lookup of the key in `keyRow` reads first (its hash slot).
void kiln_index_prefetch(const kiln::Table* table, const kiln::UniqueIndex* index, const char* keyRow);
/// The rows of `table` whose keys in `index` equal those in the `count` key rows at `keyRows`
/// (`rowSize` bytes apart), into `found` (room for `count`), in table order and each once (an IN
/// list may give a key twice). Returns how many.
uint64_t kiln_index_lookup_list(const kiln::Table* table, const kiln::UniqueIndex* index, const char* keyRows, uint64_t count, uint64_t rowSize,
                                int64_t* found);

// Strings
bool kiln_string_equal(const GermanString* a, const GermanString* b);
int32_t kiln_string_compare(const GermanString* a, const GermanString* b);
uint64_t kiln_string_hash(const GermanString* s);
/// `padTo`: CHAR(n) values match as if padded with blanks to n characters.
bool kiln_like(const GermanString* s, const GermanString* pattern, bool caseInsensitive, int32_t padTo);
bool kiln_like_pattern(const kiln::LikePattern* pattern, const kiln::GermanString* s);
void kiln_concat(const GermanString* a, const GermanString* b, GermanString* out, StringHeap* arena);
void kiln_substring(const GermanString* s, int64_t from, int64_t count, bool hasCount, GermanString* out, StringHeap* arena);
void kiln_upper(const GermanString* s, GermanString* out, StringHeap* arena);
void kiln_lower(const GermanString* s, GermanString* out, StringHeap* arena);
int32_t kiln_length(const GermanString* s);
void kiln_trim(const GermanString* s, const GermanString* characters, int32_t sides, GermanString* out);
int32_t kiln_position(const GermanString* haystack, const GermanString* needle);
void kiln_replace(const GermanString* s, const GermanString* from, const GermanString* to, GermanString* out, StringHeap* arena);
void kiln_left(const GermanString* s, int64_t n, bool right, GermanString* out);
/// The strings whose `nulls` flag is 0 joined, with `separator` between them unless it is null.
void kiln_concat_all(const GermanString* separator, const GermanString* strings, const bool* nulls, int32_t count, GermanString* out, StringHeap* arena);
/// string_agg's step: appends `delimiter` (unless null) and `value` to `text` (string_agg.cpp).
void kiln_string_agg_append(GermanString* text, const GermanString* delimiter, const GermanString* value, StringHeap* arena);
/// lpad/rpad: `fill` is null for a blank.
void kiln_pad(const GermanString* s, int64_t length, const GermanString* fill, bool right, GermanString* out, StringHeap* arena);
void kiln_split_part(const GermanString* s, const GermanString* delimiter, int64_t field, GermanString* out);
void kiln_reverse(const GermanString* s, GermanString* out, StringHeap* arena);
void kiln_repeat(const GermanString* s, int64_t count, GermanString* out, StringHeap* arena);
void kiln_initcap(const GermanString* s, GermanString* out, StringHeap* arena);
bool kiln_starts_with(const GermanString* s, const GermanString* prefix);
/// translate, quote_literal, quote_ident and format (text_functions.cpp); format's arguments are
/// `count` texts and their NULL flags.
void kiln_translate(const GermanString* s, const GermanString* from, const GermanString* to, GermanString* out, StringHeap* arena);
void kiln_quote_literal(const GermanString* s, GermanString* out, StringHeap* arena);
void kiln_quote_ident(const GermanString* s, GermanString* out, StringHeap* arena);
void kiln_format(const GermanString* format, const GermanString* values, const bool* nulls, int32_t count, GermanString* out, StringHeap* arena);
/// Arrays, held as their canonical text (array_functions.cpp). `type` and `elementType` are
/// packed SqlTypes (common/packed_type.h); a nullptr string is a NULL argument.
void kiln_array_from_text(const GermanString* text, int64_t type, bool explicitCast, GermanString* out, StringHeap* arena);
void kiln_array_build(const GermanString* elements, const bool* nulls, int32_t count, int64_t elementType, GermanString* out, StringHeap* arena);
int32_t kiln_array_cardinality(const GermanString* array);
/// a @> b (every element of b is in a), or a && b (some element is in both) with `overlap`.
bool kiln_array_contains(const GermanString* a, const GermanString* b, int64_t elementType, bool overlap);
/// A hash of an array consistent with element-wise equality (arrays of NUMERIC: 1.10 is 1.1).
uint64_t kiln_array_hash(const GermanString* array, int64_t elementType);
/// a[lower:upper], the bounds cut to the array's.
void kiln_array_slice(const GermanString* array, int64_t lower, int64_t upper, GermanString* out, StringHeap* arena);
/// PostgreSQL's order of two arrays: -1, 0 or 1.
int32_t kiln_array_compare(const GermanString* a, const GermanString* b, int64_t elementType);
/// A value's text as an element of an array's text (array_agg).
void kiln_array_element_text(const GermanString* value, int64_t elementType, GermanString* out, StringHeap* arena);
/// The elements as text and their NULL flags, in two arrays in `arena`; returns their count.
int32_t kiln_array_unpack(const GermanString* array, GermanString** elements, bool** nulls, StringHeap* arena);
/// array_dims: '[1:n]'; true (NULL) for an empty array.
bool kiln_array_dims(const GermanString* array, GermanString* out, StringHeap* arena);
/// Element `index` (from 1) as text; true when it is NULL or out of range.
bool kiln_array_subscript(const GermanString* array, int64_t index, GermanString* out, StringHeap* arena);
void kiln_array_to_string(const GermanString* array, const GermanString* separator, const GermanString* nullText, GermanString* out, StringHeap* arena);
void kiln_string_to_array(const GermanString* text, const GermanString* separator, const GermanString* nullText, GermanString* out, StringHeap* arena);
void kiln_array_cat(const GermanString* left, const GermanString* right, GermanString* out, StringHeap* arena);
void kiln_array_add(const GermanString* array, const GermanString* element, int64_t elementType, bool atEnd, GermanString* out, StringHeap* arena);
/// The first position from `start` holding `element` (NULL matches NULL); 0 for none.
int32_t kiln_array_position(const GermanString* array, const GermanString* element, int64_t elementType, int64_t start);
/// array_replace, or array_remove with `remove`.
void kiln_array_replace(const GermanString* array, const GermanString* element, const GermanString* replacement, int64_t elementType, bool remove,
                        GermanString* out, StringHeap* arena);
int32_t kiln_ascii(const GermanString* s);
void kiln_chr(int64_t code, GermanString* out);
void kiln_md5(const GermanString* s, GermanString* out, StringHeap* arena);
// Regular expressions (regex_functions.cpp); a pattern that is not a constant is compiled by
// kiln_regex_compile, once per distinct text. `start` counts characters from 1.
const kiln::Regex* kiln_regex_compile(const kiln::RegexCache* cache, const GermanString* pattern);
bool kiln_regex_match(const kiln::Regex* regex, const GermanString* s);
int32_t kiln_regex_count(const kiln::Regex* regex, const GermanString* s, int64_t start);
/// regexp_substr: false (NULL) when there is no such match or group.
bool kiln_regex_substr(const kiln::Regex* regex, const GermanString* s, int64_t start, int64_t occurrence, int64_t group, GermanString* out);
/// substring(s FROM pattern): false (NULL) when there is no match.
bool kiln_regex_substring(const kiln::Regex* regex, const GermanString* s, GermanString* out);
void kiln_regex_replace(const kiln::Regex* regex, const GermanString* s, const GermanString* replacement, GermanString* out, StringHeap* arena);
/// Enforces CHAR(n)/VARCHAR(n); an explicit cast truncates instead of failing.
void kiln_string_fit(GermanString* s, int32_t typeId, int32_t length, bool explicitCast);

// Text conversions (input functions)
int64_t kiln_parse_integer(const GermanString* s, int32_t typeId);
__int128 kiln_parse_decimal(const GermanString* s, int32_t precision, int32_t scale);
double kiln_parse_double(const GermanString* s, int32_t typeId);
int32_t kiln_parse_date(const GermanString* s);
bool kiln_parse_bool(const GermanString* s);
void kiln_parse_interval(const GermanString* s, kiln::Interval* out);

// Numbers and dates (numeric_functions.cpp); `bigint`: the result is a bigint, else an integer
int64_t kiln_gcd(int64_t a, int64_t b, bool bigint);
int64_t kiln_lcm(int64_t a, int64_t b, bool bigint);
int32_t kiln_width_bucket_double(double operand, double low, double high, int32_t count);
/// For decimals of one scale (integers: scale 0), exactly.
int32_t kiln_width_bucket_decimal(__int128 operand, __int128 low, __int128 high, int32_t count);
/// make_date: 22008 for a day that does not exist.
int32_t kiln_make_date(int32_t year, int32_t month, int32_t day);

// Output functions
void kiln_format_integer(int64_t value, GermanString* out, StringHeap* arena);
void kiln_format_decimal(__int128 value, int32_t scale, GermanString* out, StringHeap* arena);
void kiln_format_double(double value, bool single, GermanString* out, StringHeap* arena);
void kiln_format_date(int32_t days, GermanString* out, StringHeap* arena);
void kiln_format_bool(bool value, GermanString* out);
void kiln_format_interval(const kiln::Interval* value, GermanString* out, StringHeap* arena);

// Numbers
bool kiln_mul128_overflows(__int128 a, __int128 b, __int128* out);
/// The low 128 bits of a product of two 128-bit integers given as (low, high) words, into out[0..1]
/// (quick code splits 128-bit values into words: see split_wide_integers.h).
void kiln_multiply_words(uint64_t* out, uint64_t aLow, uint64_t aHigh, uint64_t bLow, uint64_t bHigh);
__int128 kiln_decimal_divide(__int128 a, __int128 b, int32_t scaleUp);
__int128 kiln_i128_mod(__int128 a, __int128 b);
__int128 kiln_i128_div_rounded(__int128 a, __int128 b);
/// Floor (or, with `ceiling`, ceiling) of a / b for b > 0.
__int128 kiln_i128_div_floor(__int128 a, __int128 b, bool ceiling);
/// random(): uniform in [0, 1), from a generator of the calling thread.
double kiln_random();
// Throws 57014 when the running statement was cancelled (StatementInterrupt).
void kiln_check_interrupt();
// Double precision functions with PostgreSQL's errors (float.c)
double kiln_sqrt(double x);
double kiln_cbrt(double x);
double kiln_exp(double x);
double kiln_ln(double x);
double kiln_log10(double x);
double kiln_log_base(double base, double x);
double kiln_power(double x, double y);
double kiln_i128_to_double(__int128 value, int32_t scale);
__int128 kiln_double_to_decimal(double value, int32_t precision, int32_t scale);

// Dates
int32_t kiln_extract(int32_t days, int32_t field);
/// The date's midnight moved by ± the interval, in microseconds since 2000-01-01, with its time
/// part, as `date ± interval` computes it (22008 out of range).
int64_t kiln_date_add_interval_micros(int32_t days, const kiln::Interval* interval, int32_t sign);

// Timestamps (microseconds since 2000-01-01)
/// TIMESTAMP, TIMESTAMPTZ or TIME (`typeId`) from text.
int64_t kiln_parse_moment(const GermanString* s, int32_t typeId);
void kiln_format_timestamp(int64_t micros, GermanString* out, StringHeap* arena);
int64_t kiln_timestamp_add_interval(int64_t micros, const kiln::Interval* interval, int32_t sign);
void kiln_timestamp_difference(int64_t a, int64_t b, kiln::Interval* out);
/// age(a, b): the symbolic difference in years, months, days and time (timestamp::age).
void kiln_timestamp_age(int64_t a, int64_t b, kiln::Interval* out);
/// justify_days (`days`), justify_hours (`hours`) and justify_interval (both).
void kiln_justify_interval(const kiln::Interval* value, bool days, bool hours, kiln::Interval* out);
/// EXTRACT from an interval: field 0 epoch (microseconds), 1 year, 2 month, 3 day, 4 hour,
/// 5 minute, 6-8 the minute's microseconds, 9 quarter, 10 decade, 11 century, 12 millennium.
__int128 kiln_interval_extract(const kiln::Interval* value, int32_t field);
/// An interval times or divided by (`divide`) a number, in double precision.
void kiln_interval_scale(const kiln::Interval* value, double factor, bool divide, kiln::Interval* out);
/// `field`: 0 hour, 1 minute, 2 microseconds within the minute.
int64_t kiln_timestamp_field(int64_t micros, int32_t field);
int64_t kiln_date_trunc(int64_t micros, int32_t unit);
/// TIMESTAMP(p) and the like: rounded to `digits` fractional digits.
int64_t kiln_round_moment(int64_t micros, int32_t digits);

// Timestamps with time zone (microseconds since 2000-01-01 UTC), in the session's time zone
void kiln_format_timestamptz(int64_t utc, GermanString* out, StringHeap* arena);
int64_t kiln_timestamptz_add_interval(int64_t utc, const kiln::Interval* interval, int32_t sign);
int64_t kiln_timestamptz_trunc(int64_t utc, int32_t unit);
int64_t kiln_date_to_timestamptz(int32_t days);
/// The date as a value to compare with timestamptz ones (timestamptz::fromDateForComparison).
int64_t kiln_date_to_timestamptz_for_comparison(int32_t days);
int32_t kiln_timestamptz_to_date(int64_t utc);
int64_t kiln_timestamp_to_timestamptz(int64_t local);
int64_t kiln_timestamptz_to_timestamp(int64_t utc);
int64_t kiln_timestamptz_to_time(int64_t utc);

// AT TIME ZONE (at_time_zone.cpp): a timestamp in the zone -> the instant; an instant -> the
// zone's local time. The zone is a name, or an interval (an offset east of Greenwich).
int64_t kiln_timestamp_at_zone(int64_t local, const GermanString* zone);
int64_t kiln_timestamptz_at_zone(int64_t utc, const GermanString* zone);
int64_t kiln_timestamp_at_offset(int64_t local, const kiln::Interval* zone);
int64_t kiln_timestamptz_at_offset(int64_t utc, const kiln::Interval* zone);

// to_char (to_char.cpp): the value shown by a template pattern
/// to_timestamp(text, pattern)'s local date and time (the session's zone makes it a timestamptz);
/// to_date(text, pattern).
int64_t kiln_to_timestamp_local(const GermanString* text, const GermanString* pattern);
int32_t kiln_to_date(const GermanString* text, const GermanString* pattern);
/// to_timestamp(seconds since 1970-01-01 00:00 UTC).
int64_t kiln_to_timestamp_epoch(double seconds);
void kiln_to_char_timestamp(int64_t local, const GermanString* pattern, GermanString* out, StringHeap* arena);
void kiln_to_char_timestamptz(int64_t utc, const GermanString* pattern, GermanString* out, StringHeap* arena);
void kiln_to_char_interval(const kiln::Interval* value, const GermanString* pattern, GermanString* out, StringHeap* arena);
/// An exact number `unscaled` / 10^scale (integers with scale 0).
void kiln_to_char_decimal(__int128 unscaled, int32_t scale, const GermanString* pattern, GermanString* out, StringHeap* arena);

// NUMERIC without a precision (numeric_helpers.cpp): values are packed GermanStrings
// (common/packed_numeric.h); results go to `out`, their bytes to `arena` when not inline.
void kiln_numeric_from_decimal(__int128 unscaled, int32_t scale, GermanString* out, StringHeap* arena);
void kiln_numeric_from_double(double value, bool single, GermanString* out, StringHeap* arena);
/// Rounded to SMALLINT, INTEGER or BIGINT (the TypeId), with PostgreSQL's errors.
int64_t kiln_numeric_to_integer(const GermanString* value, int32_t typeId);
double kiln_numeric_to_double(const GermanString* value, bool single);
/// The unscaled value of a NUMERIC(precision, scale), rounded; 22003 when it does not fit.
__int128 kiln_numeric_to_decimal(const GermanString* value, int32_t precision, int32_t scale);
void kiln_numeric_parse(const GermanString* text, GermanString* out, StringHeap* arena);
void kiln_numeric_format(const GermanString* value, GermanString* out, StringHeap* arena);
void kiln_numeric_add(const GermanString* a, const GermanString* b, GermanString* out, StringHeap* arena);
void kiln_numeric_subtract(const GermanString* a, const GermanString* b, GermanString* out, StringHeap* arena);
void kiln_numeric_multiply(const GermanString* a, const GermanString* b, GermanString* out, StringHeap* arena);
void kiln_numeric_divide(const GermanString* a, const GermanString* b, GermanString* out, StringHeap* arena);
void kiln_numeric_modulo(const GermanString* a, const GermanString* b, GermanString* out, StringHeap* arena);
/// div(a, b).
void kiln_numeric_divide_truncated(const GermanString* a, const GermanString* b, GermanString* out, StringHeap* arena);
/// `operation` a NumericUnary; `digits` for round and trunc.
void kiln_numeric_unary(const GermanString* value, int32_t operation, int32_t digits, GermanString* out, StringHeap* arena);
void kiln_numeric_log(const GermanString* base, const GermanString* value, GermanString* out, StringHeap* arena);
void kiln_numeric_power(const GermanString* base, const GermanString* exponent, GermanString* out, StringHeap* arena);
int32_t kiln_numeric_compare(const GermanString* a, const GermanString* b);
bool kiln_numeric_equal(const GermanString* a, const GermanString* b);
uint64_t kiln_numeric_hash(const GermanString* value);
/// avg's result: the sum over the count (count > 0), at the scale division gives.
void kiln_numeric_average(const GermanString* sum, int64_t count, GermanString* out, StringHeap* arena);
void kiln_numeric_average_decimal(__int128 sum, int32_t scale, int64_t count, GermanString* out, StringHeap* arena);
/// The (sample) variance, or with `root` the standard deviation, of `count` values from their sum and
/// their squares' sum, as PostgreSQL computes it for numeric; true (NULL) for too few values.
bool kiln_numeric_variance(const GermanString* sumX, const GermanString* sumX2, int64_t count, bool sample, bool root, GermanString* out, StringHeap* arena);
/// PostgreSQL's in_range for a RANGE frame: value <= base -/+ offset (`less`), else >=.
bool kiln_numeric_in_range(const GermanString* value, const GermanString* base, const GermanString* offset, bool subtract, bool less);
int32_t kiln_numeric_width_bucket(const GermanString* operand, const GermanString* low, const GermanString* high, int32_t count);
void kiln_to_char_numeric(const GermanString* value, const GermanString* pattern, GermanString* out, StringHeap* arena);
/// `significantDigits`: 15 for double precision, 6 for real.
void kiln_to_char_double(double value, int32_t significantDigits, const GermanString* pattern, GermanString* out, StringHeap* arena);

// Times of day (microseconds since midnight)
void kiln_format_time(int64_t time, GermanString* out, StringHeap* arena);
int64_t kiln_time_add_interval(int64_t time, const kiln::Interval* interval, int32_t sign);

/// now(): the start of the running statement's transaction.
int64_t kiln_transaction_timestamp();
/// The next value of an identity column's counter.
int64_t kiln_next_identity(int64_t* counter);

// Sequences (sequence_functions.cpp): nextval, currval, lastval and setval.
int64_t kiln_sequence_next(kiln::Sequence* sequence);
int64_t kiln_sequence_current(const kiln::Sequence* sequence);
int64_t kiln_sequence_last();
int64_t kiln_sequence_set(kiln::Sequence* sequence, int64_t value, bool isCalled);

// current_setting(name, missing_ok): false (a NULL) for a name it does not know when missingOk.
bool kiln_current_setting(const GermanString* name, bool missingOk, GermanString* out, StringHeap* arena);
// set_config(name, value, is_local): `name` or `value` null for a NULL (a NULL value resets).
void kiln_set_config(const GermanString* name, const GermanString* value, bool isLocal, GermanString* out, StringHeap* arena);
}
