#include "common/time_zone.h"

#include <cctype>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <mutex>
#include <sstream>

#include "common/timestamp.h"
#include "kiln/kiln.h"

namespace kiln {

namespace {

constexpr int64_t microsPerSecond = 1'000'000;

int64_t floorDiv(int64_t a, int64_t b) { return a / b - (a % b != 0 && (a < 0) != (b < 0)); }

int64_t unixSeconds(int64_t micros) { return floorDiv(micros, microsPerSecond) + timestamp::unixEpochOffset / microsPerSecond; }

/// "05:30": hours, then minutes and seconds where they are not zero.
std::string offsetDigits(int32_t magnitude) {
   char digits[16];
   int n = std::snprintf(digits, sizeof(digits), "%02d", magnitude / 3600);
   if (magnitude % 3600) {
      n += std::snprintf(digits + n, sizeof(digits) - size_t(n), ":%02d", magnitude % 3600 / 60);
      if (magnitude % 60) std::snprintf(digits + n, sizeof(digits) - size_t(n), ":%02d", magnitude % 60);
   }
   return digits;
}

/// PostgreSQL's abbreviation of a fixed offset: "+05:30".
std::string offsetAbbreviation(int32_t secondsEast) { return (secondsEast >= 0 ? "+" : "-") + offsetDigits(std::abs(secondsEast)); }

/// PostgreSQL's name of a fixed offset: "<+05:30>-05:30" (a POSIX TZ string, whose sign is west).
std::string offsetName(int32_t secondsEast) {
   return "<" + offsetAbbreviation(secondsEast) + ">" + (secondsEast >= 0 ? "-" : "+") + offsetDigits(std::abs(secondsEast));
}

bool equalsIgnoringCase(std::string_view a, std::string_view b) {
   if (a.size() != b.size()) return false;
   for (size_t k = 0; k < a.size(); ++k)
      if (std::tolower(static_cast<unsigned char>(a[k])) != std::tolower(static_cast<unsigned char>(b[k]))) return false;
   return true;
}

/// The tz database's zone `name`, found in any case ("europe/berlin"), with its canonical name;
/// nullptr when there is no such zone.
std::shared_ptr<const TimeZone> loadZone(std::string_view name) {
   namespace fs = std::filesystem;
   if (name.empty() || name.front() == '/' || name.find("..") != std::string_view::npos) return nullptr;
   for (char c : name)
      if (!std::isalnum(static_cast<unsigned char>(c)) && c != '/' && c != '_' && c != '-' && c != '+' && c != '.') return nullptr;
   static std::mutex mutex;
   static std::map<std::string, std::shared_ptr<const TimeZone>> loaded;  // by the name as asked
   std::lock_guard lock(mutex);
   if (auto it = loaded.find(std::string(name)); it != loaded.end()) return it->second;
   const fs::path root = "/usr/share/zoneinfo";
   fs::path path = root;
   std::string canonical;
   std::error_code error;
   for (size_t begin = 0; begin <= name.size();) {
      size_t slash = std::min(name.find('/', begin), name.size());
      std::string_view part = name.substr(begin, slash - begin);
      std::string found;
      for (const auto& entry : fs::directory_iterator(path, error))
         if (std::string entryName = entry.path().filename().string(); equalsIgnoringCase(entryName, part) && (found.empty() || entryName == part))
            found = entryName;
      if (found.empty()) return nullptr;
      path /= found;
      canonical += (canonical.empty() ? "" : "/") + found;
      begin = slash + 1;
   }
   std::ifstream file(path, std::ios::binary);
   std::stringstream bytes;
   bytes << file.rdbuf();
   auto rules = file ? TimeZoneRules::ofTzif(bytes.str()) : std::nullopt;
   if (!rules) return nullptr;
   auto zone = std::make_shared<const TimeZone>(canonical, std::move(*rules));
   loaded.emplace(std::string(name), zone);
   return zone;
}

}  // namespace

std::shared_ptr<const TimeZone> TimeZone::utc() {
   static const auto zone = std::make_shared<const TimeZone>("UTC", TimeZoneRules::fixed(0, "UTC"));
   return zone;
}

std::shared_ptr<const TimeZone> TimeZone::ofOffset(int32_t secondsEast) {
   return std::make_shared<const TimeZone>(offsetName(secondsEast), TimeZoneRules::fixed(secondsEast, offsetAbbreviation(secondsEast)));
}

std::shared_ptr<const TimeZone> TimeZone::forSetting(std::string_view value) {
   std::string text(value);
   if (equalsIgnoringCase(text, "utc")) return utc();
   char* end = nullptr;
   double hours = std::strtod(text.c_str(), &end);
   if (end != text.c_str() && *end == '\0') {
      if (!(hours > -24 && hours < 24)) throw Error("22023", "invalid value for parameter \"TimeZone\": \"" + text + "\"");
      return ofOffset(int32_t(hours * 3600));
   }
   if (auto zone = loadZone(text)) return zone;
   if (auto rule = PosixZoneRule::parse(text)) return std::make_shared<const TimeZone>(text, TimeZoneRules::ofRule(*rule));
   throw Error("22023", "invalid value for parameter \"TimeZone\": \"" + text + "\"");
}

std::shared_ptr<const TimeZone> TimeZone::forInput(std::string_view name) {
   if (equalsIgnoringCase(name, "utc") || equalsIgnoringCase(name, "gmt") || equalsIgnoringCase(name, "z")) return utc();
   // Abbreviations other than these (PostgreSQL's timezone_abbreviations) are not known.
   if (name.find('/') != std::string_view::npos)
      if (auto zone = loadZone(name)) return zone;
   throw Error("22023", "time zone \"" + std::string(name) + "\" not recognized");
}

std::shared_ptr<const TimeZone> TimeZone::named(std::string_view name) {
   if (equalsIgnoringCase(name, "utc") || equalsIgnoringCase(name, "gmt") || equalsIgnoringCase(name, "z")) return utc();
   if (auto zone = loadZone(name)) return zone;
   if (auto rule = PosixZoneRule::parse(name)) return std::make_shared<const TimeZone>(std::string(name), TimeZoneRules::ofRule(*rule));
   throw Error("22023", "time zone \"" + std::string(name) + "\" not recognized");
}

int32_t TimeZone::offsetAt(int64_t utc) const { return rules_.offsetAt(unixSeconds(utc)); }

const std::string& TimeZone::abbreviationAt(int64_t utc) const { return rules_.abbreviationAt(unixSeconds(utc)); }

int64_t TimeZone::toLocal(int64_t utc) const { return utc + int64_t(offsetAt(utc)) * microsPerSecond; }

int32_t TimeZone::offsetOfLocal(int64_t local) const {
   int64_t t = unixSeconds(local);
   // The offsets around the first transition after a day before: zones are less than a day
   // off UTC, and transitions are more than two days apart.
   int64_t previous = t - 86'400;
   int32_t before = rules_.offsetAt(previous), offset = before;
   if (auto boundary = rules_.nextTransition(previous)) {
      int32_t after = rules_.offsetAt(*boundary);
      int64_t asBefore = t - before, asAfter = t - after;
      if (asBefore >= *boundary && asAfter >= *boundary) offset = after;
      else if (asBefore < *boundary && asAfter < *boundary) offset = before;
      else offset = asBefore > asAfter ? before : after;  // a gap: the offset before; an overlap: after
   }
   return offset;
}

int64_t TimeZone::toUtc(int64_t local) const {
   int64_t utc;
   if (__builtin_sub_overflow(local, int64_t(offsetOfLocal(local)) * microsPerSecond, &utc) || !timestamp::inRange(utc))
      throw Error("22008", "timestamp out of range");
   return utc;
}

const TimeZone& TimeZone::current() { return current_ ? *current_ : *utc(); }

}  // namespace kiln
