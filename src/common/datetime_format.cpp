#include "common/datetime_format.h"

#include <array>
#include <cctype>
#include <cstdio>
#include <cstdlib>

#include "common/date.h"
#include "common/decimal.h"
#include "common/interval.h"
#include "common/timestamp.h"

namespace kiln::datetime_format {

namespace {

enum class Key {
   ADPeriods,
   AMPeriods,
   AD,
   AM,
   BCPeriods,
   BC,
   CC,
   DAY,
   DDD,
   DD,
   DY,
   Day,
   Dy,
   D,
   FF1,
   FF2,
   FF3,
   FF4,
   FF5,
   FF6,
   HH24,
   HH12,
   HH,
   IDDD,
   ID,
   IW,
   IYYY,
   IYY,
   IY,
   I,
   J,
   MI,
   MM,
   MONTH,
   MON,
   MS,
   Month,
   Mon,
   OF,
   PMPeriods,
   PM,
   Q,
   RM,
   SSSSS,
   SSSS,
   SS,
   TZH,
   TZM,
   TZ,
   US,
   WW,
   W,
   YCommaYYY,
   YYYY,
   YYY,
   YY,
   Y,
   adPeriods,
   amPeriods,
   ad,
   am,
   bcPeriods,
   bc,
   day,
   dy,
   month,
   mon,
   pmPeriods,
   pm,
   rm,
   tz
};

struct Keyword {
   std::string_view text;
   Key key;
};

/// PostgreSQL's DCH_keywords (those kiln knows), in its order: the first that starts the rest of
/// the pattern wins, so longer ones come first. Lower-case spellings of numeric fields mean the
/// same; of names and meridiems they write lower case.
constexpr Keyword keywords[] = {
   {"A.D.", Key::ADPeriods},
   {"A.M.", Key::AMPeriods},
   {"AD", Key::AD},
   {"AM", Key::AM},
   {"B.C.", Key::BCPeriods},
   {"BC", Key::BC},
   {"CC", Key::CC},
   {"DAY", Key::DAY},
   {"DDD", Key::DDD},
   {"DD", Key::DD},
   {"DY", Key::DY},
   {"Day", Key::Day},
   {"Dy", Key::Dy},
   {"D", Key::D},
   {"FF1", Key::FF1},
   {"FF2", Key::FF2},
   {"FF3", Key::FF3},
   {"FF4", Key::FF4},
   {"FF5", Key::FF5},
   {"FF6", Key::FF6},
   {"HH24", Key::HH24},
   {"HH12", Key::HH12},
   {"HH", Key::HH},
   {"IDDD", Key::IDDD},
   {"ID", Key::ID},
   {"IW", Key::IW},
   {"IYYY", Key::IYYY},
   {"IYY", Key::IYY},
   {"IY", Key::IY},
   {"I", Key::I},
   {"J", Key::J},
   {"MI", Key::MI},
   {"MM", Key::MM},
   {"MONTH", Key::MONTH},
   {"MON", Key::MON},
   {"MS", Key::MS},
   {"Month", Key::Month},
   {"Mon", Key::Mon},
   {"OF", Key::OF},
   {"P.M.", Key::PMPeriods},
   {"PM", Key::PM},
   {"Q", Key::Q},
   {"RM", Key::RM},
   {"SSSSS", Key::SSSSS},
   {"SSSS", Key::SSSS},
   {"SS", Key::SS},
   {"TZH", Key::TZH},
   {"TZM", Key::TZM},
   {"TZ", Key::TZ},
   {"US", Key::US},
   {"WW", Key::WW},
   {"W", Key::W},
   {"Y,YYY", Key::YCommaYYY},
   {"YYYY", Key::YYYY},
   {"YYY", Key::YYY},
   {"YY", Key::YY},
   {"Y", Key::Y},
   {"a.d.", Key::adPeriods},
   {"a.m.", Key::amPeriods},
   {"ad", Key::ad},
   {"am", Key::am},
   {"b.c.", Key::bcPeriods},
   {"bc", Key::bc},
   {"cc", Key::CC},
   {"day", Key::day},
   {"ddd", Key::DDD},
   {"dd", Key::DD},
   {"dy", Key::dy},
   {"d", Key::D},
   {"ff1", Key::FF1},
   {"ff2", Key::FF2},
   {"ff3", Key::FF3},
   {"ff4", Key::FF4},
   {"ff5", Key::FF5},
   {"ff6", Key::FF6},
   {"hh24", Key::HH24},
   {"hh12", Key::HH12},
   {"hh", Key::HH},
   {"iddd", Key::IDDD},
   {"id", Key::ID},
   {"iw", Key::IW},
   {"iyyy", Key::IYYY},
   {"iyy", Key::IYY},
   {"iy", Key::IY},
   {"i", Key::I},
   {"j", Key::J},
   {"mi", Key::MI},
   {"mm", Key::MM},
   {"month", Key::month},
   {"mon", Key::mon},
   {"ms", Key::MS},
   {"of", Key::OF},
   {"p.m.", Key::pmPeriods},
   {"pm", Key::pm},
   {"q", Key::Q},
   {"rm", Key::rm},
   {"sssss", Key::SSSSS},
   {"ssss", Key::SSSS},
   {"ss", Key::SS},
   {"tzh", Key::TZH},
   {"tzm", Key::TZM},
   {"tz", Key::tz},
   {"us", Key::US},
   {"ww", Key::WW},
   {"w", Key::W},
   {"y,yyy", Key::YCommaYYY},
   {"yyyy", Key::YYYY},
   {"yyy", Key::YYY},
   {"yy", Key::YY},
   {"y", Key::Y},
};

constexpr std::array<std::string_view, 12> monthNames = {"January", "February", "March",     "April",   "May",      "June",
                                                         "July",    "August",   "September", "October", "November", "December"};
constexpr std::array<std::string_view, 12> romanMonths = {"I", "II", "III", "IV", "V", "VI", "VII", "VIII", "IX", "X", "XI", "XII"};
constexpr std::array<std::string_view, 7> dayNames = {"Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"};

const Keyword* keywordAt(std::string_view rest) {
   for (const Keyword& k : keywords)
      if (rest.starts_with(k.text)) return &k;
   return nullptr;
}

/// printf's "%0*lld": at least `width` digits, the sign counting as one.
std::string padded(int64_t value, int width) {
   char text[32];
   std::snprintf(text, sizeof(text), "%0*lld", width, static_cast<long long>(value));
   return text;
}

/// printf's "%-*s" of the name in upper case (letterCase > 0), lower case (< 0) or as it is.
std::string name(std::string_view text, int width, int letterCase) {
   std::string s(text);
   for (char& c : s) {
      if (letterCase > 0) c = char(std::toupper(static_cast<unsigned char>(c)));
      if (letterCase < 0) c = char(std::tolower(static_cast<unsigned char>(c)));
   }
   if (s.size() < size_t(width)) s.append(size_t(width) - s.size(), ' ');
   return s;
}

/// Year as to_char shows it: 1 BC (year 0) is 1; an interval's years as they are.
int64_t shownYear(const Fields& f) { return f.isInterval || f.year > 0 ? f.year : 1 - f.year; }

/// The English ordinal suffix TH/th appends: 1st, 2nd, 3rd, 11th.
std::string ordinal(std::string_view digits, bool upper) {
   if (digits.empty() || !std::isdigit(static_cast<unsigned char>(digits.back()))) return {};
   int last = digits.back() - '0';
   bool teen = digits.size() > 1 && digits[digits.size() - 2] == '1';
   std::string_view suffix = teen || last == 0 || last > 3 ? "th" : last == 1 ? "st" : last == 2 ? "nd" : "rd";
   std::string s(suffix);
   if (upper)
      for (char& c : s) c = char(std::toupper(static_cast<unsigned char>(c)));
   return s;
}

/// The ISO 8601 week date: weeks start on Monday, week 1 holds the year's first Thursday.
struct IsoWeekDate {
   int64_t year;
   int64_t week;
   int weekday;  // 1 = Monday
};

IsoWeekDate isoWeekDate(const Fields& f) {
   int32_t days = date::fromCivil(f.year, unsigned(f.month), unsigned(f.day));
   int weekday = f.weekday == 0 ? 7 : f.weekday;
   int32_t thursday = days - (weekday - 4);
   int64_t year;
   unsigned month, day;
   date::toCivil(thursday, year, month, day);
   return {year, (thursday - date::fromCivil(year, 1, 1)) / 7 + 1, weekday};
}

[[noreturn]] void invalidForInterval() { throw Error("22007", "invalid format specification for an interval value"); }

}  // namespace

Fields ofTimestamp(int64_t local) {
   Fields f;
   int32_t days = timestamp::toDate(local);
   unsigned month, day;
   date::toCivil(days, f.year, month, day);
   f.month = month;
   f.day = day;
   int64_t time = timestamp::timeOfDay(local);
   f.hour = time / timestamp::microsPerHour;
   f.minute = time / timestamp::microsPerMinute % 60;
   f.second = time / interval::microsPerSecond % 60;
   f.micros = time % interval::microsPerSecond;
   f.dayOfYear = days - date::fromCivil(f.year, 1, 1) + 1;
   f.weekday = int(((days % 7) + 7 + 6) % 7);  // 2000-01-01 was a Saturday
   return f;
}

Fields ofInterval(const Interval& value) {
   // PostgreSQL's interval2tm: every part carries the sign of what it comes from.
   Fields f;
   f.isInterval = true;
   f.year = value.months / 12;
   f.month = value.months % 12;
   f.day = value.days;
   f.hour = value.micros / timestamp::microsPerHour;
   f.minute = value.micros / timestamp::microsPerMinute % 60;
   f.second = value.micros / interval::microsPerSecond % 60;
   f.micros = value.micros % interval::microsPerSecond;
   f.dayOfYear = (f.year * 12 + f.month) * 30 + f.day;
   return f;
}

std::string format(const Fields& f, std::string_view pattern) {
   std::string out;
   for (size_t i = 0; i < pattern.size();) {
      std::string_view rest = pattern.substr(i);
      // Prefixes: FM fill mode (no padding); TM (translation mode) names without padding; FX
      // (exact input format) means nothing to to_char.
      bool fillMode = rest.starts_with("FM") || rest.starts_with("fm");
      bool translationMode = rest.starts_with("TM") || rest.starts_with("tm");
      if (fillMode || translationMode || rest.starts_with("FX") || rest.starts_with("fx")) {
         i += 2;
         rest = pattern.substr(i);
      }
      const Keyword* k = keywordAt(rest);
      if (!k) {
         // A prefix without a pattern after it is dropped, as PostgreSQL does.
         if (rest.empty()) break;
         if (rest[0] == '"') {
            // Quoted text is copied; a backslash in it quotes the next character.
            for (++i; i < pattern.size() && pattern[i] != '"'; ++i) {
               if (pattern[i] == '\\' && i + 1 < pattern.size()) ++i;
               out += pattern[i];
            }
            if (i < pattern.size()) ++i;
            continue;
         }
         if (rest.starts_with("\\\"")) ++i;  // outside quotes a backslash only quotes a quote
         out += pattern[i++];
         continue;
      }
      i += k->text.size();
      // `width` digits, one more when `signOf` is negative (the sign takes one), none in fill mode.
      auto number = [&](int64_t value, int width, int64_t signOf) { return padded(value, fillMode ? 0 : signOf >= 0 ? width : width + 1); };
      auto wordCase = [&](Key upper, Key lower) { return k->key == upper ? 1 : k->key == lower ? -1 : 0; };
      int64_t hour12 = f.hour % 12 == 0 ? 12 : f.hour % 12;  // a 12-hour clock, also for intervals
      bool afternoon = f.hour % 24 >= 12;
      bool beforeChrist = f.year <= 0;
      std::string field;
      bool numeric = true;
      switch (k->key) {
         case Key::ADPeriods:
         case Key::BCPeriods:
         case Key::adPeriods:
         case Key::bcPeriods:
            if (f.isInterval) invalidForInterval();
            field = beforeChrist ? "B.C." : "A.D.";
            if (k->key == Key::adPeriods || k->key == Key::bcPeriods) field = beforeChrist ? "b.c." : "a.d.";
            numeric = false;
            break;
         case Key::AD:
         case Key::BC:
         case Key::ad:
         case Key::bc:
            if (f.isInterval) invalidForInterval();
            field = (k->key == Key::AD || k->key == Key::BC) ? (beforeChrist ? "BC" : "AD") : (beforeChrist ? "bc" : "ad");
            numeric = false;
            break;
         case Key::AMPeriods:
         case Key::PMPeriods:
            field = afternoon ? "P.M." : "A.M.";
            numeric = false;
            break;
         case Key::amPeriods:
         case Key::pmPeriods:
            field = afternoon ? "p.m." : "a.m.";
            numeric = false;
            break;
         case Key::AM:
         case Key::PM:
            field = afternoon ? "PM" : "AM";
            numeric = false;
            break;
         case Key::am:
         case Key::pm:
            field = afternoon ? "pm" : "am";
            numeric = false;
            break;
         case Key::CC: {
            // Century 20 is 1901-2000, century -1 is 100 BC to 1 BC; an interval's counts from 0.
            int64_t century = f.isInterval ? f.year / 100 : f.year > 0 ? (f.year - 1) / 100 + 1 : f.year / 100 - 1;
            field = century >= -99 && century <= 99 ? number(century, 2, century) : std::to_string(century);
            break;
         }
         case Key::DAY:
         case Key::Day:
         case Key::day:
            if (f.isInterval) invalidForInterval();
            field = name(dayNames[size_t(f.weekday)], fillMode || translationMode ? 0 : 9, wordCase(Key::DAY, Key::day));
            numeric = false;
            break;
         case Key::DY:
         case Key::Dy:
         case Key::dy:
            if (f.isInterval) invalidForInterval();
            field = name(dayNames[size_t(f.weekday)].substr(0, 3), 0, wordCase(Key::DY, Key::dy));
            numeric = false;
            break;
         case Key::DDD: field = padded(f.dayOfYear, fillMode ? 0 : 3); break;
         case Key::DD: field = padded(f.day, fillMode ? 0 : 2); break;
         case Key::D:
            if (f.isInterval) invalidForInterval();
            field = std::to_string(f.weekday + 1);
            break;
         case Key::FF1:
         case Key::FF2:
         case Key::FF3:
         case Key::FF4:
         case Key::FF5:
         case Key::FF6: {
            int digits = int(k->key) - int(Key::FF1) + 1;
            field = padded(f.micros / int64_t(decimal::pow10(unsigned(6 - digits))), digits);
            break;
         }
         case Key::IDDD:
         case Key::ID:
         case Key::IW:
         case Key::IYYY:
         case Key::IYY:
         case Key::IY:
         case Key::I: {
            // PostgreSQL takes an interval's years, months and days for a date here; kiln refuses.
            if (f.isInterval) throw Error("0A000", "ISO week date patterns are not supported for intervals");
            IsoWeekDate iso = isoWeekDate(f);
            int64_t year = iso.year > 0 ? iso.year : 1 - iso.year;
            if (k->key == Key::IDDD) field = padded((iso.week - 1) * 7 + iso.weekday, fillMode ? 0 : 3);
            if (k->key == Key::ID) field = std::to_string(iso.weekday);
            if (k->key == Key::IW) field = padded(iso.week, fillMode ? 0 : 2);
            if (k->key == Key::IYYY) field = number(year, 4, year);
            if (k->key == Key::IYY) field = number(year % 1000, 3, year);
            if (k->key == Key::IY) field = number(year % 100, 2, year);
            if (k->key == Key::I) field = std::to_string(year % 10);
            break;
         }
         case Key::RM:
         case Key::rm: {
            // An interval's months count too: 0 months is XII (I when the years are negative),
            // -1 month XII, -2 XI.
            if (f.month == 0 && f.year == 0) break;
            int64_t month = f.month > 0 ? f.month : f.month == 0 ? (f.year >= 0 ? 12 : 1) : 13 + f.month;
            field = name(romanMonths[size_t(month - 1)], fillMode ? 0 : 4, k->key == Key::rm ? -1 : 0);
            numeric = false;
            break;
         }
         case Key::HH24: field = number(f.hour, 2, f.hour); break;
         case Key::HH12:
         case Key::HH: field = number(hour12, 2, f.hour); break;
         case Key::J:
            if (f.isInterval) invalidForInterval();
            field = std::to_string(date::fromCivil(f.year, unsigned(f.month), unsigned(f.day)) + 2451545);
            break;
         case Key::MI: field = number(f.minute, 2, f.minute); break;
         case Key::MM: field = number(f.month, 2, f.month); break;
         case Key::MONTH:
         case Key::Month:
         case Key::month:
            if (f.isInterval) invalidForInterval();
            field = name(monthNames[size_t(f.month - 1)], fillMode || translationMode ? 0 : 9, wordCase(Key::MONTH, Key::month));
            numeric = false;
            break;
         case Key::MON:
         case Key::Mon:
         case Key::mon:
            if (f.isInterval) invalidForInterval();
            field = name(monthNames[size_t(f.month - 1)].substr(0, 3), 0, wordCase(Key::MON, Key::mon));
            numeric = false;
            break;
         case Key::MS: field = padded(f.micros / 1000, 3); break;
         case Key::US: field = padded(f.micros, 6); break;
         case Key::OF: {
            if (f.isInterval) invalidForInterval();
            int32_t magnitude = std::abs(f.offsetSeconds);
            field = (f.offsetSeconds >= 0 ? "+" : "-") + padded(magnitude / 3600, fillMode ? 0 : 2);
            if (magnitude % 3600) field += ":" + padded(magnitude % 3600 / 60, 2);
            numeric = false;
            break;
         }
         case Key::TZH:
            if (f.isInterval) invalidForInterval();
            field = (f.offsetSeconds >= 0 ? "+" : "-") + padded(std::abs(f.offsetSeconds) / 3600, 2);
            numeric = false;
            break;
         case Key::TZM:
            if (f.isInterval) invalidForInterval();
            field = padded(std::abs(f.offsetSeconds) % 3600 / 60, 2);
            break;
         case Key::TZ:
         case Key::tz:
            if (f.isInterval) invalidForInterval();
            field = name(f.zoneAbbreviation.value_or(""), 0, k->key == Key::tz ? -1 : 0);
            numeric = false;
            break;
         case Key::Q: field = f.month == 0 ? "" : std::to_string((f.month - 1) / 3 + 1); break;
         case Key::SSSSS:
         case Key::SSSS: field = std::to_string(f.hour * 3600 + f.minute * 60 + f.second); break;
         case Key::SS: field = number(f.second, 2, f.second); break;
         case Key::WW: field = padded((f.dayOfYear - 1) / 7 + 1, fillMode ? 0 : 2); break;
         case Key::W: field = std::to_string((f.day - 1) / 7 + 1); break;
         case Key::YCommaYYY: {
            int64_t year = shownYear(f);
            field = std::to_string(year / 1000) + "," + padded(year % 1000, 3);
            break;
         }
         case Key::YYYY: field = number(shownYear(f), 4, shownYear(f)); break;
         case Key::YYY: field = number(shownYear(f) % 1000, 3, shownYear(f)); break;
         case Key::YY: field = number(shownYear(f) % 100, 2, shownYear(f)); break;
         case Key::Y: field = std::to_string(shownYear(f) % 10); break;
      }
      out += field;
      // A TH or th after a pattern appends a number's ordinal suffix; after a name it does nothing,
      // nor does SP (spell mode, which PostgreSQL does not implement) anywhere.
      std::string_view after = pattern.substr(i);
      if (after.starts_with("TH") || after.starts_with("th")) {
         if (numeric) out += ordinal(field, after[0] == 'T');
         i += 2;
      } else if (after.starts_with("SP")) {
         i += 2;
      }
   }
   return out;
}

namespace {

bool isNumericKey(Key key) {
   switch (key) {
      case Key::YYYY:
      case Key::YYY:
      case Key::YY:
      case Key::Y:
      case Key::MM:
      case Key::DD:
      case Key::DDD:
      case Key::HH24:
      case Key::HH12:
      case Key::HH:
      case Key::MI:
      case Key::SS:
      case Key::MS:
      case Key::US: return true;
      default: return false;
   }
}

/// The fields read, before they make a date and time.
struct Parsed {
   int64_t year = 0, month = 1, day = 1, hour = 0, minute = 0, second = 0, micros = 0, dayOfYear = 0;  // no year: 1 BC, as PostgreSQL
   int yearDigits = 4;  // YY: 2, YYY: 3, Y: 1
   bool twelveHour = false, afternoon = false, monthGiven = false, dayGiven = false;
};

/// The year of a two- or three-digit year (or one digit) nearest to 2020, as PostgreSQL's
/// adjust_partial_year_to_2020.
int64_t nearTo2020(int64_t year, int digits) {
   if (digits >= 4) return year;
   if (year < 70) return year + 2000;
   if (year < 100) return year + 1900;
   if (year < 520) return year + 2000;
   if (year < 1000) return year + 1000;
   return year;
}

bool startsCaseless(std::string_view text, std::string_view prefix) {
   if (text.size() < prefix.size()) return false;
   for (size_t i = 0; i < prefix.size(); ++i)
      if (std::tolower(static_cast<unsigned char>(text[i])) != std::tolower(static_cast<unsigned char>(prefix[i]))) return false;
   return true;
}

}  // namespace

DateAndTime parse(std::string_view text, std::string_view pattern) {
   Parsed p;
   size_t in = 0;
   auto skipBlanks = [&] {
      while (in < text.size() && std::isspace(static_cast<unsigned char>(text[in]))) ++in;
   };
   auto invalidValue = [&](std::string_view keyword, const std::string& detail) -> Error {
      size_t end = in;
      while (end < text.size() && !std::isspace(static_cast<unsigned char>(text[end]))) ++end;
      return Error("22007", "invalid value \"" + std::string(text.substr(in, end - in)) + "\" for \"" + std::string(keyword) + "\"", 0, detail);
   };
   // The index of the name (or its first three letters, unless `full`) the text goes on with.
   auto readName = [&](const auto& names, bool full, std::string_view keyword) {
      for (size_t n = 0; n < names.size(); ++n) {
         std::string_view name = full ? names[n] : names[n].substr(0, 3);
         if (!startsCaseless(text.substr(in), name)) continue;
         in += name.size();
         return n;
      }
      throw invalidValue(keyword, "The given value did not match any of the allowed values for this field.");
   };
   // As PostgreSQL: the rest of the pattern goes unread when the text ends.
   for (size_t i = 0; i < pattern.size() && in < text.size();) {
      std::string_view rest = pattern.substr(i);
      bool fillMode = rest.starts_with("FM") || rest.starts_with("fm");
      if (rest.starts_with("FX") || rest.starts_with("fx")) throw Error("0A000", "FX in to_date and to_timestamp is not supported yet");
      if (fillMode || rest.starts_with("TM") || rest.starts_with("tm")) {
         i += 2;
         rest = pattern.substr(i);
      }
      const Keyword* k = keywordAt(rest);
      if (!k) {
         if (rest.empty()) break;
         char c = rest[0];
         if (c == '"') {
            // Quoted text skips as many characters of the input.
            for (++i; i < pattern.size() && pattern[i] != '"'; ++i) {
               if (pattern[i] == '\\' && i + 1 < pattern.size()) ++i;
               if (in < text.size()) ++in;
            }
            ++i;
            continue;
         }
         if (std::isspace(static_cast<unsigned char>(c))) {
            skipBlanks();
         } else if (!std::isalnum(static_cast<unsigned char>(c))) {
            // A separator matches one blank or separator of the input, or none.
            if (in < text.size() && !std::isalnum(static_cast<unsigned char>(text[in]))) ++in;
         } else if (in < text.size()) {
            ++in;  // another character of the pattern skips one of the input
            while (in < text.size() && (static_cast<unsigned char>(text[in]) & 0xC0) == 0x80) ++in;
         }
         ++i;
         continue;
      }
      i += k->text.size();
      skipBlanks();
      if (isNumericKey(k->key)) {
         // Its width when another number follows at once, else every digit there is.
         size_t width = k->key == Key::YYYY                                             ? 4
                        : k->key == Key::YYY || k->key == Key::DDD || k->key == Key::MS ? 3
                        : k->key == Key::Y                                              ? 1
                        : k->key == Key::US                                             ? 6
                                                                                        : 2;
         const Keyword* next = i < pattern.size() ? keywordAt(pattern.substr(i)) : nullptr;
         bool bounded = !fillMode && next && isNumericKey(next->key);
         size_t start = in;
         bool negative = in < text.size() && text[in] == '-' && (k->key == Key::YYYY);
         if (negative) ++in;
         int64_t value = 0;
         size_t digits = 0;
         while (in < text.size() && std::isdigit(static_cast<unsigned char>(text[in])) && (!bounded || digits < width)) {
            value = value * 10 + (text[in++] - '0');
            if (++digits > 18) break;
         }
         if (digits == 0) {
            in = start;
            throw invalidValue(k->text, "Value must be an integer.");
         }
         if (negative) value = -value;
         switch (k->key) {
            case Key::YYYY:
               p.year = value;
               p.yearDigits = 4;
               break;
            case Key::YYY:
               p.year = value;
               p.yearDigits = int(digits < 3 ? digits : 3);
               break;
            case Key::YY:
               p.year = value;
               p.yearDigits = int(digits < 2 ? digits : 2);
               break;
            case Key::Y:
               p.year = value;
               p.yearDigits = 1;
               break;
            case Key::MM:
               p.month = value;
               p.monthGiven = true;
               break;
            case Key::DD:
               p.day = value;
               p.dayGiven = true;
               break;
            case Key::DDD: p.dayOfYear = value; break;
            case Key::HH24: p.hour = value; break;
            case Key::HH12:
            case Key::HH:
               p.hour = value;
               p.twelveHour = true;
               break;
            case Key::MI: p.minute = value; break;
            case Key::SS: p.second = value; break;
            // Fewer digits are the leading ones: .5 is 500 milliseconds.
            case Key::MS: p.micros = value * int64_t(decimal::pow10(unsigned(3 - std::min<size_t>(digits, 3)))) * 1000; break;
            case Key::US: p.micros = value * int64_t(decimal::pow10(unsigned(6 - std::min<size_t>(digits, 6)))); break;
            default: break;
         }
         continue;
      }
      switch (k->key) {
         case Key::AM:
         case Key::PM:
         case Key::am:
         case Key::pm:
         case Key::AMPeriods:
         case Key::PMPeriods:
         case Key::amPeriods:
         case Key::pmPeriods: {
            bool periods = k->text.size() == 4;
            std::string_view am = periods ? "a.m." : "am", pm = periods ? "p.m." : "pm";
            if (startsCaseless(text.substr(in), am)) p.afternoon = false;
            else if (startsCaseless(text.substr(in), pm)) p.afternoon = true;
            else throw invalidValue(k->text, "The given value did not match any of the allowed values for this field.");
            in += am.size();
            p.twelveHour = true;
            break;
         }
         case Key::MONTH:
         case Key::Month:
         case Key::month:
         case Key::MON:
         case Key::Mon:
         case Key::mon:
            p.month = int64_t(readName(monthNames, k->text.size() == 5, k->text)) + 1;
            p.monthGiven = true;
            break;
         case Key::DAY:
         case Key::Day:
         case Key::day:
         case Key::DY:
         case Key::Dy:
         case Key::dy:
            readName(dayNames, k->text.size() == 3, k->text);  // read, then ignored, as PostgreSQL does
            break;
         default: throw Error("0A000", "the template pattern \"" + std::string(k->text) + "\" is not supported by to_date and to_timestamp yet");
      }
   }
   auto outOfRange = [&] { return Error("22008", "date/time field value out of range: \"" + std::string(text) + "\""); };
   int64_t year = nearTo2020(p.year, p.yearDigits);
   if (year < 0) year += 1;  // -44 is 44 BC: year -43 counted from year 0 (1 BC)
   if (p.twelveHour) {
      if (p.hour < 1 || p.hour > 12)
         throw Error("22007", "hour \"" + std::to_string(p.hour) + "\" is invalid for the 12-hour clock", 0,
                     "Use the 24-hour clock, or give an hour between 1 and 12.");
      p.hour = p.hour % 12 + (p.afternoon ? 12 : 0);
   }
   int64_t time = p.hour * timestamp::microsPerHour + p.minute * timestamp::microsPerMinute + p.second * 1'000'000 + p.micros;
   if (p.dayOfYear && !p.monthGiven && !p.dayGiven) {
      if (p.dayOfYear < 1 || p.dayOfYear > (date::daysInMonth(year, 2) == 29 ? 366 : 365)) throw outOfRange();
      return {date::dayNumber(year, 1, 1) + p.dayOfYear - 1, time};
   }
   if (p.month < 1 || p.month > 12 || p.day < 1 || p.day > date::daysInMonth(year, unsigned(p.month)) || p.hour > 23 || p.minute > 59 || p.second > 60)
      throw outOfRange();
   return {date::dayNumber(year, unsigned(p.month), unsigned(p.day)), time};
}

}  // namespace kiln::datetime_format
