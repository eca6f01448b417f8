// Array input and the array functions, over arrays as their canonical text (common/array_text.h).
#include <cmath>
#include <optional>
#include <string>
#include <unordered_set>

#include "common/array_text.h"
#include "common/hash_mix.h"
#include "common/packed_type.h"
#include "common/physical_type.h"
#include "common/utf8.h"
#include "common/value.h"
#include "runtime/helpers.h"
#include "runtime/string_results.h"

using namespace kiln;

namespace {

/// An element's text in array form: its value read as the element type and written out again
/// (booleans come from casts as "true", arrays hold "t").
std::string elementText(const GermanString* element, uint64_t elementType) {
   return array_text::elementOutput(parseValue(element->view(), unpackType(elementType)));
}

/// -1, 0 or 1 as `a` sorts before, with or after `b`, two non-NULL values of one type.
int compareElements(const Value& a, const Value& b) {
   auto order = [](auto x, auto y) { return x < y ? -1 : y < x ? 1 : 0; };
   switch (physicalTypeOf(a.type)) {
      case PhysicalType::Bool: return order(a.boolean, b.boolean);
      case PhysicalType::Int16:
      case PhysicalType::Int32:
      case PhysicalType::Int64: return a.type.id == TypeId::Decimal ? order(a.decimal, b.decimal) : order(a.integer, b.integer);
      case PhysicalType::Int128: return order(a.decimal, b.decimal);
      case PhysicalType::Float:
      case PhysicalType::Double:
         // NaN after every number, as PostgreSQL sorts it.
         if (std::isnan(a.floating) || std::isnan(b.floating)) return order(std::isnan(a.floating), std::isnan(b.floating));
         return order(a.floating, b.floating);
      case PhysicalType::Interval: {
         auto key = [](const Interval& v) { return (__int128(v.months) * 30 + v.days) * 86'400'000'000LL + v.micros; };
         return order(key(a.interval), key(b.interval));
      }
      case PhysicalType::String: return order(a.string, b.string);
      case PhysicalType::Numeric: return compare(a.numeric(), b.numeric());
   }
   return 0;
}

void storeArray(GermanString* out, const array_text::Elements& elements, StringHeap* arena) { storeString(out, array_text::join(elements), arena); }

}  // namespace

uint64_t kiln_array_hash(const GermanString* array, int64_t elementType) {
   SqlType type = unpackType(uint64_t(elementType));
   std::string text = array_text::equalityText(array->view(), type);
   return mixBits(hashBytes(text.data(), text.size()));
}

int32_t kiln_array_compare(const GermanString* a, const GermanString* b, int64_t elementType) {
   // As PostgreSQL's array_cmp: element by element, a NULL element after any value; then the
   // shorter array first.
   array_text::Elements left = array_text::split(a->view()), right = array_text::split(b->view());
   SqlType type = unpackType(uint64_t(elementType));
   for (size_t i = 0; i < std::min(left.size(), right.size()); ++i) {
      if (!left[i] || !right[i]) {
         if (left[i] || right[i]) return left[i] ? -1 : 1;
         continue;
      }
      if (int c = compareElements(parseValue(*left[i], type), parseValue(*right[i], type))) return c;
   }
   return left.size() < right.size() ? -1 : left.size() > right.size() ? 1 : 0;
}

void kiln_array_from_text(const GermanString* text, int64_t type, bool explicitCast, GermanString* out, StringHeap* arena) {
   storeString(out, array_text::canonical(text->view(), unpackType(uint64_t(type)), explicitCast), arena);
}

void kiln_array_build(const GermanString* elements, const bool* nulls, int32_t count, int64_t elementType, GermanString* out, StringHeap* arena) {
   array_text::Elements list;
   for (int32_t i = 0; i < count; ++i) list.push_back(nulls[i] ? std::nullopt : std::optional<std::string>(elementText(&elements[i], uint64_t(elementType))));
   storeArray(out, list, arena);
}

void kiln_array_element_text(const GermanString* value, int64_t elementType, GermanString* out, StringHeap* arena) {
   SqlType type = unpackType(uint64_t(elementType));
   std::string text;
   // Only booleans (true -> t) and CHAR(n) (padded) differ from their text in an array.
   if (type.id == TypeId::Boolean || type.id == TypeId::Char) array_text::appendElement(text, array_text::elementOutput(parseValue(value->view(), type)));
   else array_text::appendElement(text, value->view());
   storeString(out, text, arena);
}

int32_t kiln_array_unpack(const GermanString* array, GermanString** elements, bool** nulls, StringHeap* arena) {
   array_text::Elements list = array_text::split(array->view());
   *elements = reinterpret_cast<GermanString*>(arena->allocate(list.size() * sizeof(GermanString) + alignof(GermanString)));
   *elements = reinterpret_cast<GermanString*>((reinterpret_cast<uintptr_t>(*elements) + alignof(GermanString) - 1) & ~uintptr_t(alignof(GermanString) - 1));
   *nulls = reinterpret_cast<bool*>(arena->allocate(list.size()));
   for (size_t i = 0; i < list.size(); ++i) {
      (*nulls)[i] = !list[i];
      storeString(&(*elements)[i], list[i] ? std::string_view(*list[i]) : std::string_view(), arena);
   }
   return int32_t(list.size());
}

int32_t kiln_array_cardinality(const GermanString* array) {
   int32_t count = 0;
   array_text::forEachElement(array->view(), [&](std::string_view, bool) { return ++count, true; });
   return count;
}

bool kiln_array_dims(const GermanString* array, GermanString* out, StringHeap* arena) {
   int32_t n = kiln_array_cardinality(array);
   *out = GermanString::make({});  // a NULL result's string is empty, as every NULL string
   if (n == 0) return true;
   storeString(out, "[1:" + std::to_string(n) + "]", arena);
   return false;
}

bool kiln_array_contains(const GermanString* a, const GermanString* b, int64_t elementType, bool overlap) {
   // As PostgreSQL: elements equal as values (here: as their canonical text); a NULL equals nothing.
   SqlType type = unpackType(uint64_t(elementType));
   array_text::Elements left = array_text::split(a->view()), right = array_text::split(b->view());
   std::unordered_set<std::string> inLeft;
   for (auto& e : left)
      if (e) inLeft.insert(*array_text::equalityText(std::move(e), type));
   for (auto& e : right) {
      bool found = e && inLeft.count(*array_text::equalityText(std::move(e), type));
      if (overlap && found) return true;
      if (!overlap && !found) return false;
   }
   return !overlap;
}

void kiln_array_slice(const GermanString* array, int64_t lower, int64_t upper, GermanString* out, StringHeap* arena) {
   array_text::Elements elements = array_text::split(array->view()), slice;
   // The bounds are cut to the array's: [1, n].
   for (int64_t i = std::max<int64_t>(lower, 1); i <= std::min<int64_t>(upper, int64_t(elements.size())); ++i)
      slice.push_back(std::move(elements[size_t(i - 1)]));
   storeArray(out, slice, arena);
}

bool kiln_array_subscript(const GermanString* array, int64_t index, GermanString* out, StringHeap* arena) {
   *out = GermanString::make({});
   std::optional<std::string> element = index < 1 ? std::nullopt : array_text::elementAt(array->view(), size_t(index - 1));
   if (!element) return true;
   storeString(out, *element, arena);
   return false;
}

void kiln_array_to_string(const GermanString* array, const GermanString* separator, const GermanString* nullText, GermanString* out, StringHeap* arena) {
   std::string result;
   bool first = true;
   for (auto& element : array_text::split(array->view())) {
      if (!element && !nullText) continue;
      if (!first) result += separator->view();
      first = false;
      result += element ? std::string_view(*element) : nullText->view();
   }
   storeString(out, result, arena);
}

void kiln_string_to_array(const GermanString* text, const GermanString* separator, const GermanString* nullText, GermanString* out, StringHeap* arena) {
   std::string_view s = text->view();
   array_text::Elements elements;
   auto add = [&](std::string_view piece) { elements.push_back(nullText && piece == nullText->view() ? std::nullopt : std::optional<std::string>(piece)); };
   if (!s.empty()) {
      if (!separator) {
         // No separator: each character.
         for (size_t at = 0; at < s.size();) {
            size_t next = byteOffset(s.substr(at), 1) + at;
            add(s.substr(at, next - at));
            at = next;
         }
      } else if (separator->view().empty()) {
         add(s);
      } else {
         std::string_view sep = separator->view();
         size_t at = 0;
         while (true) {
            size_t found = s.find(sep, at);
            add(s.substr(at, found == std::string_view::npos ? std::string_view::npos : found - at));
            if (found == std::string_view::npos) break;
            at = found + sep.size();
         }
      }
   }
   storeArray(out, elements, arena);
}

void kiln_array_cat(const GermanString* left, const GermanString* right, GermanString* out, StringHeap* arena) {
   array_text::Elements elements = left ? array_text::split(left->view()) : array_text::Elements();
   if (right)
      for (auto& element : array_text::split(right->view())) elements.push_back(std::move(element));
   storeArray(out, elements, arena);
}

void kiln_array_add(const GermanString* array, const GermanString* element, int64_t elementType, bool atEnd, GermanString* out, StringHeap* arena) {
   array_text::Elements elements = array ? array_text::split(array->view()) : array_text::Elements();
   std::optional<std::string> added = element ? std::optional<std::string>(elementText(element, uint64_t(elementType))) : std::nullopt;
   elements.insert(atEnd ? elements.end() : elements.begin(), std::move(added));
   storeArray(out, elements, arena);
}

int32_t kiln_array_position(const GermanString* array, const GermanString* element, int64_t elementType, int64_t start) {
   SqlType type = unpackType(uint64_t(elementType));
   array_text::Elements elements = array_text::split(array->view());
   std::optional<std::string> wanted = array_text::equalityText(
      element ? std::optional<std::string>(elementText(element, uint64_t(elementType))) : std::nullopt, type);
   for (int64_t i = std::max<int64_t>(start, 1); i <= int64_t(elements.size()); ++i)
      if (array_text::equalityText(elements[size_t(i - 1)], type) == wanted) return int32_t(i);
   return 0;
}

void kiln_array_replace(const GermanString* array, const GermanString* element, const GermanString* replacement, int64_t elementType, bool remove,
                        GermanString* out, StringHeap* arena) {
   SqlType type = unpackType(uint64_t(elementType));
   array_text::Elements elements = array_text::split(array->view()), result;
   std::optional<std::string> wanted = array_text::equalityText(
      element ? std::optional<std::string>(elementText(element, uint64_t(elementType))) : std::nullopt, type);
   std::optional<std::string> by = replacement ? std::optional<std::string>(elementText(replacement, uint64_t(elementType))) : std::nullopt;
   for (auto& e : elements) {
      if (array_text::equalityText(e, type) != wanted) result.push_back(std::move(e));
      else if (!remove) result.push_back(by);
   }
   storeArray(out, result, arena);
}
