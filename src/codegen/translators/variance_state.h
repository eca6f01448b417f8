// The state of var_samp, var_pop, stddev_samp and stddev_pop: N, Sx and Sxx in doubles, updated
// by Youngs-Cramer as PostgreSQL's float8 aggregates are (float8_accum, float8_combine), so
// double precision inputs give PostgreSQL's results to the last bit; exact numbers' exactly.
#pragma once

#include "algebra/operator.h"
#include "codegen/code_context.h"
#include "codegen/sql_value.h"

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

// Of exact numbers, as PostgreSQL's numeric aggregates: N (a bigint) and the exact sums of the
// values and of their squares (NUMERIC; zero bytes before the first value count as 0).
void addToNumericVariance(CodeContext& cx, const VarianceFields& state, const SqlValue& x);
void combineNumericVariances(CodeContext& cx, const VarianceFields& into, const VarianceFields& from);
SqlValue numericVarianceResult(CodeContext& cx, AggregateFunction function, const VarianceFields& state);

/// sum + x of two non-NULL NUMERIC values (zero bytes: a sum of no value yet, 0).
SqlValue numericAccumulate(CodeContext& cx, const SqlValue& sum, const SqlValue& x);

}  // namespace kiln
