// The regular expression helpers generated code calls (regex.h does the matching). Positions
// arrive in characters, 1-based, as SQL counts them.
#include "common/utf8.h"
#include "runtime/helpers.h"
#include "runtime/string_results.h"

using namespace kiln;

namespace {

void checkPositive(int64_t value, const char* parameter) {
   if (value <= 0) throw Error("22023", std::string("invalid value for parameter \"") + parameter + "\": " + std::to_string(value));
}

/// The byte where a search from character `start` begins; nullopt past the end of `s`.
std::optional<size_t> searchStart(std::string_view s, int64_t start) {
   checkPositive(start, "start");
   if (start - 1 > characterCount(s)) return std::nullopt;
   return byteOffset(s, start - 1);
}

/// A part found, or an empty string for none: the result is NULL then, but its bytes are still
/// copied with the row.
bool storeFound(GermanString* out, std::optional<std::string_view> found) {
   storeStringView(out, found.value_or(std::string_view()));
   return found.has_value();
}

}  // namespace

extern "C" {

const Regex* kiln_regex_compile(const RegexCache* cache, const GermanString* pattern) { return &cache->get(pattern->view()); }

bool kiln_regex_match(const Regex* regex, const GermanString* s) { return regex->matches(s->view()); }

int32_t kiln_regex_count(const Regex* regex, const GermanString* s, int64_t start) {
   std::optional<size_t> from = searchStart(s->view(), start);
   return from ? int32_t(regex->count(s->view(), *from)) : 0;
}

bool kiln_regex_substr(const Regex* regex, const GermanString* s, int64_t start, int64_t occurrence, int64_t group, GermanString* out) {
   checkPositive(occurrence, "n");
   if (group < 0) throw Error("22023", "invalid value for parameter \"subexpr\": " + std::to_string(group));
   std::optional<size_t> from = searchStart(s->view(), start);
   return storeFound(out, from ? regex->find(s->view(), *from, occurrence, group) : std::nullopt);
}

bool kiln_regex_substring(const Regex* regex, const GermanString* s, GermanString* out) {
   return storeFound(out, regex->find(s->view(), 0, 1, Regex::firstGroupOrMatch));
}

void kiln_regex_replace(const Regex* regex, const GermanString* s, const GermanString* replacement, GermanString* out, StringHeap* arena) {
   storeString(out, regex->replace(s->view(), replacement->view()), arena);
}

}  // extern "C"
