// The runtime helpers by name, for the JIT to resolve calls from generated code.
#pragma once

#include <utility>
#include <vector>

namespace kiln {

const std::vector<std::pair<const char*, void*>>& runtimeSymbols();

}  // namespace kiln
