// The ordered key an index keeps for a row.
#pragma once

#include <string>
#include <vector>

namespace kiln {

class Table;

/// Writes the OrderedKey of `row`'s values in `columns`, NULLs included, into `key` (replacing
/// what it held; its memory is reused).
void orderedKeyOfRow(const Table& table, const std::vector<size_t>& columns, size_t row, std::string& key);

/// How a range of index keys is bounded on a column.
enum class KeyBound : unsigned char { None, Inclusive, Exclusive };

}  // namespace kiln
