// NUMERIC without a precision: text in and out, the packed 16-byte form (canonical, so that equal
// values of other scales compare and hash alike), and ordered index keys that sort as the values.
// The arithmetic's digits and scales are checked against PostgreSQL in test/sql/types/numeric_*.test.
#include <gtest/gtest.h>

#include <algorithm>
#include <random>

#include "common/numeric.h"
#include "common/packed_numeric.h"

namespace {

using kiln::Numeric;
namespace packed = kiln::packed_numeric;

kiln::GermanString handle(const std::string& bytes) { return kiln::GermanString::make(bytes); }

TEST(Numeric, TextInAndOut) {
   EXPECT_EQ(Numeric::parse("  -00012.3400 ").toString(), "-12.3400");
   EXPECT_EQ(Numeric::parse("1.50e3").toString(), "1500");
   EXPECT_EQ(Numeric::parse("1.5e-3").toString(), "0.0015");
   EXPECT_EQ(Numeric::parse("-0.00").toString(), "0.00");
   EXPECT_EQ(Numeric::parse(".5").toString(), "0.5");
   EXPECT_EQ(Numeric::parse("inf").toString(), "Infinity");
   EXPECT_EQ(Numeric::parse("-Infinity").toString(), "-Infinity");
   EXPECT_EQ(Numeric::parse("nan").toString(), "NaN");
   for (const char* bad : {"", ".", "1e", "1..2", "1e5.5", "+nan", "0x10", "- 1"}) {
      try {
         Numeric::parse(bad);
         ADD_FAILURE() << bad;
      } catch (const kiln::Error& e) {
         EXPECT_EQ(e.sqlstate(), "22P02") << bad;
      }
   }
   for (const char* big : {"1e131072", "1e-16384", "0e-20000"}) EXPECT_THROW(Numeric::parse(big), kiln::Error) << big;
   EXPECT_EQ(Numeric::parse("9e131071").leadingExponent(), 131071);
}

TEST(Numeric, PackedFormsAreCanonical) {
   // Small values are compact (12 bytes, no heap); larger ones and huge exponents are long.
   EXPECT_EQ(packed::pack(Numeric::parse("123.45")).size(), packed::compactLength);
   EXPECT_EQ(packed::pack(Numeric::parse("-9223372036854775807")).size(), packed::compactLength);
   EXPECT_GT(packed::pack(Numeric::parse("9223372036854775808")).size(), packed::compactLength);
   EXPECT_GT(packed::pack(Numeric::parse("1e40000")).size(), packed::compactLength);
   EXPECT_EQ(packed::pack(Numeric::nan()).size(), 1u);
   for (const char* text : {"0", "0.000", "1.10", "-1.1", "1e40000", "123456789012345678901234567890.123", "NaN", "-Infinity", "1e-16383"}) {
      Numeric n = Numeric::parse(text);
      Numeric back = packed::unpack(packed::pack(n));
      EXPECT_EQ(back.toString(), n.toString()) << text;
   }
   // Equal values of other scales: equal bytes but for the scale, equal hashes.
   const char* equals[][2] = {{"1.1", "1.10"},
                              {"1.1", "1.1000000000000000000000000000000000000000000000"},
                              {"0", "0.00"},
                              {"123456789012345678901234567890.5", "123456789012345678901234567890.50"},
                              {"NaN", "nan"}};
   for (auto& [a, b] : equals) {
      std::string x = packed::pack(Numeric::parse(a)), y = packed::pack(Numeric::parse(b));
      EXPECT_TRUE(packed::equal(handle(x), handle(y))) << a << " " << b;
      EXPECT_EQ(packed::hash(handle(x)), packed::hash(handle(y))) << a << " " << b;
      EXPECT_EQ(packed::compare(handle(x), handle(y)), 0) << a << " " << b;
   }
   EXPECT_FALSE(packed::equal(handle(packed::pack(Numeric::parse("1.1"))), handle(packed::pack(Numeric::parse("1.01")))));
   EXPECT_EQ(packed::scaleOf(handle(packed::pack(Numeric::parse("1.100")))), 3);
}

TEST(Numeric, OrderedKeysSortAsTheValues) {
   std::mt19937_64 random(7);
   std::vector<Numeric> values = {
      Numeric::nan(),        Numeric::infinity(),    Numeric::infinity(true), Numeric(), Numeric::parse("1e40000"), Numeric::parse("-1e40000"),
      Numeric::parse("0.5"), Numeric::parse("0.50"), Numeric::parse("-0.5")};
   for (int i = 0; i < 400; ++i) {
      std::string digits = std::to_string(random() % 100000000) + std::to_string(random() % 1000);
      int point = int(random() % (digits.size() + 1));
      std::string text = (random() % 2 ? "-" : "") + digits.substr(0, size_t(point)) + "." + digits.substr(size_t(point));
      if (text.back() == '.') text.push_back('0');
      if (text[text[0] == '-'] == '.') text.insert(text[0] == '-' ? 1 : 0, "0");
      values.push_back(Numeric::parse(text + "e" + std::to_string(int(random() % 60) - 30)));
   }
   for (const Numeric& a : values)
      for (const Numeric& b : {values[3], values[6], values[20], values[77]}) {
         std::string x = packed::orderedKey(packed::pack(a)), y = packed::orderedKey(packed::pack(b));
         int byKey = x < y ? -1 : x > y ? 1 : 0;
         EXPECT_EQ(byKey, compare(a, b)) << a.toString() << " " << b.toString();
         EXPECT_EQ(packed::compare(handle(packed::pack(a)), handle(packed::pack(b))), compare(a, b)) << a.toString() << " " << b.toString();
         // No key is a prefix of another one (several columns follow each other in a key).
         if (x != y) {
            EXPECT_FALSE(x.size() < y.size() ? y.starts_with(x) : x.starts_with(y)) << a.toString() << " " << b.toString();
         }
      }
}

TEST(Numeric, ConversionsRoundHalfAwayFromZero) {
   EXPECT_EQ(Numeric::parse("2.5").toInteger(kiln::SqlType::integer()), 3);
   EXPECT_EQ(Numeric::parse("-2.5").toInteger(kiln::SqlType::smallInt()), -3);
   EXPECT_THROW(Numeric::parse("40000.4").toInteger(kiln::SqlType::smallInt()), kiln::Error);
   EXPECT_THROW(Numeric::nan().toInteger(kiln::SqlType::bigInt()), kiln::Error);
   EXPECT_EQ(*Numeric::parse("1.005").toUnscaled(2), 101);
   EXPECT_EQ(Numeric::parse("12345.678").fitted(8, 2).toString(), "12345.68");
   EXPECT_THROW(Numeric::parse("12345.678").fitted(5, 2), kiln::Error);
   EXPECT_EQ(Numeric::fromDouble(0.1 + 0.2, false).toString(), "0.3");
   EXPECT_EQ(Numeric::parse("0.1").toDouble(false), 0.1);
   EXPECT_EQ(Numeric::parse("1e400").nearestDouble(), HUGE_VAL);
}

}  // namespace
