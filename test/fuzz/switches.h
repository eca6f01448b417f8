// Constructs the generator keeps but leaves out by default: each would make nearly every run fail
// on a known kiln bug (or a documented difference) until that is fixed. `--enable NAME` puts one
// back; FINDINGS.md says which bug each one waits for.
#pragma once

#include <string>
#include <vector>

namespace kiln::fuzz {

struct Switches {
   bool farDates = false;
   bool exponentLiterals = false;
   bool invalidUtf8 = false;
   bool numericDisplayScale = false;
   bool wideNumeric = false;
   bool infiniteMoments = false;
   bool numericDivision = false;
   bool roundBeyondScale = false;
   bool timestampLimits = false;
   bool numericNan = false;

   struct Entry {
      const char* name;
      bool Switches::* flag;
      const char* why;
   };
   static const std::vector<Entry>& entries();
   /// Turns on (or off) the switch called `name`; false when there is none.
   bool set(const std::string& name, bool on);
   /// "name, name" of the switches that are on, or "none".
   std::string describeOn() const;
};

}  // namespace kiln::fuzz
