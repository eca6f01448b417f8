// Tallies of a fuzzing run: how cases ended, what kiln did not support, and the errors both
// systems gave (mostly the generator's own invalid SQL, which should stay rare).
#pragma once

#include <cstdint>
#include <map>
#include <ostream>
#include <string>

namespace kiln::fuzz {

struct Statistics {
   uint64_t cases = 0;
   uint64_t same = 0;
   uint64_t bothFailed = 0;  // among `same`: the last statement failed in both, alike
   uint64_t unsupported = 0;
   uint64_t skipped = 0;
   uint64_t evaluatedByOne = 0;  // a data exception only one system met (see comparison.h)
   uint64_t failures = 0;
   std::map<std::string, uint64_t> unsupportedMessages;  // kiln's 0A000 messages
   std::map<std::string, uint64_t> bothFailedStates;     // PostgreSQL's SQLSTATE
   std::map<std::string, std::string> bothFailedExamples;  // SQLSTATE -> one of PostgreSQL's messages

   void print(std::ostream& out, double seconds) const;
};

}  // namespace kiln::fuzz
