// A TPC-C statement sent as SQL text with its values written into it, as an application that
// prepares nothing sends it: each execution is a new text for the engine (TpccEngine::runText).
#pragma once

#include <memory>
#include <string>

#include "tpcc_engine.h"

namespace kiln::bench {

/// `sql` with parameters $1, $2, ...: each execution runs it on `engine` with the bound values in
/// place of its parameters, as literals.
std::unique_ptr<TpccStatement> textStatement(TpccEngine& engine, const std::string& sql);

}  // namespace kiln::bench
