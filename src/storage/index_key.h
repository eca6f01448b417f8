// The ordered key an index keeps for a row.
#pragma once

#include <string>
#include <vector>

#include "storage/node_key.h"

namespace kiln {

class Table;

/// Writes the OrderedKey of `row`'s values in `columns`, NULLs included, into `key` (replacing
/// what it held; its memory is reused).
void orderedKeyOfRow(const Table& table, const std::vector<size_t>& columns, size_t row, std::string& key);

/// Whether every key of `columns` fits inside a NodeKey: values of fixed width, whose encodings
/// take at most its inline bytes together.
bool orderedKeyFitsInline(const Table& table, const std::vector<size_t>& columns);
/// The OrderedKey of `row`'s values in `columns` as a B+-tree node holds it. Made in place when
/// `fitsInline` (orderedKeyFitsInline: an index's inserts and erases make one per row), else
/// written into `scratch` first.
NodeKey nodeKeyOfRow(const Table& table, const std::vector<size_t>& columns, size_t row, bool fitsInline, std::string& scratch);

/// How a range of index keys is bounded on a column.
enum class KeyBound : unsigned char { None, Inclusive, Exclusive };

}  // namespace kiln
