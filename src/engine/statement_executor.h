// Runs one bound statement against the database.
#pragma once

#include <memory>

#include "engine/database_impl.h"
#include "engine/result_data.h"
#include "parser/statement.h"

namespace kiln {

std::shared_ptr<ResultData> executeStatement(DatabaseImpl& database, Statement& statement);

}  // namespace kiln
