// COPY ... TO: the rows of a result as lines of PostgreSQL's text or CSV format.
#pragma once

#include <string>

#include "engine/result_data.h"
#include "storage/copy_reader.h"

namespace kiln {

/// The header line (column names; CSV with HEADER only), without its newline.
std::string copyHeaderLine(const ResultData& result, const CopyOptions& options);
/// Row `row` as a line, without its newline: text format escapes backslashes, the delimiter
/// and line breaks; CSV quotes a field that holds the delimiter, a quote or a line break, or
/// that would read as NULL.
std::string copyLine(const ResultData& result, size_t row, const CopyOptions& options);

}  // namespace kiln
