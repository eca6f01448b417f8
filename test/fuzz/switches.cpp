#include "switches.h"

namespace kiln::fuzz {

const std::vector<Switches::Entry>& Switches::entries() {
   static const std::vector<Entry> all = {
      {"far-dates", &Switches::farDates, "dates beyond the timestamp range wrap when converted to timestamp"},
      {"exponent-literals", &Switches::exponentLiterals, "numeric literals with exponents (1.5e3) are typed double"},
      {"invalid-utf8", &Switches::invalidUtf8, "invalid UTF-8 and NUL are accepted in text (PostgreSQL: 22021)"},
      {"numeric-display-scale", &Switches::numericDisplayScale, "numeric without modifiers shows 6 decimals (1.1::numeric is 1.100000); avg of integers 20"},
      {"wide-numeric", &Switches::wideNumeric, "numeric values of more than 38 digits fail with 22003"},
      {"infinite-moments", &Switches::infiniteMoments, "no 'infinity' for dates and timestamps"},
      {"numeric-division", &Switches::numericDivision, "numeric division has a static scale (documented difference: 20 decimals)"},
      {"round-beyond-scale", &Switches::roundBeyondScale, "round/trunc(numeric, d) keep the input's scale when d is larger (FINDINGS.md 4)"},
      {"timestamp-limits", &Switches::timestampLimits, "date_trunc below the first timestamp is no error (FINDINGS.md 14)"},
      {"numeric-nan", &Switches::numericNan, "'NaN'::float8::numeric fails: no numeric NaN (FINDINGS.md 16)"},
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
