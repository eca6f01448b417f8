// LIKE and ILIKE. A constant pattern is prepared once per compiled query (LikePattern): its literal
// pieces get Boyer-Moore-Horspool searchers, so a row costs a few skips instead of a pattern parse
// and a general search. Other patterns go through likeMatches.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

namespace kiln {

/// Whether `value` matches `pattern` (% any characters, _ one character, \ escapes); with
/// `caseInsensitive` as ILIKE; `padTo` > 0 pads the value with blanks to that many characters
/// first (CHAR(n) semantics).
bool likeMatches(std::string_view value, std::string_view pattern, bool caseInsensitive, int32_t padTo);

#if defined(__x86_64__)
/// Where `piece` (two characters or more) first occurs in [begin, end), or end; LikePattern uses
/// the AVX-512 search where the processor has it. Declared here for the tests of both.
const char* findPieceSse2(const char* begin, const char* end, const std::string& piece);
const char* findPieceAvx512(const char* begin, const char* end, const std::string& piece);
#endif

class LikePattern {
   public:
   LikePattern(std::string pattern, bool caseInsensitive, int32_t padTo);
   LikePattern(const LikePattern&) = delete;
   LikePattern& operator=(const LikePattern&) = delete;
   bool matches(std::string_view value) const;

   private:
   using Searcher = std::boyer_moore_horspool_searcher<std::string::const_iterator>;
   std::string pattern_;
   bool caseInsensitive_;
   int32_t padTo_;
   // Patterns of literal pieces separated by '%' only: the pieces, and whether the first and last
   // must touch the value's ends.
   bool byPieces_ = false;
   bool anchoredStart_ = false, anchoredEnd_ = false;
   std::vector<std::string> pieces_;
   std::vector<Searcher> searchers_;
};

}  // namespace kiln
