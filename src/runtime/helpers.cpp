#include "runtime/helpers.h"

#include "common/statement_interrupt.h"

#include <algorithm>
#include <atomic>
#include <cctype>
#include <cmath>
#include <cstddef>
#include <cstring>
#include <random>
#include <string>
#include <vector>

#include <openssl/evp.h>
#include <pthread.h>

#include "common/array_text.h"
#include "common/date.h"
#include "common/decimal.h"
#include "common/hash_mix.h"
#include "common/interval.h"
#include "common/time_of_day.h"
#include "common/timestamp.h"
#include "common/timestamp_tz.h"
#include "common/transaction_clock.h"
#include "common/unaligned.h"
#include "common/utf8.h"
#include "common/value.h"
#include "runtime/parallel_sort.h"
#include "runtime/string_results.h"
#include "runtime/worker_pool.h"

using namespace kiln;

namespace {

SqlType typeOf(int32_t typeId) { return SqlType{TypeId(typeId)}; }

/// PostgreSQL's limit on a computed string (a value of at most 1 GB, header included).
void checkResultSize(int64_t count, int64_t bytesEach) {
   int64_t bytes;
   if (__builtin_mul_overflow(count, bytesEach, &bytes) || bytes > 0x3FFFFFFF - 4) throw Error("54000", "requested length too large");
}

void checkLogarithmArgument(double x) {
   if (x == 0.0) throw Error("2201E", "cannot take logarithm of zero");
   if (x < 0.0) throw Error("2201E", "cannot take logarithm of a negative number");
}

}  // namespace

extern "C" {

void kiln_error(int32_t code) {
   switch (RuntimeError(code)) {
      case RuntimeError::DivisionByZero: throw Error("22012", "division by zero");
      case RuntimeError::SmallIntOutOfRange: throw Error("22003", "smallint out of range");
      case RuntimeError::IntegerOutOfRange: throw Error("22003", "integer out of range");
      case RuntimeError::BigIntOutOfRange: throw Error("22003", "bigint out of range");
      case RuntimeError::NumericOverflow: throw Error("22003", "numeric field overflow");
      case RuntimeError::DoubleOutOfRange: throw Error("22003", "value out of range: overflow");
      case RuntimeError::RealOutOfRange: throw Error("22003", "value out of range: overflow");
      case RuntimeError::FloatUnderflow: throw Error("22003", "value out of range: underflow");
      case RuntimeError::SubqueryReturnedRows: throw Error("21000", "more than one row returned by a subquery used as an expression");
      case RuntimeError::NtileNotPositive: throw Error("22014", "argument of ntile must be greater than zero");
      case RuntimeError::DateOutOfRangeForTimestamp: throw Error("22008", "date out of range for timestamp");
      case RuntimeError::NullArrayStart: throw Error("22004", "initial position must not be null");
      case RuntimeError::DateOutOfRange: throw Error("22008", "date out of range");
      case RuntimeError::IntervalOutOfRange: throw Error("22008", "interval out of range");
      case RuntimeError::CannotSubtractInfiniteDates: throw Error("22008", "cannot subtract infinite dates");
      case RuntimeError::InfiniteExtractField:
         // PostgreSQL's numeric holds the answer, Infinity; kiln's decimals cannot (date_part's double can).
         throw Error("0A000", "extract of this field from an infinite date or timestamp is not supported: use date_part");
      case RuntimeError::NthValueNotPositive: throw Error("22016", "argument of nth_value must be greater than zero");
   }
   throw Error("XX000", "unknown run-time error");
}

char* kiln_rowbuffer_append(RowBuffer* buffer) { return buffer->append(); }

const int64_t* kiln_index_probe(IndexProbe* probe, const char* keyRow, uint64_t* count) { return probe->find(keyRow, count); }

void kiln_index_prefetch(const Table*, const UniqueIndex* index, const char* keyRow) { index->prefetch(keyRow); }

uint64_t kiln_index_lookup_list(const Table* table, const UniqueIndex* index, const char* keyRows, uint64_t count, uint64_t rowSize, int64_t* found) {
   for (uint64_t i = 0; i < count; ++i) index->prefetch(keyRows + i * rowSize);
   uint64_t n = 0;
   for (uint64_t i = 0; i < count; ++i)
      if (int64_t row = index->find(*table, keyRows + i * rowSize); row >= 0) found[n++] = row;
   std::sort(found, found + n);
   return uint64_t(std::unique(found, found + n) - found);
}

int64_t kiln_index_lookup(const Table* table, const UniqueIndex* index, const char* keyRow) { return index->find(*table, keyRow); }

char** kiln_rowbuffer_rows(RowBuffer* buffer) { return buffer->rows(); }

uint64_t kiln_rowbuffer_size(RowBuffer* buffer) { return buffer->size(); }

char* kiln_hashtable_insert(ChainedHashTable* table, uint64_t hash) { return table->insert(hash); }
char* kiln_hashtable_append(ChainedHashTable* table, uint64_t hash) { return table->append(hash); }
void kiln_hashtable_adopt(ChainedHashTable* table, char* entry) { table->adopt(entry); }

static_assert(offsetof(GroupsInKeyOrder, inOrder) == GroupsInKeyOrder::inOrderOffset);

char* kiln_group_in_key_order(GroupsInKeyOrder* groups, ChainedHashTable* table, int64_t key, uint64_t hash) {
   if (groups->lastEntry && key == groups->lastKey) return groups->lastEntry;
   if (groups->lastEntry && key < groups->lastKey) {
      table->finishBuild();
      groups->inOrder = 0;
      return nullptr;
   }
   groups->lastEntry = table->append(hash);
   groups->lastKey = key;
   return groups->lastEntry;
}

bool kiln_distinct_insert(DistinctSets* sets, void** set, const void* value, int32_t width, int32_t kind) {
   switch (kiln::DistinctKind(kind)) {
      case kiln::DistinctKind::Bytes: return sets->insert(set, std::string_view(static_cast<const char*>(value), size_t(width)));
      case kiln::DistinctKind::String: return sets->insert(set, static_cast<const GermanString*>(value)->view());
      case kiln::DistinctKind::Numeric: {
         // The packed bytes without the display scale: equal values, equal bytes.
         std::string bytes(static_cast<const GermanString*>(value)->view());
         if (bytes.size() >= 4) bytes[2] = bytes[3] = 0;
         return sets->insert(set, bytes);
      }
      case kiln::DistinctKind::NumericArray:
         return sets->insert(set, kiln::array_text::equalityText(static_cast<const GermanString*>(value)->view(), kiln::SqlType::numeric()));
   }
   return false;
}

void kiln_sort(RowBuffer* buffer, int32_t (*compare)(const char*, const char*), uint64_t keep) {
   auto& rows = buffer->rowVector();
   if (keep < rows.size()) stableTopRows(rows, compare, keep, StatementThreads::current());
   else stableSortRows(rows, compare, StatementThreads::current());
}

bool kiln_string_equal(const GermanString* a, const GermanString* b) {
   if (a->length != b->length) return false;
   const char *x = a->data(), *y = b->data();
   size_t n = a->length;
   if (n < sizeof(uint64_t) || x == y) return std::memcmp(x, y, n) == 0;
   // Word by word, the last word overlapping the one before: no call for the few words of a key.
   for (size_t i = 0; i + sizeof(uint64_t) < n; i += sizeof(uint64_t))
      if (loadUnaligned<uint64_t>(x + i) != loadUnaligned<uint64_t>(y + i)) return false;
   return loadUnaligned<uint64_t>(x + n - sizeof(uint64_t)) == loadUnaligned<uint64_t>(y + n - sizeof(uint64_t));
}

int32_t kiln_string_compare(const GermanString* a, const GermanString* b) {
   uint32_t n = std::min(a->length, b->length);
   int c = std::memcmp(a->data(), b->data(), n);
   if (c != 0) return c < 0 ? -1 : 1;
   return a->length == b->length ? 0 : a->length < b->length ? -1 : 1;
}

uint64_t kiln_string_hash(const GermanString* s) { return hashBytes(s->data(), s->length); }

bool kiln_like(const GermanString* s, const GermanString* pattern, bool caseInsensitive, int32_t padTo) {
   return likeMatches(s->view(), pattern->view(), caseInsensitive, padTo);
}

bool kiln_like_pattern(const LikePattern* pattern, const GermanString* s) { return pattern->matches(s->view()); }

void kiln_concat(const GermanString* a, const GermanString* b, GermanString* out, StringHeap* arena) {
   size_t n = size_t(a->length) + b->length;
   char* target = arena->allocate(n);
   std::memcpy(target, a->data(), a->length);
   std::memcpy(target + a->length, b->data(), b->length);
   *out = GermanString::make(std::string_view(target, n));
}

void kiln_substring(const GermanString* s, int64_t from, int64_t count, bool hasCount, GermanString* out, StringHeap* arena) {
   // PostgreSQL: characters [from, from + count) with 1-based from, clipped to the string.
   std::string_view v = s->view();
   if (hasCount && count < 0) throw Error("22011", "negative substring length not allowed");
   int64_t start = from, end = INT64_MAX;
   if (hasCount && __builtin_add_overflow(from, count, &end)) end = INT64_MAX;
   start = std::max<int64_t>(start, 1);
   if (end <= start) {
      *out = GermanString::make("");
      return;
   }
   size_t b = byteOffset(v, start - 1);
   size_t e = end == INT64_MAX ? v.size() : byteOffset(v, end - 1);
   storeStringView(out, v.substr(b, e - b));
   (void)arena;
}

void kiln_upper(const GermanString* s, GermanString* out, StringHeap* arena) {
   std::string text(s->view());
   // ASCII letters only, as PostgreSQL in locale C: non-ASCII bytes stay as they are.
   for (char& c : text)
      if (c >= 'a' && c <= 'z') c = char(c - 'a' + 'A');
   storeString(out, text, arena);
}

void kiln_lower(const GermanString* s, GermanString* out, StringHeap* arena) {
   std::string text(s->view());
   for (char& c : text)
      if (c >= 'A' && c <= 'Z') c = char(c - 'A' + 'a');
   storeString(out, text, arena);
}

int32_t kiln_length(const GermanString* s) { return int32_t(characterCount(s->view())); }

void kiln_trim(const GermanString* s, const GermanString* characters, int32_t sides, GermanString* out) {
   std::string_view v = s->view();
   std::string_view set = characters ? characters->view() : std::string_view(" ");
   // The set's characters, whole (UTF-8): trimming removes characters, not bytes.
   std::vector<std::string_view> members;
   for (size_t i = 0; i < set.size();) {
      size_t n = 1;
      while (i + n < set.size() && (static_cast<unsigned char>(set[i + n]) & 0xC0) == 0x80) ++n;
      members.push_back(set.substr(i, n));
      i += n;
   }
   auto trimOnce = [&](bool front) {
      for (std::string_view m : members) {
         if (front ? v.starts_with(m) : v.ends_with(m)) {
            front ? v.remove_prefix(m.size()) : v.remove_suffix(m.size());
            return true;
         }
      }
      return false;
   };
   if (sides & 1)
      while (!v.empty() && trimOnce(true)) {}
   if (sides & 2)
      while (!v.empty() && trimOnce(false)) {}
   storeStringView(out, v);
}

int32_t kiln_position(const GermanString* haystack, const GermanString* needle) {
   std::string_view h = haystack->view();
   size_t at = h.find(needle->view());
   return at == std::string_view::npos ? 0 : int32_t(characterCount(h.substr(0, at)) + 1);
}

void kiln_replace(const GermanString* s, const GermanString* from, const GermanString* to, GermanString* out, StringHeap* arena) {
   std::string_view v = s->view(), f = from->view(), t = to->view();
   if (f.empty()) {
      storeStringView(out, v);
      return;
   }
   std::string result;
   size_t pos = 0;
   while (true) {
      size_t at = v.find(f, pos);
      if (at == std::string_view::npos) break;
      result.append(v.substr(pos, at - pos));
      result.append(t);
      pos = at + f.size();
   }
   result.append(v.substr(pos));
   storeString(out, result, arena);
}

void kiln_left(const GermanString* s, int64_t n, bool right, GermanString* out) {
   std::string_view v = s->view();
   int64_t length = characterCount(v);
   int64_t keep = n >= 0 ? std::min(n, length) : std::max<int64_t>(0, length + n);
   if (!right) storeStringView(out, v.substr(0, byteOffset(v, keep)));
   else storeStringView(out, v.substr(byteOffset(v, length - keep)));
}

void kiln_concat_all(const GermanString* separator, const GermanString* strings, const bool* nulls, int32_t count, GermanString* out, StringHeap* arena) {
   std::string result;
   bool first = true;
   for (int32_t i = 0; i < count; ++i) {
      if (nulls[i]) continue;
      if (separator && !first) result.append(separator->view());
      result.append(strings[i].view());
      first = false;
   }
   storeString(out, result, arena);
}

void kiln_pad(const GermanString* s, int64_t length, const GermanString* fill, bool right, GermanString* out, StringHeap* arena) {
   std::string_view v = s->view(), f = fill ? fill->view() : std::string_view(" ");
   if (length <= 0) {
      *out = GermanString::make("");
      return;
   }
   // A string at least that long is cut to `length` characters (at the end, also for lpad), as
   // is any string when there is nothing to pad with.
   auto cut = [&] { storeStringView(out, v.substr(0, byteOffset(v, length))); };
   if (f.empty()) return cut();
   // PostgreSQL reserves room for `length` characters of the longest UTF-8 form.
   checkResultSize(length, 4);
   int64_t have = characterCount(v);
   if (have >= length) return cut();
   std::string padding;
   for (size_t at = 0; have < length; ++have) {
      size_t n = byteOffset(f.substr(at), 1);
      padding.append(f.substr(at, n));
      at = at + n == f.size() ? 0 : at + n;
   }
   storeString(out, right ? std::string(v) + padding : padding + std::string(v), arena);
}

void kiln_split_part(const GermanString* s, const GermanString* delimiter, int64_t field, GermanString* out) {
   if (field == 0) throw Error("22023", "field position must not be zero");
   std::string_view v = s->view(), d = delimiter->view();
   // An empty string has no fields; an empty delimiter makes the whole string the only one.
   std::vector<std::string_view> fields;
   if (!v.empty()) {
      size_t start = 0;
      for (size_t at; !d.empty() && (at = v.find(d, start)) != std::string_view::npos; start = at + d.size()) fields.push_back(v.substr(start, at - start));
      fields.push_back(v.substr(start));
   }
   // A negative field counts from the end.
   int64_t index = field > 0 ? field - 1 : int64_t(fields.size()) + field;
   storeStringView(out, index >= 0 && index < int64_t(fields.size()) ? fields[size_t(index)] : std::string_view());
}

void kiln_reverse(const GermanString* s, GermanString* out, StringHeap* arena) {
   // Character by character: a UTF-8 sequence keeps its bytes' order.
   std::string_view v = s->view();
   std::string result;
   result.reserve(v.size());
   for (size_t end = v.size(); end > 0;) {
      size_t start = end - 1;
      while (start > 0 && (static_cast<unsigned char>(v[start]) & 0xC0) == 0x80) --start;
      result.append(v.substr(start, end - start));
      end = start;
   }
   storeString(out, result, arena);
}

void kiln_repeat(const GermanString* s, int64_t count, GermanString* out, StringHeap* arena) {
   std::string_view v = s->view();
   if (count <= 0 || v.empty()) {
      *out = GermanString::make("");
      return;
   }
   checkResultSize(count, int64_t(v.size()));
   std::string result;
   result.reserve(size_t(count) * v.size());
   for (int64_t i = 0; i < count; ++i) result.append(v);
   storeString(out, result, arena);
}

void kiln_initcap(const GermanString* s, GermanString* out, StringHeap* arena) {
   // Words are runs of ASCII letters and digits, as PostgreSQL's initcap in locale C (which kiln
   // follows): case changes only ASCII letters, as upper() and lower() do, and other characters
   // (non-ASCII ones too) end a word.
   std::string text(s->view());
   bool inWord = false;
   for (char& c : text) {
      auto u = static_cast<unsigned char>(c);
      if (u >= 'A' && u <= 'Z' && inWord) c = char(u - 'A' + 'a');
      else if (u >= 'a' && u <= 'z' && !inWord) c = char(u - 'a' + 'A');
      inWord = (u >= 'A' && u <= 'Z') || (u >= 'a' && u <= 'z') || (u >= '0' && u <= '9');
   }
   storeString(out, text, arena);
}

bool kiln_starts_with(const GermanString* s, const GermanString* prefix) { return s->view().starts_with(prefix->view()); }

void kiln_md5(const GermanString* s, GermanString* out, StringHeap* arena) {
   unsigned char digest[EVP_MAX_MD_SIZE];
   unsigned int size = 0;
   std::string_view v = s->view();
   if (!EVP_Digest(v.data(), v.size(), digest, &size, EVP_md5(), nullptr)) throw Error("XX000", "md5 failed");
   static constexpr char hex[] = "0123456789abcdef";
   std::string text;
   for (unsigned int i = 0; i < size; ++i) text += {hex[digest[i] >> 4], hex[digest[i] & 15]};
   storeString(out, text, arena);
}

int32_t kiln_ascii(const GermanString* s) {
   // The code point of the first character.
   std::string_view v = s->view();
   if (v.empty()) return 0;
   auto lead = static_cast<unsigned char>(v[0]);
   size_t continuations = lead < 0x80 ? 0 : lead < 0xE0 ? 1 : lead < 0xF0 ? 2 : 3;
   int32_t code = continuations ? lead & (0x3F >> continuations) : lead;
   for (size_t i = 1; i <= continuations && i < v.size(); ++i) code = code << 6 | (v[i] & 0x3F);
   return code;
}

void kiln_chr(int64_t code, GermanString* out) {
   if (code < 0) throw Error("22023", "character number must be positive");
   if (code == 0) throw Error("54000", "null character not permitted");
   if (code > 0x10FFFF) throw Error("54000", "requested character too large for encoding: " + std::to_string(code));
   if (code >= 0xD800 && code <= 0xDFFF) throw Error("54000", "requested character not valid for encoding: " + std::to_string(code));
   char bytes[4];
   size_t n;
   auto c = uint32_t(code);
   if (c < 0x80) {
      bytes[0] = char(c);
      n = 1;
   } else if (c < 0x800) {
      bytes[0] = char(0xC0 | c >> 6);
      bytes[1] = char(0x80 | (c & 0x3F));
      n = 2;
   } else if (c < 0x10000) {
      bytes[0] = char(0xE0 | c >> 12);
      bytes[1] = char(0x80 | (c >> 6 & 0x3F));
      bytes[2] = char(0x80 | (c & 0x3F));
      n = 3;
   } else {
      bytes[0] = char(0xF0 | c >> 18);
      bytes[1] = char(0x80 | (c >> 12 & 0x3F));
      bytes[2] = char(0x80 | (c >> 6 & 0x3F));
      bytes[3] = char(0x80 | (c & 0x3F));
      n = 4;
   }
   storeStringView(out, std::string_view(bytes, n));
}

void kiln_string_fit(GermanString* s, int32_t typeId, int32_t length, bool explicitCast) {
   SqlType type{TypeId(typeId), 0, 0, uint32_t(length)};
   std::string_view v = s->view();
   if (explicitCast && length && characterCount(v) > length) v = v.substr(0, byteOffset(v, length));
   storeStringView(s, text::fitString(v, type));
}

int64_t kiln_parse_integer(const GermanString* s, int32_t typeId) { return text::parseInteger(s->view(), typeOf(typeId)); }

__int128 kiln_parse_decimal(const GermanString* s, int32_t precision, int32_t scale) {
   return text::parseDecimal(s->view(), SqlType::decimal(unsigned(precision), unsigned(scale)));
}

double kiln_parse_double(const GermanString* s, int32_t typeId) { return text::parseDouble(s->view(), typeOf(typeId)); }

int32_t kiln_parse_date(const GermanString* s) { return text::parseDate(s->view()); }

bool kiln_parse_bool(const GermanString* s) { return text::parseBool(s->view()); }

void kiln_parse_interval(const GermanString* s, Interval* out) { *out = text::parseInterval(s->view()); }

void kiln_format_integer(int64_t value, GermanString* out, StringHeap* arena) { storeString(out, std::to_string(value), arena); }

void kiln_format_decimal(__int128 value, int32_t scale, GermanString* out, StringHeap* arena) {
   storeString(out, decimal::format(value, unsigned(scale)), arena);
}

void kiln_format_double(double value, bool single, GermanString* out, StringHeap* arena) { storeString(out, text::formatDouble(value, single), arena); }

void kiln_format_date(int32_t days, GermanString* out, StringHeap* arena) { storeString(out, date::format(days), arena); }

void kiln_format_bool(bool value, GermanString* out) { *out = GermanString::make(value ? "true" : "false"); }

void kiln_format_interval(const Interval* value, GermanString* out, StringHeap* arena) { storeString(out, interval::format(*value), arena); }

bool kiln_mul128_overflows(__int128 a, __int128 b, __int128* out) { return __builtin_mul_overflow(a, b, out); }

void kiln_multiply_words(uint64_t* out, uint64_t aLow, uint64_t aHigh, uint64_t bLow, uint64_t bHigh) {
   unsigned __int128 a = (static_cast<unsigned __int128>(aHigh) << 64) | aLow, b = (static_cast<unsigned __int128>(bHigh) << 64) | bLow;
   unsigned __int128 product = a * b;
   out[0] = uint64_t(product);
   out[1] = uint64_t(product >> 64);
}

__int128 kiln_decimal_divide(__int128 a, __int128 b, int32_t scaleUp) {
   if (b == 0) kiln_error(int32_t(RuntimeError::DivisionByZero));
   __int128 quotient;
   if (!decimal::divideScaled(a, b, unsigned(scaleUp), quotient)) kiln_error(int32_t(RuntimeError::NumericOverflow));
   return quotient;
}

__int128 kiln_i128_mod(__int128 a, __int128 b) {
   if (b == 0) kiln_error(int32_t(RuntimeError::DivisionByZero));
   if (b == -1) return 0;
   return a % b;
}

__int128 kiln_i128_div_rounded(__int128 a, __int128 b) { return decimal::divideRounded(a, b); }

__int128 kiln_i128_div_floor(__int128 a, __int128 b, bool ceiling) {
   __int128 q = a / b, r = a % b;
   if (r != 0 && !ceiling && a < 0) --q;
   if (r != 0 && ceiling && a > 0) ++q;
   return q;
}

void kiln_check_interrupt() { StatementInterrupt::check(); }

double kiln_random() {
   // A forked child (a snapshot query) would repeat its parent's sequence: it seeds anew.
   static std::atomic<uint64_t> forks = [] {
      pthread_atfork(nullptr, nullptr, [] { forks.fetch_add(1, std::memory_order_relaxed); });
      return uint64_t(0);
   }();
   thread_local uint64_t seededAfter = UINT64_MAX;
   thread_local std::mt19937_64 generator;
   uint64_t current = forks.load(std::memory_order_relaxed);
   if (seededAfter != current) {
      generator.seed(std::random_device{}());
      seededAfter = current;
   }
   // The top 53 bits, scaled: every double of the form k / 2^53, uniformly.
   return double(generator() >> 11) * 0x1.0p-53;
}

double kiln_sqrt(double x) {
   if (x < 0) throw Error("2201F", "cannot take square root of a negative number");
   return std::sqrt(x);
}

double kiln_cbrt(double x) { return std::cbrt(x); }

double kiln_exp(double x) {
   if (std::isnan(x) || std::isinf(x)) return std::exp(x);
   double result = std::exp(x);
   if (std::isinf(result)) throw Error("22003", "value out of range: overflow");
   if (result == 0.0) throw Error("22003", "value out of range: underflow");
   return result;
}

double kiln_ln(double x) {
   checkLogarithmArgument(x);
   return std::log(x);
}

double kiln_log10(double x) {
   checkLogarithmArgument(x);
   return std::log10(x);
}

double kiln_log_base(double base, double x) {
   // PostgreSQL has only log(numeric, numeric); a base of 1 divides by ln(1) = 0.
   checkLogarithmArgument(base);
   checkLogarithmArgument(x);
   if (base == 1.0) kiln_error(int32_t(RuntimeError::DivisionByZero));
   // In long double, so that exact powers come out exact: log(10, 1000) is 3, not 2.9999999999999996.
   return double(std::log(static_cast<long double>(x)) / std::log(static_cast<long double>(base)));
}

double kiln_power(double x, double y) {
   // NaN and infinite operands follow POSIX pow() (1 ^ NaN = NaN ^ 0 = 1), as in PostgreSQL;
   // only finite results are checked.
   if (std::isnan(x) || std::isnan(y)) return std::pow(x, y);
   if (x == 0.0 && y < 0.0) throw Error("2201F", "zero raised to a negative power is undefined");
   if (x < 0.0 && std::floor(y) != y) throw Error("2201F", "a negative number raised to a non-integer power yields a complex result");
   double result = std::pow(x, y);
   if (std::isinf(x) || std::isinf(y)) return result;
   if (std::isinf(result)) throw Error("22003", "value out of range: overflow");
   if (result == 0.0 && x != 0.0) throw Error("22003", "value out of range: underflow");
   return result;
}

double kiln_i128_to_double(__int128 value, int32_t scale) {
   // Through the exact decimal text: correctly rounded, like PostgreSQL's numeric -> float8.
   return std::strtod(decimal::format(value, unsigned(scale)).c_str(), nullptr);
}

__int128 kiln_double_to_decimal(double value, int32_t precision, int32_t scale) {
   return text::parseDecimal(text::formatDouble(value, false), SqlType::decimal(unsigned(precision), unsigned(scale)));
}

int32_t kiln_extract(int32_t days, int32_t field) {
   if (!date::isFinite(days)) return 0;  // the field is NULL or ±Infinity (codegen/datetime_expressions.cpp)
   int64_t y;
   unsigned m, d;
   date::toCivil(days, y, m, d);
   switch (field) {
      case 0: return int32_t(y > 0 ? y : y - 1);  // there is no year 0: 1 BC is -1
      case 1: return int32_t(m);
      case 2: return int32_t(d);
      case 3: return int32_t((m - 1) / 3 + 1);
      case 4: return int32_t(((int64_t(days) + 6) % 7 + 7) % 7);  // 2000-01-01 was a Saturday (6)
      case 5: return days - date::fromCivil(y, 1, 1) + 1;
      // Decades, centuries and millennia as PostgreSQL counts them (year 0 is 1 BC).
      case 9: return int32_t(y >= 0 ? y / 10 : -((8 - (y - 1)) / 10));
      case 10: return int32_t(y > 0 ? (y + 99) / 100 : -((99 - (y - 1)) / 100));
      case 11: return int32_t(y > 0 ? (y + 999) / 1000 : -((999 - (y - 1)) / 1000));
   }
   // The ISO 8601 week date: weeks start on Monday, and week 1 holds its year's first Thursday.
   int32_t weekday = int32_t(((int64_t(days) + 6) % 7 + 7) % 7);
   int32_t isoWeekday = weekday == 0 ? 7 : weekday;
   int32_t thursday = days - (isoWeekday - 4);
   int64_t isoYear;
   date::toCivil(thursday, isoYear, m, d);
   if (field == 6) return (thursday - date::fromCivil(isoYear, 1, 1)) / 7 + 1;
   if (field == 7) return isoWeekday;
   return int32_t(isoYear > 0 ? isoYear : isoYear - 1);
}

int64_t kiln_date_add_interval_micros(int32_t days, const Interval* interval, int32_t sign) {
   return timestamp::addInterval(timestamp::fromDate(days), *interval, sign);
}

int64_t kiln_parse_moment(const GermanString* s, int32_t typeId) { return text::parseMoment(s->view(), typeOf(typeId)); }

void kiln_format_timestamp(int64_t micros, GermanString* out, StringHeap* arena) { storeString(out, timestamp::format(micros), arena); }

int64_t kiln_timestamp_add_interval(int64_t micros, const Interval* interval, int32_t sign) { return timestamp::addInterval(micros, *interval, sign); }

void kiln_timestamp_difference(int64_t a, int64_t b, Interval* out) { *out = timestamp::difference(a, b); }

void kiln_timestamp_age(int64_t a, int64_t b, Interval* out) { *out = timestamp::age(a, b); }

void kiln_justify_interval(const Interval* value, bool days, bool hours, Interval* out) { *out = interval::justify(*value, days, hours); }

__int128 kiln_interval_extract(const Interval* value, int32_t field) {
   int64_t years = value->months / 12, months = value->months % 12, micros = value->micros;
   switch (field) {
      case 0: {  // the epoch in microseconds: a year 365.25 days, a month 30
         constexpr __int128 microsPerDay = interval::microsPerDay;
         return __int128(micros) + value->days * microsPerDay + years * (microsPerDay * 36525 / 100) + months * 30 * microsPerDay;
      }
      case 1: return years;
      case 2: return months;
      case 3: return value->days;
      case 4: return micros / timestamp::microsPerHour;
      case 5: return micros / timestamp::microsPerMinute % 60;
      case 6:
      case 7:
      case 8: return micros % timestamp::microsPerMinute;  // seconds, milliseconds, microseconds: the scale decides
      case 9: return months / 3 + 1;
      case 10: return years / 10;
      case 11: return years / 100;
      case 12: return years / 1000;
   }
   return 0;
}

void kiln_interval_scale(const Interval* value, double factor, bool divide, Interval* out) { *out = interval::scale(*value, factor, divide); }

int64_t kiln_timestamp_field(int64_t micros, int32_t field) {
   int64_t time = timestamp::timeOfDay(micros);
   switch (field) {
      case 0: return time / (3600 * interval::microsPerSecond);
      case 1: return time / (60 * interval::microsPerSecond) % 60;
      default: return time % (60 * interval::microsPerSecond);
   }
}

int64_t kiln_date_trunc(int64_t micros, int32_t unit) { return timestamp::truncate(micros, timestamp::Unit(unit)); }

int64_t kiln_round_moment(int64_t micros, int32_t digits) { return timestamp::round(micros, unsigned(digits)); }

void kiln_format_timestamptz(int64_t utc, GermanString* out, StringHeap* arena) { storeString(out, timestamptz::format(utc, TimeZone::current()), arena); }

int64_t kiln_timestamptz_add_interval(int64_t utc, const Interval* interval, int32_t sign) {
   return timestamptz::addInterval(utc, *interval, sign, TimeZone::current());
}

int64_t kiln_timestamptz_trunc(int64_t utc, int32_t unit) { return timestamptz::truncate(utc, timestamp::Unit(unit), TimeZone::current()); }

int64_t kiln_date_to_timestamptz(int32_t days) { return timestamptz::fromDate(days, TimeZone::current()); }

int64_t kiln_date_to_timestamptz_for_comparison(int32_t days) { return timestamptz::fromDateForComparison(days, TimeZone::current()); }

int32_t kiln_timestamptz_to_date(int64_t utc) { return timestamptz::toDate(utc, TimeZone::current()); }

int64_t kiln_timestamp_to_timestamptz(int64_t local) { return timestamptz::fromTimestamp(local, TimeZone::current()); }

int64_t kiln_timestamptz_to_timestamp(int64_t utc) { return timestamptz::toTimestamp(utc, TimeZone::current()); }

int64_t kiln_timestamptz_to_time(int64_t utc) {
   // Of the local time, which may be past the timestamp range; an infinity's is NULL (SqlOps::cast).
   return timestamp::isFinite(utc) ? timestamp::timeOfDay(TimeZone::current().toLocal(utc)) : 0;
}

void kiln_format_time(int64_t time, GermanString* out, StringHeap* arena) { storeString(out, time_of_day::format(time), arena); }

int64_t kiln_time_add_interval(int64_t time, const Interval* interval, int32_t sign) { return time_of_day::addInterval(time, *interval, sign); }

int64_t kiln_transaction_timestamp() { return TransactionClock::now(); }

int64_t kiln_next_identity(int64_t* counter) { return (*counter)++; }
}
