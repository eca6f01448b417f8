// The string helpers generated code calls, with PostgreSQL 15's results for the same calls.
#include <gtest/gtest.h>

#include <string>

#include "runtime/helpers.h"

using namespace kiln;

namespace {

/// Owns the bytes behind GermanStrings made in a test.
class Strings {
   public:
   GermanString make(std::string_view text) { return GermanString::make(heap.store(text)); }
   StringHeap heap;
};

bool like(std::string_view s, std::string_view pattern, bool ilike = false, int32_t padTo = 0) {
   Strings strings;
   GermanString a = strings.make(s), p = strings.make(pattern);
   return kiln_like(&a, &p, ilike, padTo);
}

std::string substring(std::string_view s, int64_t from, int64_t count, bool hasCount = true) {
   Strings strings;
   GermanString in = strings.make(s), out;
   kiln_substring(&in, from, count, hasCount, &out, &strings.heap);
   return std::string(out.view());
}

/// sides: 1 leading, 2 trailing, 3 both; characters nullptr = blanks
std::string trim(std::string_view s, const char* characters, int32_t sides) {
   Strings strings;
   GermanString in = strings.make(s), set, out;
   if (characters) set = strings.make(characters);
   kiln_trim(&in, characters ? &set : nullptr, sides, &out);
   return std::string(out.view());
}

int32_t position(std::string_view needle, std::string_view haystack) {
   Strings strings;
   GermanString h = strings.make(haystack), n = strings.make(needle);
   return kiln_position(&h, &n);
}

std::string replace(std::string_view s, std::string_view from, std::string_view to) {
   Strings strings;
   GermanString a = strings.make(s), f = strings.make(from), t = strings.make(to), out;
   kiln_replace(&a, &f, &t, &out, &strings.heap);
   return std::string(out.view());
}

std::string left(std::string_view s, int64_t n, bool right = false) {
   Strings strings;
   GermanString a = strings.make(s), out;
   kiln_left(&a, n, right, &out);
   return std::string(out.view());
}

}  // namespace

TEST(RuntimeLike, Wildcards) {
   EXPECT_TRUE(like("abc", "a%"));
   EXPECT_TRUE(like("abc", "_b_"));
   EXPECT_FALSE(like("abc", "ab"));
   EXPECT_FALSE(like("abc", "a"));
   EXPECT_TRUE(like("", "%"));
   EXPECT_FALSE(like("", "_"));
   EXPECT_TRUE(like("abc", "%%%c"));
   EXPECT_TRUE(like("aXbXc", "%b%c"));
   EXPECT_TRUE(like("special requests here", "%special%requests%"));
   EXPECT_FALSE(like("special request", "%special%requests%"));
   EXPECT_TRUE(like("PROMO BRUSHED TIN", "PROMO%"));
   EXPECT_FALSE(like("abc", "ABC"));
}

TEST(RuntimeLike, Escapes) {
   // 'a%c' LIKE 'a\%c' t; 'abc' LIKE 'a\%c' f; 'a_c' LIKE 'a\_c' t; 'abc' LIKE 'a\_c' f;
   // 'a\b' LIKE 'a\\b' t; 'abc' LIKE 'a\bc' t (escaping an ordinary character)
   EXPECT_TRUE(like("a%c", "a\\%c"));
   EXPECT_FALSE(like("abc", "a\\%c"));
   EXPECT_TRUE(like("a_c", "a\\_c"));
   EXPECT_FALSE(like("abc", "a\\_c"));
   EXPECT_TRUE(like("a\\b", "a\\\\b"));
   EXPECT_TRUE(like("abc", "a\\bc"));
}

TEST(RuntimeLike, TrailingEscapeIsAnError) {
   // PostgreSQL: SELECT 'a\' LIKE 'a\' fails: LIKE pattern must not end with escape character (22025)
   try {
      like("a\\", "a\\");
      FAIL() << "no error";
   } catch (const Error& e) {
      EXPECT_EQ(e.sqlstate(), "22025");
   }
}

TEST(RuntimeLike, Utf8AndIlike) {
   EXPECT_TRUE(like("äb", "_b"));      // '_' is one character, not one byte
   EXPECT_TRUE(like("xäöy", "x__y"));
   EXPECT_FALSE(like("xäy", "x___y"));
   EXPECT_TRUE(like("ABC", "a_c", true));
   EXPECT_TRUE(like("Hello World", "%WORLD", true));
   EXPECT_FALSE(like("Hello", "%WORLD", true));
}

TEST(RuntimeLike, CharPadding) {
   // 'ab'::char(4): LIKE 'ab  ' t, 'ab' f, '%b' f, 'ab%' t, 'ab__' t, 'ab_' f
   EXPECT_TRUE(like("ab", "ab  ", false, 4));
   EXPECT_FALSE(like("ab", "ab", false, 4));
   EXPECT_FALSE(like("ab", "%b", false, 4));
   EXPECT_TRUE(like("ab", "ab%", false, 4));
   EXPECT_TRUE(like("ab", "ab__", false, 4));
   EXPECT_FALSE(like("ab", "ab_", false, 4));
   EXPECT_TRUE(like("abcd", "abcd", false, 4));
}

TEST(RuntimeSubstring, PostgresEdgeCases) {
   // substring('hello' from 0) = 'hello'; from 0 for 3 = 'he'; from -2 for 5 = 'he';
   // from 2 for 100 = 'ello'; from 10 = ''; from 3 for 0 = ''; from -5 for 3 = ''; from 2 = 'ello'
   EXPECT_EQ(substring("hello", 0, 0, false), "hello");
   EXPECT_EQ(substring("hello", 0, 3), "he");
   EXPECT_EQ(substring("hello", -2, 5), "he");
   EXPECT_EQ(substring("hello", 2, 100), "ello");
   EXPECT_EQ(substring("hello", 10, 0, false), "");
   EXPECT_EQ(substring("hello", 3, 0), "");
   EXPECT_EQ(substring("hello", -5, 3), "");
   EXPECT_EQ(substring("hello", 2, 0, false), "ello");
   EXPECT_EQ(substring("hello", 1, 2147483647), "hello");
   EXPECT_EQ(substring("hello", 5, 1), "o");
}

TEST(RuntimeSubstring, Utf8Characters) {
   // substring('hällo' from 2 for 2) = 'äl'
   EXPECT_EQ(substring("hällo", 2, 2), "äl");
   EXPECT_EQ(substring("日本語テキスト", 3, 2), "語テ");
   EXPECT_EQ(substring("日本語テキスト", 4, 0, false), "テキスト");
   EXPECT_EQ(substring("a long string with more than twelve bytes", 3, 4), "long");
   EXPECT_EQ(substring("a long string with more than twelve bytes", 8, 25), "string with more than twe");
}

TEST(RuntimeSubstring, NegativeCountIsAnError) {
   // substring('hello' from 1 for -1): negative substring length not allowed (22011)
   try {
      substring("hello", 1, -1);
      FAIL() << "no error";
   } catch (const Error& e) {
      EXPECT_EQ(e.sqlstate(), "22011");
      EXPECT_EQ(e.message(), "negative substring length not allowed");
   }
}

TEST(RuntimeSubstring, HugeCountDoesNotWrapAround) { EXPECT_EQ(substring("hello", 2, INT64_MAX), "ello"); }

TEST(RuntimeTrim, Sides) {
   // trim('  ab  ') = 'ab', ltrim = 'ab  ', rtrim = '  ab', trim('   ') = ''
   EXPECT_EQ(trim("  ab  ", nullptr, 3), "ab");
   EXPECT_EQ(trim("  ab  ", nullptr, 1), "ab  ");
   EXPECT_EQ(trim("  ab  ", nullptr, 2), "  ab");
   EXPECT_EQ(trim("   ", nullptr, 3), "");
   // trim(both 'xy' from 'xyxabyx') = 'ab'; leading 'x' from 'xxaxx' = 'axx'; trailing = 'xxa'
   EXPECT_EQ(trim("xyxabyx", "xy", 3), "ab");
   EXPECT_EQ(trim("xxaxx", "x", 1), "axx");
   EXPECT_EQ(trim("xxaxx", "x", 2), "xxa");
   EXPECT_EQ(trim("   a string longer than twelve   ", nullptr, 3), "a string longer than twelve");
}

TEST(RuntimeTrim, MultibyteCharactersAreWhole) {
   // trim(both 'ä' from 'äaä') = 'a'; trim(both 'ä' from 'üaü') = 'üaü' (ü shares its first byte with ä)
   EXPECT_EQ(trim("äaä", "ä", 3), "a");
   EXPECT_EQ(trim("üaü", "ä", 3), "üaü");
}

TEST(RuntimePosition, CharacterOffsets) {
   // position('lo' in 'hello') = 4; '' = 1; 'z' = 0; 'b' in 'äb' = 2; strpos('', '') = 1
   EXPECT_EQ(position("lo", "hello"), 4);
   EXPECT_EQ(position("", "hello"), 1);
   EXPECT_EQ(position("z", "hello"), 0);
   EXPECT_EQ(position("b", "äb"), 2);
   EXPECT_EQ(position("l", "hello"), 3);
   EXPECT_EQ(position("", ""), 1);
   EXPECT_EQ(position("needle", "a haystack with a needle in it"), 19);
}

TEST(RuntimeReplace, Values) {
   // replace('abcabc','b','XX') = 'aXXcaXXc'; ('aaa','aa','b') = 'ba'; ('abc','','x') = 'abc';
   // ('abc','b','') = 'ac'; ('äöä','ä','a') = 'aöa'
   EXPECT_EQ(replace("abcabc", "b", "XX"), "aXXcaXXc");
   EXPECT_EQ(replace("aaa", "aa", "b"), "ba");
   EXPECT_EQ(replace("abc", "", "x"), "abc");
   EXPECT_EQ(replace("abc", "b", ""), "ac");
   EXPECT_EQ(replace("äöä", "ä", "a"), "aöa");
   EXPECT_EQ(replace("short", "o", "a much longer replacement"), "sha much longer replacementrt");
}

TEST(RuntimeLeftRight, Values) {
   // left('hello',2)='he', left(,-2)='hel', left(,10)='hello', left(,0)='', left(,-10)='';
   // right(,2)='lo', right(,-2)='llo', right(,10)='hello'; left('häll',2)='hä', right('häll',3)='äll'
   EXPECT_EQ(left("hello", 2), "he");
   EXPECT_EQ(left("hello", -2), "hel");
   EXPECT_EQ(left("hello", 10), "hello");
   EXPECT_EQ(left("hello", 0), "");
   EXPECT_EQ(left("hello", -10), "");
   EXPECT_EQ(left("hello", 2, true), "lo");
   EXPECT_EQ(left("hello", -2, true), "llo");
   EXPECT_EQ(left("hello", 10, true), "hello");
   EXPECT_EQ(left("häll", 2), "hä");
   EXPECT_EQ(left("häll", 3, true), "äll");
   EXPECT_EQ(left("a string longer than twelve", 8), "a string");
   EXPECT_EQ(left("a string longer than twelve", 6, true), "twelve");
}

TEST(RuntimeStrings, CompareEqualHash) {
   Strings strings;
   GermanString a = strings.make("apple"), b = strings.make("apples"), c = strings.make("banana");
   GermanString l1 = strings.make("a string longer than twelve bytes"), l2 = strings.make("a string longer than twelve bytes");
   GermanString l3 = strings.make("a string longer than twelve bytez");
   EXPECT_EQ(kiln_string_compare(&a, &b), -1);
   EXPECT_EQ(kiln_string_compare(&b, &a), 1);
   EXPECT_EQ(kiln_string_compare(&a, &c), -1);
   EXPECT_EQ(kiln_string_compare(&l1, &l2), 0);
   EXPECT_EQ(kiln_string_compare(&l1, &l3), -1);
   EXPECT_TRUE(kiln_string_equal(&l1, &l2));
   EXPECT_FALSE(kiln_string_equal(&l1, &l3));
   EXPECT_FALSE(kiln_string_equal(&a, &b));
   EXPECT_EQ(kiln_string_hash(&l1), kiln_string_hash(&l2));
   EXPECT_NE(kiln_string_hash(&a), kiln_string_hash(&b));
}

TEST(RuntimeStrings, ConcatUpperLowerLength) {
   Strings strings;
   GermanString a = strings.make("Hello, "), b = strings.make("World of long strings"), out;
   kiln_concat(&a, &b, &out, &strings.heap);
   EXPECT_EQ(out.view(), "Hello, World of long strings");
   kiln_upper(&a, &out, &strings.heap);
   EXPECT_EQ(out.view(), "HELLO, ");
   kiln_lower(&b, &out, &strings.heap);
   EXPECT_EQ(out.view(), "world of long strings");
   GermanString u = strings.make("häll日");
   EXPECT_EQ(kiln_length(&u), 5);  // characters, not bytes
}
