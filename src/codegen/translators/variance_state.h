// The state of var_samp, var_pop, stddev_samp and stddev_pop: N, Sx and Sxx in doubles, updated
// by Youngs-Cramer as PostgreSQL's float8 aggregates are (float8_accum, float8_combine), so
// double precision inputs give PostgreSQL's results to the last bit.
#pragma once

#include "algebra/operator.h"
#include "codegen/sql_value.h"
#include "codegen/code_context.h"

namespace kiln {

/// The addresses of the state's doubles.
struct VarianceFields {
   llvm::Value* count;    // N
   llvm::Value* sum;      // Sx
   llvm::Value* squares;  // Sxx: the sum of squared differences from the mean
};

/// Adds the non-NULL double `x`.
void addToVariance(CodeContext& cx, const VarianceFields& state, llvm::Value* x);
/// Adds the values `from` holds to `into`.
void combineVariances(CodeContext& cx, const VarianceFields& into, const VarianceFields& from);
/// The variance or standard deviation; NULL without rows (with fewer than two for samples).
SqlValue varianceResult(CodeContext& cx, AggregateFunction function, const VarianceFields& state);

}  // namespace kiln
