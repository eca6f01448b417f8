// Compares a query result with the reference answers of shared/tpch/answers/sf<N>/qNN.csv, by the rule
// of the answer tests (test/tpch/value_match.h): money exact, averages and ratios within a tolerance.
#pragma once

#include "query_engine.h"

#include <optional>
#include <string>

namespace kiln::bench {

/// The reference answer's path for a query at a scale factor, or nullopt when there is none.
std::optional<std::string> answerPath(const std::string& sharedDir, const std::string& scaleFactor, int query);

/// Returns "" when the result matches the answer file, else a description of the first differences.
/// Column names are compared only when the engine names columns as PostgreSQL does.
std::string compareWithAnswer(const ResultTable& result, const std::string& answerFile, bool compareColumnNames);

}  // namespace kiln::bench
