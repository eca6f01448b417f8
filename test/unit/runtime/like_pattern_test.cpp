// A prepared LIKE pattern (literal pieces found by SIMD or Boyer-Moore-Horspool search) decides as
// the general matcher does, on random values and patterns, short and long.
#include <gtest/gtest.h>

#include <random>
#include <string>
#include <vector>

#include "runtime/like_pattern.h"

namespace {

TEST(LikePattern, AgreesWithTheGeneralMatcher) {
   std::mt19937 random(3);
   auto text = [&](size_t length, const char* alphabet, size_t letters) {
      std::string s;
      for (size_t i = 0; i < length; ++i) s += alphabet[random() % letters];
      return s;
   };
   for (int round = 0; round < 20000; ++round) {
      // Up to three steps of the widest search, and pieces of up to 10 characters.
      std::string value = text(random() % 200, "abc", 3);
      std::string pattern = text(random() % 12, "abc%%%_", round % 3 == 0 ? 7 : 5);
      kiln::LikePattern prepared(pattern, false, 0);
      ASSERT_EQ(prepared.matches(value), kiln::likeMatches(value, pattern, false, 0)) << "'" << value << "' LIKE '" << pattern << "'";
   }
}

#if defined(__x86_64__)
TEST(LikePattern, BothPieceSearchesFindTheLeftmostOccurrence) {
   std::mt19937 random(5);
   bool avx512 = __builtin_cpu_supports("avx512bw");
   for (int round = 0; round < 20000; ++round) {
      std::string value, piece;
      for (size_t i = 0, n = random() % 150; i < n; ++i) value += "ab"[random() % 2];
      for (size_t i = 0, n = 2 + random() % 9; i < n; ++i) piece += "ab"[random() % 2];
      // The value sits at the end of its buffer, so that a read past it would be seen by sanitizers.
      std::vector<char> buffer(value.begin(), value.end());
      const char* begin = buffer.data();
      const char* end = begin + buffer.size();
      size_t expected = value.find(piece);
      const char* want = expected == std::string::npos ? end : begin + expected;
      ASSERT_EQ(kiln::findPieceSse2(begin, end, piece), want) << value << " / " << piece;
      if (avx512) {
         ASSERT_EQ(kiln::findPieceAvx512(begin, end, piece), want) << value << " / " << piece;
      }
   }
}
#endif

TEST(LikePattern, CaseFoldingAndPadding) {
   kiln::LikePattern ilike("%SPECIAL%requests", true, 0);
   EXPECT_TRUE(ilike.matches("very special Requests"));
   EXPECT_FALSE(ilike.matches("requests special"));
   kiln::LikePattern padded("ab _", false, 4);  // CHAR(4) 'ab' is 'ab  '
   EXPECT_TRUE(padded.matches("ab"));
   kiln::LikePattern pieces("%special%requests%", false, 0);
   EXPECT_TRUE(pieces.matches("carefully special deposits sleep; requests wake"));
   EXPECT_FALSE(pieces.matches("requests are special"));
   EXPECT_TRUE(kiln::LikePattern("a%", false, 0).matches("abc"));
   EXPECT_FALSE(kiln::LikePattern("%ab%ba", false, 0).matches("aba"));  // the pieces may not overlap
}

}  // namespace
