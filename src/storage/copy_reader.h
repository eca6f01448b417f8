// COPY ... FROM 'file' and FROM STDIN: PostgreSQL's text and CSV formats, and dbgen's
// '|'-separated files whose lines end in a trailing delimiter.
#pragma once

#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "storage/copy_options.h"
#include "storage/table.h"

namespace kiln {

/// The values of the table columns that `columns` leaves out, for `rows` rows read: one column each,
/// indexed by table column (nullptr for the columns read). Called once every row is read and before
/// the table changes; without it those columns are NULL.
using MissingColumns = std::function<std::vector<std::unique_ptr<Column>>(size_t rows)>;

/// Appends the file's rows to `table` (`columns` are the table columns the fields fill, in order).
/// On any error the table is left as it was and an Error naming file, line and column is thrown.
uint64_t copyFromFile(Table& table, const std::vector<size_t>& columns, const std::string& path, const CopyOptions& options,
                      const MissingColumns& missing = nullptr);
/// The same for rows given as text (COPY ... FROM STDIN); errors name the line within `text`.
uint64_t copyFromText(Table& table, const std::vector<size_t>& columns, std::string_view text, const CopyOptions& options,
                      const MissingColumns& missing = nullptr);

}  // namespace kiln
