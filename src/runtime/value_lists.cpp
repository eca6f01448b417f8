#include "runtime/value_lists.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <numeric>

#include "common/german_string.h"
#include "common/packed_numeric.h"
#include "kiln/kiln.h"
#include "runtime/helpers.h"

namespace kiln {

namespace {

template <typename T>
T valueAt(const char* bytes) {
   T value;
   std::memcpy(&value, bytes, sizeof(T));
   return value;
}

}  // namespace

bool ValueLists::less(PhysicalType type, const char* a, const char* b) {
   switch (type) {
      case PhysicalType::Bool: return valueAt<uint8_t>(a) < valueAt<uint8_t>(b);
      case PhysicalType::Int16: return valueAt<int16_t>(a) < valueAt<int16_t>(b);
      case PhysicalType::Int32: return valueAt<int32_t>(a) < valueAt<int32_t>(b);
      case PhysicalType::Int64: return valueAt<int64_t>(a) < valueAt<int64_t>(b);
      case PhysicalType::Int128: return valueAt<__int128>(a) < valueAt<__int128>(b);
      case PhysicalType::Float: {
         float x = valueAt<float>(a), y = valueAt<float>(b);
         return std::isnan(x) ? false : std::isnan(y) || x < y;
      }
      case PhysicalType::Double: {
         double x = valueAt<double>(a), y = valueAt<double>(b);
         return std::isnan(x) ? false : std::isnan(y) || x < y;
      }
      case PhysicalType::Interval: {
         // As PostgreSQL compares intervals: a month is 30 days.
         auto key = [](const char* bytes) {
            Interval v = valueAt<Interval>(bytes);
            return (__int128(v.months) * 30 + v.days) * 86'400'000'000LL + v.micros;
         };
         return key(a) < key(b);
      }
      case PhysicalType::String: return kiln_string_compare(reinterpret_cast<const GermanString*>(a), reinterpret_cast<const GermanString*>(b)) < 0;
      case PhysicalType::Numeric: return packed_numeric::compare(valueAt<GermanString>(a), valueAt<GermanString>(b)) < 0;
   }
   return false;
}

void ValueLists::append(List** list, const void* value, uint32_t width, bool copyBytes) {
   if (!*list) {
      lists_.emplace_back();
      *list = &lists_.back();
      (*list)->width = width;
   }
   std::vector<char>& bytes = (*list)->bytes;
   size_t at = bytes.size();
   bytes.resize(at + width);
   std::memcpy(bytes.data() + at, value, width);
   if (copyBytes) {
      GermanString s;
      std::memcpy(&s, value, sizeof(s));
      if (!s.isInline()) {
         s = GermanString::make(strings_.store(s.view()));
         std::memcpy(bytes.data() + at, &s, sizeof(s));
      }
   }
}

void ValueLists::sort(List& list, PhysicalType type, bool descending) {
   if (list.sorted) return;
   size_t count = list.bytes.size() / list.width;
   std::vector<uint32_t> order(count);
   std::iota(order.begin(), order.end(), 0u);
   const char* base = list.bytes.data();
   uint32_t width = list.width;
   std::stable_sort(order.begin(), order.end(), [&](uint32_t x, uint32_t y) {
      return descending ? less(type, base + size_t(y) * width, base + size_t(x) * width) : less(type, base + size_t(x) * width, base + size_t(y) * width);
   });
   std::vector<char> sorted(list.bytes.size());
   for (size_t i = 0; i < count; ++i) std::memcpy(sorted.data() + i * width, base + size_t(order[i]) * width, width);
   list.bytes = std::move(sorted);
   list.sorted = true;
}

}  // namespace kiln

namespace {

using kiln::ValueLists;

void checkFraction(double fraction) {
   if (!(fraction >= 0 && fraction <= 1)) {
      char text[64];
      std::snprintf(text, sizeof(text), "%g", fraction);
      throw kiln::Error("22003", std::string("percentile value ") + text + " is not between 0 and 1");
   }
}

}  // namespace

extern "C" {

void kiln_value_list_append(ValueLists* lists, ValueLists::List** list, const void* value, int32_t width, bool copyBytes) {
   lists->append(list, value, uint32_t(width), copyBytes);
}

double kiln_percentile_cont(ValueLists::List* list, double fraction, bool descending) {
   checkFraction(fraction);
   ValueLists::sort(*list, kiln::PhysicalType::Double, descending);
   const double* values = reinterpret_cast<const double*>(list->bytes.data());
   size_t count = list->bytes.size() / sizeof(double);
   // As PostgreSQL: between the values at floor and ceil of fraction * (count - 1).
   double position = fraction * double(count - 1);
   size_t first = size_t(std::floor(position)), second = size_t(std::ceil(position));
   double low = values[first], high = values[second];
   return first == second ? low : low + (high - low) * (position - double(first));
}

const void* kiln_percentile_disc(ValueLists::List* list, int32_t type, bool descending, double fraction) {
   checkFraction(fraction);
   ValueLists::sort(*list, kiln::PhysicalType(type), descending);
   size_t count = list->bytes.size() / list->width;
   // The first value whose position in the order reaches the fraction.
   double position = std::ceil(fraction * double(count));
   size_t row = position <= 1 ? 0 : std::min(count, size_t(position)) - 1;
   return list->bytes.data() + row * list->width;
}

const void* kiln_mode(ValueLists::List* list, int32_t type, bool descending) {
   auto physical = kiln::PhysicalType(type);
   ValueLists::sort(*list, physical, descending);
   size_t count = list->bytes.size() / list->width, width = list->width;
   const char* values = list->bytes.data();
   auto same = [&](size_t i, size_t j) {
      return !ValueLists::less(physical, values + i * width, values + j * width) && !ValueLists::less(physical, values + j * width, values + i * width);
   };
   // The longest run of equal values; of runs as long, the first in the order.
   size_t best = 0, bestLength = 0;
   for (size_t start = 0; start < count;) {
      size_t end = start + 1;
      while (end < count && same(start, end)) ++end;
      if (end - start > bestLength) best = start, bestLength = end - start;
      start = end;
   }
   return values + best * width;
}

}  // extern "C"
