// Runs ALTER TABLE: each action changes the table in place and records its undo (the redo log
// is made from those records, as for other statements).
#pragma once

#include <memory>

#include "engine/database_impl.h"
#include "engine/result_data.h"
#include "parser/statement.h"

namespace kiln {

std::shared_ptr<ResultData> alterTable(DatabaseImpl& database, AlterTableStatement& alter);

}  // namespace kiln
