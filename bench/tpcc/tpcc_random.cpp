#include "tpcc_random.h"

#include <stdexcept>

namespace kiln::bench {

int64_t TpccRandom::nurand(int64_t a, int64_t x, int64_t y) {
   int64_t c = a == 255 ? constants_.cLast : a == 1023 ? constants_.cId : a == 8191 ? constants_.itemId : -1;
   if (c < 0) throw std::logic_error("NURand has no constant for A = " + std::to_string(a));
   return (((uniform(0, a) | uniform(x, y)) + c) % (y - x + 1)) + x;
}

std::string TpccRandom::aString(int minLength, int maxLength) {
   static constexpr char alphabet[] = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";
   std::string text(size_t(uniform(minLength, maxLength)), ' ');
   for (char& c : text) c = alphabet[uniform(0, sizeof(alphabet) - 2)];
   return text;
}

std::string TpccRandom::nString(int minLength, int maxLength) {
   std::string text(size_t(uniform(minLength, maxLength)), ' ');
   for (char& c : text) c = char('0' + uniform(0, 9));
   return text;
}

std::string TpccRandom::dataField() {
   std::string data = aString(26, 50);
   if (uniform(1, 10) == 1) data.replace(size_t(uniform(0, int64_t(data.size()) - 8)), 8, "ORIGINAL");
   return data;
}

NURandConstants TpccRandom::drawLoadConstants() {
   constants_ = {uniform(0, 255), uniform(0, 1023), uniform(0, 8191)};
   return constants_;
}

void TpccRandom::useRunConstants(const NURandConstants& load) {
   for (;;) {
      int64_t cRun = uniform(0, 255), delta = cRun > load.cLast ? cRun - load.cLast : load.cLast - cRun;
      if (delta >= 65 && delta <= 119 && delta != 96 && delta != 112) {
         constants_ = {cRun, load.cId, load.itemId};
         return;
      }
   }
}

std::string customerLastName(int64_t number) {
   static const char* const syllables[] = {"BAR", "OUGHT", "ABLE", "PRI", "PRES", "ESE", "ANTI", "CALLY", "ATION", "EING"};
   return std::string(syllables[number / 100]) + syllables[number / 10 % 10] + syllables[number % 10];
}

}  // namespace kiln::bench
