// UTF-8 validation as PostgreSQL's pg_verify_mbstr does it, with its 22021 messages (checked with
// PostgreSQL 15: SELECT E'...', COPY of the same bytes).
#include <gtest/gtest.h>

#include "common/utf8.h"

using namespace kiln;

namespace {

std::string errorOf(std::string_view s) {
   try {
      requireValidUtf8(s);
   } catch (const Error& error) {
      return error.sqlstate() + " " + error.message();
   }
   return "valid";
}

}  // namespace

TEST(Utf8, ValidText) {
   for (std::string_view s : {"", "plain ASCII text that is longer than sixteen bytes", "caf\xc3\xa9", "\xe2\x82\xac 100", "\xf0\x9f\x98\x80",
                              "\xf4\x8f\xbf\xbf", "\xed\x9f\xbf", "\xee\x80\x80", "a\x7f"})
      EXPECT_EQ(firstInvalidUtf8(s), s.size()) << s;
}

TEST(Utf8, FirstInvalidByte) {
   using namespace std::string_view_literals;
   EXPECT_EQ(firstInvalidUtf8("abc\xff"), 3u);
   EXPECT_EQ(firstInvalidUtf8("abcdefghijklmnopqrstuvwxyz\x80"), 26u);  // past the 16-byte steps
   EXPECT_EQ(firstInvalidUtf8("0123456789abcdef\0xyz"sv), 16u);           // a NUL is not text
   EXPECT_EQ(firstInvalidUtf8("0123456\0"sv), 7u);
   EXPECT_EQ(firstInvalidUtf8("\xc3\xa9\xc3"), 2u);                       // cut short
   EXPECT_EQ(firstInvalidUtf8("\xc0\x80"), 0u);                           // overlong
   EXPECT_EQ(firstInvalidUtf8("\xe0\x9f\xbf"), 0u);                       // overlong
   EXPECT_EQ(firstInvalidUtf8("\xed\xa0\x80"), 0u);                       // a surrogate
   EXPECT_EQ(firstInvalidUtf8("\xf4\x90\x80\x80"), 0u);                   // past U+10FFFF
   EXPECT_EQ(firstInvalidUtf8("\xf5\x80\x80\x80"), 0u);
}

TEST(Utf8, PostgresMessages) {
   using namespace std::string_view_literals;
   // E'\xff', E'\000', '\xc3' before a quote, '\xed\xa0\x80', '\xf4\x90\x80\x80', and 0xc3 before a line end in COPY
   EXPECT_EQ(errorOf("\xff"), "22021 invalid byte sequence for encoding \"UTF8\": 0xff");
   EXPECT_EQ(errorOf("a\0b"sv), "22021 invalid byte sequence for encoding \"UTF8\": 0x00");
   EXPECT_EQ(errorOf("SELECT '\xc3'"), "22021 invalid byte sequence for encoding \"UTF8\": 0xc3 0x27");
   EXPECT_EQ(errorOf("\xed\xa0\x80"), "22021 invalid byte sequence for encoding \"UTF8\": 0xed 0xa0 0x80");
   EXPECT_EQ(errorOf("\xf4\x90\x80\x80"), "22021 invalid byte sequence for encoding \"UTF8\": 0xf4 0x90 0x80 0x80");
   EXPECT_EQ(errorOf("b\xc3\n"), "22021 invalid byte sequence for encoding \"UTF8\": 0xc3 0x0a");
   EXPECT_EQ(errorOf("\xe2\x82"), "22021 invalid byte sequence for encoding \"UTF8\": 0xe2 0x82");
}
