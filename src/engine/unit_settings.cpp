#include "engine/unit_settings.h"

#include <cctype>
#include <climits>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <span>

#include "kiln/kiln.h"

namespace kiln {

namespace {

struct Unit {
   const char* name;
   double inBase;  // how many of the base unit one of it is
};

constexpr Unit milliseconds[] = {{"d", 86'400'000}, {"h", 3'600'000}, {"min", 60'000}, {"s", 1'000}, {"ms", 1}, {"us", 0.001}};
constexpr Unit seconds[] = {{"d", 86'400}, {"h", 3'600}, {"min", 60}, {"s", 1}, {"ms", 0.001}, {"us", 0.000001}};
constexpr Unit megabytes[] = {{"TB", 1024.0 * 1024}, {"GB", 1024}, {"MB", 1}, {"kB", 1.0 / 1024}, {"B", 1.0 / (1024 * 1024)}};

std::span<const Unit> unitsOf(SettingUnit unit) {
   switch (unit) {
      case SettingUnit::Milliseconds: return milliseconds;
      case SettingUnit::Seconds: return seconds;
      case SettingUnit::Megabytes: return megabytes;
   }
   return milliseconds;
}

const char* baseName(SettingUnit unit) { return unit == SettingUnit::Milliseconds ? "ms" : unit == SettingUnit::Seconds ? "s" : "MB"; }

const char* unitsHint(SettingUnit unit) {
   return unit == SettingUnit::Megabytes ? "Valid units for this parameter are \"B\", \"kB\", \"MB\", \"GB\", and \"TB\"."
                                         : "Valid units for this parameter are \"us\", \"ms\", \"s\", \"min\", \"h\", and \"d\".";
}

[[noreturn]] void invalid(const UnitSetting& setting, const std::string& text, const std::string& hint = {}) {
   throw Error("22023", "invalid value for parameter \"" + std::string(setting.name) + "\": \"" + text + "\"", 0, {}, hint);
}

}  // namespace

int64_t unitSettingValue(const UnitSetting& setting, double number, const std::string& text) {
   double rounded = std::rint(number);
   if (rounded < INT_MIN || rounded > INT_MAX) invalid(setting, text, "Value exceeds integer range.");
   if (rounded < double(setting.minimum) || rounded > double(setting.maximum)) {
      char message[64];
      std::snprintf(message, sizeof(message), "%.0f %s", rounded, baseName(setting.unit));
      throw Error("22023", std::string(message) + " is outside the valid range for parameter \"" + setting.name + "\" (" + std::to_string(setting.minimum) +
                              " .. " + std::to_string(setting.maximum) + ")");
   }
   return int64_t(rounded);
}

int64_t unitSettingValue(const UnitSetting& setting, const std::string& text) {
   const char* start = text.c_str();
   char* end = nullptr;
   double number = std::strtod(start, &end);
   if (end == start || !std::isfinite(number)) invalid(setting, text);
   while (std::isspace(static_cast<unsigned char>(*end))) ++end;
   std::string unit(end);
   while (!unit.empty() && std::isspace(static_cast<unsigned char>(unit.back()))) unit.pop_back();
   if (unit.empty()) return unitSettingValue(setting, number, text);
   for (const Unit& u : unitsOf(setting.unit))
      if (unit == u.name) return unitSettingValue(setting, number * u.inBase, text);
   invalid(setting, text, unitsHint(setting.unit));
}

std::string unitSettingText(SettingUnit unit, int64_t value) {
   if (value == 0) return "0";
   for (const Unit& u : unitsOf(unit))
      if (u.inBase >= 1 && value % int64_t(u.inBase) == 0) return std::to_string(value / int64_t(u.inBase)) + u.name;
   return std::to_string(value) + baseName(unit);
}

}  // namespace kiln
