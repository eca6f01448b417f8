// How query results are written: psql's aligned table, PostgreSQL's COPY CSV, or JSON.
#pragma once

#include <optional>
#include <string_view>

namespace kiln::shell {

enum class OutputFormat { Table, Csv, Json };

/// "table", "csv" or "json"; nothing for any other name.
std::optional<OutputFormat> parseOutputFormat(std::string_view name);
std::string_view outputFormatName(OutputFormat format);

}  // namespace kiln::shell
