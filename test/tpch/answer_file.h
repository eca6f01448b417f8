// The expected results in shared/tpch/answers: '|'-separated, header line first, NULL as an empty field.
#pragma once

#include <string>
#include <vector>

namespace kiln::tpch {

struct Answer {
   std::vector<std::string> columns;
   std::vector<std::vector<std::string>> rows;
};

/// Reads an answer file; throws std::runtime_error when it cannot be read.
/// Fields are split at every '|': the answer files quote nothing.
Answer readAnswer(const std::string& path);

}  // namespace kiln::tpch
