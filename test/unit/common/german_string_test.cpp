// GermanString keeps up to 12 bytes inline and points at longer strings without copying them.
#include <gtest/gtest.h>

#include <string>

#include "common/german_string.h"
#include "common/string_heap.h"

using namespace kiln;

TEST(GermanString, EmptyIsInline) {
   GermanString s = GermanString::make("");
   EXPECT_EQ(s.length, 0u);
   EXPECT_TRUE(s.isInline());
   EXPECT_EQ(s.view(), "");
   GermanString d;
   EXPECT_EQ(d.length, 0u);
   EXPECT_EQ(d.view(), "");
}

TEST(GermanString, ShortStringsAreInline) {
   std::string text = "hello";
   GermanString s = GermanString::make(text);
   EXPECT_TRUE(s.isInline());
   EXPECT_EQ(s.length, 5u);
   EXPECT_EQ(std::string_view(s.prefix, 4), "hell");
   text = "XXXXX";  // the inline copy does not depend on the source
   EXPECT_EQ(s.view(), "hello");
   EXPECT_EQ(s.data(), s.prefix);
}

TEST(GermanString, TwelveBytesIsTheInlineLimit) {
   std::string twelve = "abcdefghijkl", thirteen = "abcdefghijklm";
   GermanString a = GermanString::make(twelve), b = GermanString::make(thirteen);
   EXPECT_TRUE(a.isInline());
   EXPECT_EQ(a.view(), twelve);
   EXPECT_FALSE(b.isInline());
   EXPECT_EQ(b.view(), thirteen);
   EXPECT_EQ(b.data(), thirteen.data());  // not copied
   EXPECT_EQ(std::string_view(b.prefix, 4), "abcd");
}

TEST(GermanString, InlineBytesAreZeroPadded) {
   // Equal short strings must be byte-identical so that 16-byte comparisons work.
   GermanString a = GermanString::make(std::string("ab")), b = GermanString::make(std::string_view("abXYZ", 2));
   EXPECT_EQ(std::memcmp(&a, &b, sizeof(GermanString)), 0);
}

TEST(StringHeap, AddressesStayStable) {
   StringHeap heap;
   std::vector<std::string_view> stored;
   for (int i = 0; i < 5000; ++i) stored.push_back(heap.store("value number " + std::to_string(i) + std::string(size_t(i % 50), 'x')));
   std::string_view huge = heap.store(std::string(100000, 'h'));
   for (int i = 0; i < 5000; ++i) ASSERT_EQ(stored[size_t(i)], "value number " + std::to_string(i) + std::string(size_t(i % 50), 'x'));
   EXPECT_EQ(huge.size(), 100000u);
   EXPECT_EQ(huge.find_first_not_of('h'), std::string_view::npos);
}
