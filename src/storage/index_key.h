// The ordered key an index keeps for a row, and the byte range of keys that an index lookup
// over a key prefix (plus an optional range on the next column) has to walk.
#pragma once

#include <string>
#include <vector>

namespace kiln {

class Table;

/// The OrderedKey of `row`'s values in `columns`, NULLs included.
std::string orderedKeyOfRow(const Table& table, const std::vector<size_t>& columns, size_t row);

/// Keys k with low <= k < high.
struct KeyRange {
   std::string low, high;
};

enum class KeyBound : unsigned char { None, Inclusive, Exclusive };

/// The keys that start with `prefix` (complete encoded values) and whose next value lies between
/// `lowValue` and `highValue` (encoded values; used as `low` and `high` say). With a bound on the
/// next value (or `nextNotNull`), keys where it is NULL are outside (a comparison with NULL is
/// never true).
/// Every encoded value starts with 0x00 (NULL) or 0x01, so prefix + "\x02" is above all keys
/// that extend the prefix.
KeyRange keyRange(const std::string& prefix, const std::string& lowValue, KeyBound low, const std::string& highValue, KeyBound high,
                  bool nextNotNull = false);

}  // namespace kiln
