// The energy readers on fake sysfs trees in a temporary directory: joules from microjoule counters,
// wraparound at max_energy_range_uj, package zones only, hwmon socket sensors; and the model fallback.
#include "energy_meter.h"
#include "hwmon_meter.h"
#include "model_meter.h"
#include "powercap_meter.h"

#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>

namespace {

namespace fs = std::filesystem;
using namespace kiln::bench;

int failures = 0;

void check(bool condition, const std::string& what) {
   std::printf("%s %s\n", condition ? "ok  " : "FAIL", what.c_str());
   if (!condition) ++failures;
}

bool near(double a, double b) { return std::fabs(a - b) < 1e-9; }

void write(const fs::path& file, const std::string& text) {
   fs::create_directories(file.parent_path());
   std::ofstream(file) << text << "\n";
}

void testCounterDelta() {
   check(counterDelta(100, 300, 1000) == 200, "counterDelta without wraparound");
   check(counterDelta(900, 50, 1000) == 150, "counterDelta across wraparound");
   check(counterDelta(500, 500, 1000) == 0, "counterDelta unchanged");
}

void testPowercap(const fs::path& root) {
   fs::path zone0 = root / "intel-rapl:0", zone1 = root / "intel-rapl:1", subzone = root / "intel-rapl:0" / "intel-rapl:0:0";
   write(zone0 / "name", "package-0");
   write(zone0 / "energy_uj", "1000000");
   write(zone0 / "max_energy_range_uj", "2000000");
   write(zone1 / "name", "package-1");
   write(zone1 / "energy_uj", "500000");
   write(zone1 / "max_energy_range_uj", "1000000");
   write(subzone / "name", "core");
   write(subzone / "energy_uj", "0");
   write(subzone / "max_energy_range_uj", "2000000");
   // powercap also links the sub-zone at top level, as the kernel does
   fs::create_directory_symlink(subzone, root / "intel-rapl:0:0");
   write(root / "intel-rapl:2" / "name", "no counter files");

   std::unique_ptr<PowercapMeter> meter = PowercapMeter::open(root.string());
   check(meter != nullptr, "powercap: the fake tree is readable");
   if (!meter) return;
   check(meter->source() == "powercap" && !meter->estimated(), "powercap: source and measured");
   check(meter->description().find("package-0, package-1") != std::string::npos, "powercap: names both package zones: " + meter->description());
   check(near(meter->joules(), 0), "powercap: 0 J before the counters move");

   write(zone0 / "energy_uj", "1500000");
   write(zone1 / "energy_uj", "700000");
   write(subzone / "energy_uj", "999999");  // part of package-0: must not count twice
   check(near(meter->joules(), 0.7), "powercap: 0.5 J + 0.2 J from two packages, sub-zone ignored");

   write(zone0 / "energy_uj", "200000");  // wrapped: 1500000 -> 2000000 -> 0 -> 200000
   check(near(meter->joules(), 1.4), "powercap: wraparound at max_energy_range_uj adds 0.7 J");

   write(zone1 / "energy_uj", "100000");  // wrapped: 700000 -> 1000000 -> 0 -> 100000
   write(zone0 / "energy_uj", "300000");
   check(near(meter->joules(), 1.4 + 0.4 + 0.1), "powercap: wraparound in the other zone");

   std::unique_ptr<EnergyMeter> chosen = openEnergyMeter({root.string(), (root / "no-hwmon").string(), 15});
   check(chosen->source() == "powercap", "openEnergyMeter prefers powercap when readable");
}

void testPowercapUnreadable(const fs::path& root) {
   check(PowercapMeter::open((root / "missing").string()) == nullptr, "powercap: no tree, no meter");
   write(root / "partial" / "intel-rapl:0" / "energy_uj", "5");  // no max_energy_range_uj
   check(PowercapMeter::open((root / "partial").string()) == nullptr, "powercap: a zone without max_energy_range_uj is skipped");
}

void testHwmon(const fs::path& root) {
   fs::path device = root / "labeled" / "hwmon0";
   write(device / "name", "amd_energy");
   write(device / "energy1_input", "1000");
   write(device / "energy1_label", "Ecore000");
   write(device / "energy2_input", "2000000");
   write(device / "energy2_label", "Esocket0");
   std::unique_ptr<HwmonMeter> labeled = HwmonMeter::open((root / "labeled").string());
   check(labeled != nullptr && labeled->source() == "hwmon" && !labeled->estimated(), "hwmon: labeled sensors readable");
   if (labeled) {
      write(device / "energy1_input", "501000");
      write(device / "energy2_input", "3000000");
      check(near(labeled->joules(), 1.0), "hwmon: only the socket sensor counts (core sensors are part of it)");
   }

   fs::path plain = root / "plain";
   write(plain / "hwmon3" / "energy1_input", "10");
   write(plain / "hwmon4" / "energy1_input", "20");
   std::unique_ptr<HwmonMeter> unlabeled = HwmonMeter::open(plain.string());
   check(unlabeled != nullptr, "hwmon: unlabeled sensors readable");
   if (unlabeled) {
      write(plain / "hwmon3" / "energy1_input", "250010");
      write(plain / "hwmon4" / "energy1_input", "250020");
      check(near(unlabeled->joules(), 0.5), "hwmon: without labels every sensor counts");
   }
   check(HwmonMeter::open((root / "missing").string()) == nullptr, "hwmon: no tree, no meter");
}

void testModel() {
   ModelMeter meter(20);
   check(meter.source() == "model" && meter.estimated(), "model: source and estimated");
   check(meter.description().find("estimated") != std::string::npos, "model: description says estimated");
   double before = ModelMeter::cpuSeconds();
   volatile double sink = 0;
   // Busy until the CPU clock shows it, or 5 s: on a loaded machine 200 ms of wall time may be
   // far less CPU time.
   auto start = std::chrono::steady_clock::now();
   while (ModelMeter::cpuSeconds() - before < 0.1 && std::chrono::steady_clock::now() - start < std::chrono::seconds(5)) sink = sink + 1;
   double spent = ModelMeter::cpuSeconds() - before;
   double joules = meter.joules();
   check(spent > 0.05, "model: a busy loop shows as CPU time");
   check(joules >= spent * 20 - 1e-9 && joules < (spent + 0.1) * 20, "model: joules = CPU-seconds x watts per core");
}

}  // namespace

int main() {
   char pattern[] = "/tmp/kiln_energy_test.XXXXXX";
   if (!mkdtemp(pattern)) {
      std::perror("mkdtemp");
      return 1;
   }
   fs::path root = pattern;
   testCounterDelta();
   testPowercap(root / "powercap");
   testPowercapUnreadable(root);
   testHwmon(root / "hwmon");
   testModel();
   fs::remove_all(root);
   std::printf("%s\n", failures ? "FAILED" : "all passed");
   return failures ? 1 : 0;
}
