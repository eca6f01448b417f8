#include "switches.h"

namespace kiln::fuzz {

const std::vector<Switches::Entry>& Switches::entries() {
   static const std::vector<Entry> all = {
      {"not-in-null-constant", &Switches::notInNullConstant,
       "a constant NOT IN (SELECT k ...) where k has a NULL returns rows (PostgreSQL: none)"},
      {"far-dates", &Switches::farDates, "dates beyond the timestamp range wrap when converted to timestamp"},
      {"negated-constants", &Switches::negatedConstants, "-(-2147483648)::int wraps in constant folding"},
      {"exponent-literals", &Switches::exponentLiterals, "numeric literals with exponents (1.5e3) are typed double"},
      {"invalid-utf8", &Switches::invalidUtf8, "invalid UTF-8 and NUL are accepted in text (PostgreSQL: 22021)"},
      {"numeric-display-scale", &Switches::numericDisplayScale,
       "numeric without modifiers shows 6 decimals (1.1::numeric is 1.100000); avg of integers 20"},
      {"wide-numeric", &Switches::wideNumeric, "numeric values of more than 38 digits fail with 22003"},
      {"infinite-moments", &Switches::infiniteMoments, "no 'infinity' for dates and timestamps"},
      {"numeric-division", &Switches::numericDivision,
       "numeric division has a static scale (documented difference: 20 decimals)"},
   };
   return all;
}

bool Switches::set(const std::string& name, bool on) {
   for (const Entry& entry : entries())
      if (name == entry.name) {
         this->*entry.flag = on;
         return true;
      }
   return false;
}

std::string Switches::describeOn() const {
   std::string out;
   for (const Entry& entry : entries())
      if (this->*entry.flag) out += (out.empty() ? "" : ", ") + std::string(entry.name);
   return out.empty() ? "none" : out;
}

}  // namespace kiln::fuzz
