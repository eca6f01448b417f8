#include "common/interval.h"

#include <cctype>
#include <charconv>
#include <cmath>
#include <cstdio>

namespace kiln::interval {

static bool unitIs(std::string_view unit, std::initializer_list<const char*> names) {
   for (const char* name : names)
      if (unit == name) return true;
   return false;
}

std::optional<Interval> parse(std::string_view text) {
   Interval result;
   int32_t years = 0;
   size_t i = 0;
   bool any = false;
   // Fields beyond their range fail as in PostgreSQL (they wrapped around).
   auto fieldOutOfRange = [&] { return Error("22015", "interval field value out of range: \"" + std::string(text) + "\""); };
   auto add32 = [&](int32_t& field, double amount) {
      double total = double(field) + amount;
      if (!(total >= double(INT32_MIN) && total <= double(INT32_MAX))) throw fieldOutOfRange();
      field = int32_t(total);
   };
   auto add64 = [&](int64_t& field, double amount) {
      if (!(amount >= -9.2233720368547758e18 && amount < 9.2233720368547758e18) || __builtin_add_overflow(field, int64_t(amount), &field))
         throw fieldOutOfRange();
   };
   auto skipBlanks = [&] {
      while (i < text.size() && std::isspace(static_cast<unsigned char>(text[i]))) ++i;
   };
   skipBlanks();
   if (i < text.size() && text[i] == '@') ++i;
   bool ago = false;  // "ago" anywhere negates the whole interval
   while (true) {
      skipBlanks();
      if (i >= text.size()) break;
      if (text.size() - i >= 3 && (text.size() - i == 3 || std::isspace(static_cast<unsigned char>(text[i + 3]))) &&
          std::tolower(static_cast<unsigned char>(text[i])) == 'a' && std::tolower(static_cast<unsigned char>(text[i + 1])) == 'g' &&
          std::tolower(static_cast<unsigned char>(text[i + 2])) == 'o') {
         ago = true;
         i += 3;
         continue;
      }
      bool negative = false;
      if (text[i] == '-' || text[i] == '+') negative = text[i++] == '-';
      size_t start = i;
      while (i < text.size() && (std::isdigit(static_cast<unsigned char>(text[i])) || text[i] == '.')) ++i;
      if (i == start) return std::nullopt;
      std::string number(text.substr(start, i - start));
      if (i < text.size() && text[i] == ':') {
         // hh:mm[:ss[.ffffff]], in whole microseconds
         int64_t hours = 0, minutes = 0, micros = 0;
         if (std::from_chars(number.data(), number.data() + number.size(), hours).ec != std::errc()) throw fieldOutOfRange();
         ++i;
         size_t mStart = i;
         while (i < text.size() && std::isdigit(static_cast<unsigned char>(text[i]))) ++i;
         if (i == mStart) return std::nullopt;
         if (std::from_chars(text.data() + mStart, text.data() + i, minutes).ec != std::errc()) throw fieldOutOfRange();
         double seconds = 0;
         if (i < text.size() && text[i] == ':') {
            ++i;
            size_t sStart = i;
            while (i < text.size() && (std::isdigit(static_cast<unsigned char>(text[i])) || text[i] == '.')) ++i;
            if (i == sStart) return std::nullopt;
            seconds = std::strtod(std::string(text.substr(sStart, i - sStart)).c_str(), nullptr);
         }
         if (__builtin_mul_overflow(hours, 3600 * microsPerSecond, &micros) || __builtin_add_overflow(micros, minutes * 60 * microsPerSecond, &micros))
            throw fieldOutOfRange();
         double fraction = std::round(seconds * 1e6);
         if (!(fraction < 9.2233720368547758e18) || __builtin_add_overflow(micros, int64_t(fraction), &micros)) throw fieldOutOfRange();
         if (__builtin_add_overflow(result.micros, negative ? -micros : micros, &result.micros)) throw fieldOutOfRange();
         any = true;
         continue;
      }
      double value = std::strtod(number.c_str(), nullptr);
      if (negative) value = -value;
      skipBlanks();
      size_t uStart = i;
      while (i < text.size() && std::isalpha(static_cast<unsigned char>(text[i]))) ++i;
      std::string unit;
      for (char c : text.substr(uStart, i - uStart)) unit.push_back(char(std::tolower(static_cast<unsigned char>(c))));
      if (unit.empty() || unitIs(unit, {"s", "sec", "secs", "second", "seconds"})) {
         add64(result.micros, std::round(value * 1e6));
      } else if (unitIs(unit, {"y", "yr", "yrs", "year", "years"})) {
         // Years are a field of their own until the end, as PostgreSQL's tm_year.
         add32(years, std::trunc(value));
         add32(result.months, std::round((value - std::trunc(value)) * 12));
      } else if (unitIs(unit, {"mon", "mons", "month", "months"})) {
         add32(result.months, std::trunc(value));
         add32(result.days, std::round((value - std::trunc(value)) * 30));
      } else if (unitIs(unit, {"w", "week", "weeks"})) {
         add32(result.days, std::round(value * 7));
      } else if (unitIs(unit, {"d", "day", "days"})) {
         add32(result.days, std::trunc(value));
         add64(result.micros, std::round((value - std::trunc(value)) * double(microsPerDay)));
      } else if (unitIs(unit, {"h", "hr", "hrs", "hour", "hours"})) {
         add64(result.micros, std::round(value * 3600e6));
      } else if (unitIs(unit, {"m", "min", "mins", "minute", "minutes"})) {
         add64(result.micros, std::round(value * 60e6));
      } else if (unitIs(unit, {"ms", "msec", "msecs", "millisecond", "milliseconds"})) {
         add64(result.micros, std::round(value * 1e3));
      } else if (unitIs(unit, {"us", "usec", "usecs", "microsecond", "microseconds"})) {
         // Whole microseconds exactly, up to the field's last value.
         int64_t whole = 0;
         if (number.find('.') == std::string::npos && std::from_chars(number.data(), number.data() + number.size(), whole).ec == std::errc()) {
            if (__builtin_add_overflow(result.micros, negative ? -whole : whole, &result.micros)) throw fieldOutOfRange();
         } else {
            add64(result.micros, std::round(value));
         }
      } else {
         return std::nullopt;
      }
      any = true;
   }
   if (!any) return std::nullopt;
   int64_t months = int64_t(years) * 12 + result.months;
   if (months < INT32_MIN || months > INT32_MAX) throw Error("22008", "interval out of range");
   result.months = int32_t(months);
   if (ago) {
      if (result.months == INT32_MIN || result.days == INT32_MIN || result.micros == INT64_MIN) throw fieldOutOfRange();
      result = {-result.months, -result.days, -result.micros};
   }
   return result;
}

std::string format(const Interval& value) {
   std::string out;
   // Right after a negative part, a positive one shows its sign: "-2 mons +70 days 01:00:00"
   // (PostgreSQL's EncodeInterval: each nonzero part decides for the next one only).
   bool afterNegative = false;
   auto part = [&](int64_t amount, const char* singular, const char* plural) {
      if (amount == 0) return;
      if (!out.empty()) out += ' ';
      out += (afterNegative && amount > 0 ? "+" : "") + std::to_string(amount) + ' ' + (amount == 1 ? singular : plural);
      afterNegative = amount < 0;
   };
   part(value.months / 12, "year", "years");
   part(value.months % 12, "mon", "mons");
   part(value.days, "day", "days");
   if (value.micros != 0 || out.empty()) {
      int64_t micros = value.micros;
      bool negative = micros < 0;
      if (negative) micros = -micros;
      char buffer[64];
      int64_t seconds = micros / microsPerSecond, fraction = micros % microsPerSecond;
      int n = std::snprintf(buffer, sizeof(buffer), "%s%02lld:%02lld:%02lld",
                            negative        ? "-"
                            : afterNegative ? "+"
                                            : "",
                            static_cast<long long>(seconds / 3600), static_cast<long long>(seconds / 60 % 60), static_cast<long long>(seconds % 60));
      if (fraction) {
         n += std::snprintf(buffer + n, sizeof(buffer) - size_t(n), ".%06lld", static_cast<long long>(fraction));
         while (buffer[n - 1] == '0') buffer[--n] = 0;
      }
      if (!out.empty()) out += ' ';
      out += buffer;
   }
   return out;
}

Interval justify(const Interval& value, bool days, bool hours) {
   auto fit = [](int64_t part) {
      if (part < INT32_MIN || part > INT32_MAX) throw Error("22008", "interval out of range");
      return int32_t(part);
   };
   int64_t months = value.months, dayCount = value.days, micros = value.micros;
   if (hours) {
      dayCount += micros / microsPerDay;
      micros %= microsPerDay;
   }
   if (days) {
      months += dayCount / 30;
      dayCount %= 30;
      // The months' sign wins over the days' (and in justify_interval, with no days, the time's).
      bool timeCounts = hours && dayCount == 0;
      if (months > 0 && (dayCount < 0 || (timeCounts && micros < 0))) {
         dayCount += 30;
         --months;
      } else if (months < 0 && (dayCount > 0 || (timeCounts && micros > 0))) {
         dayCount -= 30;
         ++months;
      }
   }
   if (hours) {
      if (dayCount > 0 && micros < 0) {
         micros += microsPerDay;
         --dayCount;
      } else if (dayCount < 0 && micros > 0) {
         micros -= microsPerDay;
         ++dayCount;
      }
   }
   return {fit(months), fit(dayCount), micros};
}

Interval scale(const Interval& value, double factor, bool divide) {
   if (divide && factor == 0) throw Error("22012", "division by zero");
   auto scaled = [&](double x) { return divide ? x / factor : x * factor; };
   auto outOfRange = [] { return Error("22008", "interval out of range"); };
   // Whole microseconds where a computation comes within a rounding error of them.
   auto round = [](double x) { return std::rint(x * 1e6) / 1e6; };
   constexpr double secondsPerDay = 86'400;
   double months = scaled(value.months), days = scaled(value.days);
   if (std::isnan(months) || months < INT32_MIN || months > INT32_MAX || std::isnan(days) || days < INT32_MIN || days > INT32_MAX) throw outOfRange();
   Interval result{int32_t(months), int32_t(days), 0};
   double monthRemainderDays = round((months - result.months) * 30);
   double secondRemainder = round((days - result.days + monthRemainderDays - double(int32_t(monthRemainderDays))) * secondsPerDay);
   int64_t dayCount = result.days;
   if (std::fabs(secondRemainder) >= secondsPerDay) {
      dayCount += int32_t(secondRemainder / secondsPerDay);
      secondRemainder -= double(int32_t(secondRemainder / secondsPerDay)) * secondsPerDay;
   }
   dayCount += int32_t(monthRemainderDays);
   double micros = std::rint(scaled(double(value.micros)) + secondRemainder * double(microsPerSecond));
   if (dayCount < INT32_MIN || dayCount > INT32_MAX || std::isnan(micros) || micros < -9.2233720368547758e18 || micros >= 9.2233720368547758e18)
      throw outOfRange();
   result.days = int32_t(dayCount);
   result.micros = int64_t(micros);
   return result;
}

}  // namespace kiln::interval
