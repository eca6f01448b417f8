// POSIX regular expressions as PostgreSQL has them (~, ~*, regexp_replace, regexp_count,
// regexp_substr, substring(... FROM pattern), SIMILAR TO), run by PCRE2. PCRE2's syntax agrees
// with PostgreSQL's advanced regular expressions for the common patterns; the options below make
// it behave like them (`.` matches a newline, `$` only at the very end, Unicode classes and case).
// A pattern is compiled once (and JIT-compiled where PCRE2 can); a query keeps it alive.
#pragma once

#include <cstdint>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>

namespace kiln {

/// The flags of regexp_replace & co. ('g', 'i', 'c', 'n', 'x', 'q', ...); 22023 for an unknown one.
struct RegexFlags {
   bool global = false;
   bool caseInsensitive = false;
   bool newlineSensitive = false;  // 'n': `.` and `[^...]` stop at newlines, ^ and $ match at lines
   bool expanded = false;          // 'x': blanks and # comments are ignored
   bool literal = false;           // 'q': the pattern is a plain string

   static RegexFlags parse(std::string_view flags);
};

class Regex {
   public:
   /// Compiles `pattern`; 2201B (invalid_regular_expression) when it is not valid.
   Regex(std::string_view pattern, RegexFlags flags);
   ~Regex();
   Regex(const Regex&) = delete;
   Regex& operator=(const Regex&) = delete;

   bool global() const { return flags_.global; }
   bool matches(std::string_view subject) const;
   /// Matches from byte `start` on, as PostgreSQL counts them: each begins where the last ended,
   /// and after an empty one the search moves on by one character.
   int64_t count(std::string_view subject, size_t start) const;
   /// `group` for substring(s FROM pattern): the first group if the pattern has one, else the match.
   static constexpr int64_t firstGroupOrMatch = -1;
   /// The `occurrence`th match (1-based) from byte `start`, or its capture group `group` (0 = the
   /// whole match); nullopt when there is none or the group took no part.
   std::optional<std::string_view> find(std::string_view subject, size_t start, int64_t occurrence, int64_t group) const;
   /// The subject with the first match (every match when global) replaced by `replacement`, in
   /// which \1 to \9 stand for capture groups, \& for the whole match and \\ for a backslash.
   std::string replace(std::string_view subject, std::string_view replacement) const;

   private:
   /// Runs `visit(ovector)` for each match from `start` as count() describes, until it returns false.
   template <typename Visit>
   void forEachMatch(std::string_view subject, size_t start, Visit visit) const;

   struct Code;
   std::unique_ptr<Code> code_;
   RegexFlags flags_;
   uint32_t groups_ = 0;
};

/// Compiled patterns by their text, for a pattern that is not a constant: each distinct pattern
/// is compiled once per query. Shared by the query's threads.
class RegexCache {
   public:
   explicit RegexCache(RegexFlags flags) : flags_(flags) {}
   /// The compiled `pattern`; valid until the query ends or, past the cache's limit, until this
   /// thread's next call.
   const Regex& get(std::string_view pattern) const;

   private:
   static constexpr size_t maxEntries = 1024;
   RegexFlags flags_;
   mutable std::mutex mutex_;
   mutable std::unordered_map<std::string, std::unique_ptr<Regex>> compiled_;
};

}  // namespace kiln
