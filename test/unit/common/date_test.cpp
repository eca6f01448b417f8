// DATE as days since 2000-01-01; day numbers checked with PostgreSQL ('...'::date - '2000-01-01').
#include <gtest/gtest.h>

#include "common/date.h"
#include "kiln/kiln.h"

using namespace kiln;

namespace {

int32_t parseOk(std::string_view text) {
   try {
      return date::parse(text);
   } catch (const Error& error) {
      ADD_FAILURE() << text << ": " << error.what();
      return 0;
   }
}

/// The SQLSTATE and message date::parse throws for `text`.
std::string parseError(std::string_view text) {
   try {
      date::parse(text);
   } catch (const Error& error) {
      return error.sqlstate() + " " + error.message();
   }
   return "no error";
}

}  // namespace

TEST(Date, FromCivil) {
   EXPECT_EQ(date::fromCivil(2000, 1, 1), 0);
   EXPECT_EQ(date::fromCivil(1970, 1, 1), -10957);
   EXPECT_EQ(date::fromCivil(2024, 2, 29), 8825);
   EXPECT_EQ(date::fromCivil(1998, 12, 1), -396);
   EXPECT_EQ(date::fromCivil(9999, 12, 31), 2921939);
   EXPECT_EQ(date::fromCivil(1, 1, 1), -730119);
   EXPECT_EQ(date::fromCivil(1999, 12, 31), -1);
   EXPECT_EQ(date::fromCivil(2000, 3, 1), 60);  // 2000 is a leap year: Jan 31 + Feb 29
}

TEST(Date, ToCivilRoundTripsEveryDayOf1899To2101) {
   int32_t expected = date::fromCivil(1899, 1, 1);
   for (int64_t y = 1899; y <= 2101; ++y)
      for (unsigned m = 1; m <= 12; ++m)
         for (unsigned d = 1; d <= date::daysInMonth(y, m); ++d) {
            ASSERT_EQ(date::fromCivil(y, m, d), expected) << y << '-' << m << '-' << d;
            int64_t year;
            unsigned month, day;
            date::toCivil(expected, year, month, day);
            ASSERT_EQ(year, y);
            ASSERT_EQ(month, m);
            ASSERT_EQ(day, d);
            ++expected;
         }
}

TEST(Date, LeapYears) {
   EXPECT_EQ(date::daysInMonth(2024, 2), 29u);
   EXPECT_EQ(date::daysInMonth(2023, 2), 28u);
   EXPECT_EQ(date::daysInMonth(1900, 2), 28u);
   EXPECT_EQ(date::daysInMonth(2000, 2), 29u);
   EXPECT_EQ(date::daysInMonth(2023, 4), 30u);
   EXPECT_EQ(date::daysInMonth(2023, 12), 31u);
   EXPECT_TRUE(date::isValid(2000, 2, 29));
   EXPECT_FALSE(date::isValid(1900, 2, 29));
   EXPECT_FALSE(date::isValid(2023, 2, 29));
   EXPECT_FALSE(date::isValid(2023, 13, 1));
   EXPECT_FALSE(date::isValid(2023, 0, 1));
   EXPECT_FALSE(date::isValid(2023, 4, 31));
   EXPECT_FALSE(date::isValid(2023, 1, 0));
}

TEST(Date, Parse) {
   EXPECT_EQ(parseOk("2000-01-01"), 0);
   EXPECT_EQ(parseOk("1998-12-01"), -396);
   EXPECT_EQ(parseOk(" 2024-01-05 "), date::fromCivil(2024, 1, 5));  // PostgreSQL accepts blanks around
   EXPECT_EQ(parseOk("2000-02-29"), 59);
}

TEST(Date, ParseOutOfRange) {
   // '2023-02-29', '2023-13-01', '1900-02-29': date/time field value out of range (22008)
   for (std::string_view text : {"2023-02-29", "2023-13-01", "1900-02-29", "2023-04-31", "2023-00-10", "0000-01-01", "2147483648-01-01"})
      EXPECT_EQ(parseError(text), "22008 date/time field value out of range: \"" + std::string(text) + "\"");
   // A real day beyond 4714-11-24 BC .. 5874897-12-31: date out of range (22008)
   for (std::string_view text : {"5874898-01-01", "4714-11-23 BC", "4715-01-01 BC", "2147483647-01-01"})
      EXPECT_EQ(parseError(text), "22008 date out of range: \"" + std::string(text) + "\"");
   EXPECT_EQ(parseOk("5874897-12-31"), date::endDay - 1);
   EXPECT_EQ(parseOk("4714-11-24 BC"), date::firstDay);
}

TEST(Date, ParseMalformed) {
   // 'abc'::date: invalid input syntax for type date (22007)
   for (std::string_view text : {"abc", "", "2023-01", "2023/01/01", "2023-01-01x", "2023--01-01", "+infinity", "infinityx", "infinity 2000-01-01"})
      EXPECT_EQ(parseError(text), "22007 invalid input syntax for type date: \"" + std::string(text) + "\"");
}

TEST(Date, ParseSpecialsAndTimes) {
   // As PostgreSQL's date_in: the special words in any case, with blanks; a time, zone or era checked and ignored.
   EXPECT_EQ(parseOk("infinity"), date::infinity);
   EXPECT_EQ(parseOk(" -INFINITY "), date::minusInfinity);
   EXPECT_EQ(parseOk("- infinity"), date::minusInfinity);
   EXPECT_EQ(parseOk("infinity 10:00 BC"), date::infinity);
   EXPECT_EQ(parseOk("epoch"), date::fromCivil(1970, 1, 1));
   EXPECT_EQ(parseOk("2020-01-01 10:00"), date::fromCivil(2020, 1, 1));
   EXPECT_EQ(parseOk("2020-01-01T23:59:59.5+02"), date::fromCivil(2020, 1, 1));
   EXPECT_EQ(parseError("infinity 25:00"), "22008 date/time field value out of range: \"infinity 25:00\"");
}

TEST(Date, Format) {
   EXPECT_EQ(date::format(0), "2000-01-01");
   EXPECT_EQ(date::format(-396), "1998-12-01");
   EXPECT_EQ(date::format(8825), "2024-02-29");
   EXPECT_EQ(date::format(-730119), "0001-01-01");
   EXPECT_EQ(date::format(2921939), "9999-12-31");
   EXPECT_EQ(date::format(date::infinity), "infinity");
   EXPECT_EQ(date::format(date::minusInfinity), "-infinity");
}

TEST(Date, AddMonthsClampsToMonthEnd) {
   auto add = [](int64_t y, unsigned m, unsigned d, int32_t months) { return date::format(date::addMonths(date::fromCivil(y, m, d), months)); };
   // '2024-01-31'::date + interval '1 month' = 2024-02-29, '2023-01-31' + 1 month = 2023-02-28
   EXPECT_EQ(add(2024, 1, 31, 1), "2024-02-29");
   EXPECT_EQ(add(2023, 1, 31, 1), "2023-02-28");
   // '2024-02-29' + 1 year = 2025-02-28, - 12 months = 2023-02-28
   EXPECT_EQ(add(2024, 2, 29, 12), "2025-02-28");
   EXPECT_EQ(add(2024, 2, 29, -12), "2023-02-28");
   // '2024-03-31' - 1 month = 2024-02-29; '1999-12-31' + 2 months = 2000-02-29
   EXPECT_EQ(add(2024, 3, 31, -1), "2024-02-29");
   EXPECT_EQ(add(1999, 12, 31, 2), "2000-02-29");
   EXPECT_EQ(add(1998, 12, 1, -3), "1998-09-01");
   EXPECT_EQ(add(2000, 1, 15, -1), "1999-12-15");
   EXPECT_EQ(add(2000, 1, 15, -25), "1997-12-15");
   EXPECT_EQ(add(2000, 5, 31, 0), "2000-05-31");
}
