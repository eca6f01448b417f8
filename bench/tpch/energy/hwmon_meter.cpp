#include "hwmon_meter.h"

#include "sysfs_file.h"

#include <algorithm>
#include <filesystem>
#include <regex>

namespace kiln::bench {

namespace {

bool isPackageLabel(std::string label) {
   std::transform(label.begin(), label.end(), label.begin(), [](unsigned char c) { return std::tolower(c); });
   return label.find("socket") != std::string::npos || label.find("package") != std::string::npos;
}

}  // namespace

std::unique_ptr<HwmonMeter> HwmonMeter::open(const std::string& root) {
   static const std::regex energyInput(R"(energy(\d+)_input)");
   std::vector<Sensor> sensors;
   std::vector<bool> package;
   std::error_code error;
   for (const auto& device : std::filesystem::directory_iterator(root, error)) {
      std::string driver = readLine(device.path().string() + "/name").value_or(device.path().filename().string());
      std::error_code inner;
      for (const auto& file : std::filesystem::directory_iterator(device.path(), inner)) {
         std::smatch match;
         std::string name = file.path().filename().string();
         if (!std::regex_match(name, match, energyInput)) continue;
         std::optional<uint64_t> value = readCounter(file.path().string());
         if (!value) continue;
         std::string label = readLine(device.path().string() + "/energy" + match[1].str() + "_label").value_or(name);
         sensors.push_back({file.path().string(), driver + " " + label, *value});
         package.push_back(isPackageLabel(label));
      }
   }
   if (sensors.empty()) return nullptr;
   if (std::find(package.begin(), package.end(), true) != package.end()) {
      std::vector<Sensor> packages;
      for (size_t i = 0; i < sensors.size(); ++i)
         if (package[i]) packages.push_back(sensors[i]);
      sensors = std::move(packages);
   }
   std::sort(sensors.begin(), sensors.end(), [](const Sensor& a, const Sensor& b) { return a.path < b.path; });
   return std::unique_ptr<HwmonMeter>(new HwmonMeter(std::move(sensors)));
}

HwmonMeter::HwmonMeter(std::vector<Sensor> sensors) : sensors_(std::move(sensors)) {}

double HwmonMeter::joules() {
   for (Sensor& sensor : sensors_) {
      std::optional<uint64_t> now = readCounter(sensor.path);
      // 64-bit microjoule counters do not wrap; a smaller value means the driver was reloaded.
      if (!now) continue;
      if (*now >= sensor.last) total_ += double(*now - sensor.last) * 1e-6;
      sensor.last = *now;
   }
   return total_;
}

std::string HwmonMeter::description() const {
   std::string labels;
   for (const Sensor& sensor : sensors_) labels += (labels.empty() ? "" : ", ") + sensor.label;
   return "hwmon energy sensors (" + labels + ")";
}

}  // namespace kiln::bench
