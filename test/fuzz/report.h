// What the fuzzer prints about a failure: a script to paste into psql and into kiln's shell,
// with both systems' answers to the statement where they part.
#pragma once

#include "comparison.h"
#include "fuzz_case.h"
#include "outcome.h"

#include <string>

namespace kiln::fuzz {

std::string reproduction(const Case& failing, const Verdict& verdict, const Outcomes& kiln, const Outcomes& postgres);

}  // namespace kiln::fuzz
