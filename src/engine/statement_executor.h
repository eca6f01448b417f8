// Runs one bound statement against the database.
#pragma once

#include <memory>

#include "engine/database_impl.h"
#include "engine/result_data.h"
#include "codegen/query_compiler.h"
#include "parser/statement.h"

namespace kiln {

/// For prepared statements: the compiled query to reuse (compiled into it when empty), the
/// parameter values, and optionally an emptied result of an earlier run to fill again.
struct ExecutionInput {
   CompiledQuery* compiled = nullptr;
   const std::vector<Value>* parameters = nullptr;
   std::shared_ptr<ResultData> reusableResult;
};

std::shared_ptr<ResultData> executeStatement(DatabaseImpl& database, Statement& statement, ExecutionInput* input = nullptr);

}  // namespace kiln
