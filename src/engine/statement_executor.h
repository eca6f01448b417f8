// Runs one bound statement against the database.
#pragma once

#include <functional>
#include <memory>

#include "codegen/query_compiler.h"
#include "engine/database_impl.h"
#include "engine/result_chunks.h"
#include "engine/result_data.h"
#include "parser/statement.h"
#include "runtime/parameter_values.h"

namespace kiln {

/// For prepared statements: the compiled query to reuse (compiled into it when empty), the
/// parameter values, and optionally an emptied result of an earlier run to fill again.
struct ExecutionInput {
   CompiledQuery* compiled = nullptr;
   const ParameterValues* parameters = nullptr;
   std::shared_ptr<ResultData> reusableResult;
   /// A query's rows go here in chunks while it runs (Connection::stream); other statements'
   /// results are whole.
   ResultChunks* chunks = nullptr;
};

/// The columns `defaults` fills (COPY's columns left out, ALTER TABLE's added one), each
/// holding its DEFAULT for `rows` rows: constants repeated, the others from the defaults' plan,
/// run once or, with a volatile default, per row. The vector is indexed by table column.
std::vector<std::unique_ptr<Column>> defaultColumns(const Table& table, CopyDefaults& defaults, size_t rows, StatementStats& stats);

/// Optimizes, compiles and runs `plan`; `consume(rows, layout)` gets its result rows.
void runPlan(QueryPlan& plan, StatementStats& stats, const std::function<void(RowBuffer&, const RowLayout&)>& consume);

std::shared_ptr<ResultData> executeStatement(DatabaseImpl& database, Statement& statement, ExecutionInput* input = nullptr);

/// EXPLAIN [ANALYZE] EXECUTE: the plan of a prepared `statement` and its machine code (`prepared`:
/// compiled as its first run would, if it has not run yet), run with its parameter values for
/// ANALYZE.
std::shared_ptr<ResultData> explainPrepared(Statement& statement, const ExplainStatement& options, ExecutionInput& prepared);

}  // namespace kiln
