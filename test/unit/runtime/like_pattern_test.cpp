// A prepared LIKE pattern (literal pieces found by SIMD or Boyer-Moore-Horspool search) decides as
// the general matcher does, on random values and patterns, short and long.
#include <gtest/gtest.h>

#include <random>

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
      std::string value = text(random() % 70, "abc", 3);
      std::string pattern = text(random() % 9, "abc%%%_", round % 3 == 0 ? 7 : 5);
      kiln::LikePattern prepared(pattern, false, 0);
      ASSERT_EQ(prepared.matches(value), kiln::likeMatches(value, pattern, false, 0)) << "'" << value << "' LIKE '" << pattern << "'";
   }
}

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
