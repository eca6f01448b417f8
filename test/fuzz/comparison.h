// Compares kiln's outcomes of a script with PostgreSQL's, statement by statement, and says how
// the case ended: the same, not supported by kiln (0A000 where PostgreSQL answered), skipped
// (PostgreSQL ran out of time or resources), an error only one system met because the other
// never evaluated the expression, or a failure with a signature of what differed.
#pragma once

#include "fuzz_case.h"
#include "outcome.h"

#include <string>
#include <vector>

namespace kiln::fuzz {

struct Verdict {
   enum class Kind { Same, Unsupported, Skipped, EvaluatedByOne, Failure };
   Kind kind = Kind::Same;
   /// A failure's kind, which a shrunk case must keep: "rows differ", "kiln 22003, PostgreSQL
   /// answered", "crash (killed by signal SIGSEGV)", ...
   std::string signature;
   size_t statement = 0;  // where the systems parted (failure, unsupported)
   /// Both systems failed at `statement` (with errors of one class): PostgreSQL's SQLSTATE.
   std::string bothFailedWith;
};

Verdict compare(const std::vector<ScriptStatement>& script, const Outcomes& kiln, const Outcomes& postgres);

/// Two values as the systems printed them: equal text, or for a float column (PostgreSQL's
/// `type`) the same number within a relative 1e-12 (real: 1e-6) written in the same form.
bool sameValue(const std::optional<std::string>& kiln, const std::optional<std::string>& postgres, const std::string& type);

}  // namespace kiln::fuzz
