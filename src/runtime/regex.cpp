#include "runtime/regex.h"

#define PCRE2_CODE_UNIT_WIDTH 8
#include <pcre2.h>

#include "kiln/kiln.h"

namespace kiln {

namespace {

/// Capture groups a match reports: \1 to \9 in replacements need 10, regexp_substr's subexpr may
/// ask for more.
constexpr uint32_t reportedGroups = 32;

std::string pcre2Message(int code) {
   PCRE2_UCHAR buffer[256];
   int n = pcre2_get_error_message(code, buffer, sizeof(buffer));
   return n < 0 ? "error " + std::to_string(code) : std::string(reinterpret_cast<const char*>(buffer), size_t(n));
}

/// One match data block per thread, reused by every match: no allocation per row.
pcre2_match_data* threadMatchData() {
   struct Holder {
      pcre2_match_data* data = pcre2_match_data_create(reportedGroups, nullptr);
      ~Holder() { pcre2_match_data_free(data); }
   };
   thread_local Holder holder;
   return holder.data;
}

/// PostgreSQL's escapes that PCRE2 spells differently, outside bracket expressions: \m and \M
/// (start and end of a word), \y and \Y (word boundary or not), \Z (only the very end) and \b
/// (a backspace).
std::string translateEscapes(std::string_view pattern) {
   std::string out;
   out.reserve(pattern.size());
   bool inBrackets = false;
   for (size_t i = 0; i < pattern.size(); ++i) {
      char c = pattern[i];
      if (c == '\\' && i + 1 < pattern.size()) {
         char next = pattern[++i];
         if (!inBrackets) {
            switch (next) {
               case 'm': out += "\\b(?=\\w)"; continue;
               case 'M': out += "\\b(?<=\\w)"; continue;
               case 'y': out += "\\b"; continue;
               case 'Y': out += "\\B"; continue;
               case 'Z': out += "\\z"; continue;
               case 'b': out += "\\x08"; continue;
               default: break;
            }
         }
         out += c;
         out += next;
         continue;
      }
      out += c;
      if (!inBrackets && c == '[') {
         inBrackets = true;
         // A ']' first in the brackets (after an optional '^') is a member, not the end.
         if (i + 1 < pattern.size() && pattern[i + 1] == '^') out += pattern[++i];
         if (i + 1 < pattern.size() && pattern[i + 1] == ']') out += pattern[++i];
      } else if (inBrackets && c == '[' && i + 1 < pattern.size() && (pattern[i + 1] == ':' || pattern[i + 1] == '.' || pattern[i + 1] == '=')) {
         // [:alpha:] and its kin inside brackets end at their own ":]".
         size_t end = pattern.find(std::string{pattern[i + 1], ']'}, i + 2);
         if (end != std::string_view::npos) {
            out.append(pattern.substr(i + 1, end + 1 - i));
            i = end + 1;
         }
      } else if (inBrackets && c == ']') {
         inBrackets = false;
      }
   }
   return out;
}

size_t nextCharacter(std::string_view s, size_t i) {
   ++i;
   while (i < s.size() && (static_cast<unsigned char>(s[i]) & 0xC0) == 0x80) ++i;
   return i;
}

}  // namespace

RegexFlags RegexFlags::parse(std::string_view flags) {
   RegexFlags result;
   for (char c : flags) {
      switch (c) {
         case 'g': result.global = true; break;
         case 'i': result.caseInsensitive = true; break;
         case 'c': result.caseInsensitive = false; break;
         case 'n':
         case 'm': result.newlineSensitive = true; break;
         case 's': result.newlineSensitive = false; break;
         case 'x': result.expanded = true; break;
         case 't': result.expanded = false; break;
         case 'q': result.literal = true; break;
         case 'b':
         case 'e':
         case 'p':
         case 'w': throw Error("0A000", std::string("regular expression option \"") + c + "\" is not supported");
         default: throw Error("22023", std::string("invalid regular expression option: \"") + c + "\"");
      }
   }
   return result;
}

struct Regex::Code {
   pcre2_code* code = nullptr;
   ~Code() { pcre2_code_free(code); }
};

Regex::Regex(std::string_view pattern, RegexFlags flags) : code_(std::make_unique<Code>()), flags_(flags) {
   uint32_t options = PCRE2_UTF | PCRE2_UCP;
   if (flags.caseInsensitive) options |= PCRE2_CASELESS;
   options |= flags.newlineSensitive ? PCRE2_MULTILINE : PCRE2_DOTALL | PCRE2_DOLLAR_ENDONLY;
   if (flags.expanded) options |= PCRE2_EXTENDED;
   if (flags.literal) options |= PCRE2_LITERAL;
   std::string translated = flags.literal ? std::string(pattern) : translateEscapes(pattern);
   int error = 0;
   PCRE2_SIZE offset = 0;
   code_->code = pcre2_compile(reinterpret_cast<PCRE2_SPTR>(translated.data()), translated.size(), options, &error, &offset, nullptr);
   if (!code_->code) throw Error("2201B", "invalid regular expression: " + pcre2Message(error));
   // Without JIT support PCRE2 interprets the pattern: slower, same answers.
   pcre2_jit_compile(code_->code, PCRE2_JIT_COMPLETE);
   pcre2_pattern_info(code_->code, PCRE2_INFO_CAPTURECOUNT, &groups_);
}

Regex::~Regex() = default;

template <typename Visit>
void Regex::forEachMatch(std::string_view subject, size_t start, Visit visit) const {
   pcre2_match_data* data = threadMatchData();
   const PCRE2_SIZE* ovector = pcre2_get_ovector_pointer(data);
   while (start <= subject.size()) {
      int rc = pcre2_match(code_->code, reinterpret_cast<PCRE2_SPTR>(subject.data()), subject.size(), start, 0, data, nullptr);
      if (rc == PCRE2_ERROR_NOMATCH) return;
      if (rc < 0) throw Error("2201B", "regular expression failed: " + pcre2Message(rc));
      if (!visit(ovector)) return;
      start = ovector[0] == ovector[1] ? nextCharacter(subject, ovector[1]) : ovector[1];
   }
}

bool Regex::matches(std::string_view subject) const {
   bool found = false;
   forEachMatch(subject, 0, [&](const PCRE2_SIZE*) { return !(found = true); });
   return found;
}

int64_t Regex::count(std::string_view subject, size_t start) const {
   int64_t n = 0;
   forEachMatch(subject, start, [&](const PCRE2_SIZE*) { return ++n, true; });
   return n;
}

std::optional<std::string_view> Regex::find(std::string_view subject, size_t start, int64_t occurrence, int64_t group) const {
   if (group == firstGroupOrMatch) group = groups_ > 0 ? 1 : 0;
   if (group > int64_t(groups_) || group >= int64_t(reportedGroups)) return std::nullopt;
   std::optional<std::string_view> found;
   forEachMatch(subject, start, [&](const PCRE2_SIZE* ovector) {
      if (--occurrence > 0) return true;
      PCRE2_SIZE begin = ovector[2 * group], end = ovector[2 * group + 1];
      if (begin != PCRE2_UNSET) found = subject.substr(begin, end - begin);
      return false;
   });
   return found;
}

std::string Regex::replace(std::string_view subject, std::string_view replacement) const {
   std::string out;
   size_t copied = 0;
   forEachMatch(subject, 0, [&](const PCRE2_SIZE* ovector) {
      out.append(subject.substr(copied, ovector[0] - copied));
      for (size_t i = 0; i < replacement.size(); ++i) {
         char c = replacement[i];
         if (c != '\\' || i + 1 == replacement.size()) {
            out += c;
            continue;
         }
         char next = replacement[++i];
         int64_t group = next == '&' ? 0 : next >= '1' && next <= '9' ? next - '0' : -1;
         if (group < 0) {
            // PostgreSQL keeps the backslash of an escape it does not know, and makes \\ one.
            if (next != '\\') out += '\\';
            out += next;
         } else if (group <= int64_t(groups_) && ovector[2 * group] != PCRE2_UNSET) {
            out.append(subject.substr(ovector[2 * group], ovector[2 * group + 1] - ovector[2 * group]));
         }
      }
      copied = ovector[1];
      return flags_.global;
   });
   out.append(subject.substr(copied));
   return out;
}

const Regex& RegexCache::get(std::string_view pattern) const {
   std::lock_guard lock(mutex_);
   auto it = compiled_.find(std::string(pattern));
   if (it != compiled_.end()) return *it->second;
   auto regex = std::make_unique<Regex>(pattern, flags_);
   if (compiled_.size() < maxEntries) return *compiled_.emplace(std::string(pattern), std::move(regex)).first->second;
   // A query with ever new patterns: the newest stays with its thread, for the call that asked.
   thread_local std::unique_ptr<Regex> overflow;
   overflow = std::move(regex);
   return *overflow;
}

}  // namespace kiln
