// The offset of a RANGE frame bound (`RANGE BETWEEN 5 PRECEDING AND ...`): which offset types
// an ORDER BY key's type takes, as PostgreSQL's in_range support functions decide.
#pragma once

#include "common/value.h"

namespace kiln {

/// The constant `offset` as the distance from a row's `key` value: a bigint for an integer
/// key, an integer or decimal for a decimal key, a double for a floating-point key, an interval
/// for a date, timestamp, timestamptz, time or interval key. Throws PostgreSQL's errors: 0A000
/// for a key without RANGE offsets or an offset of the wrong type (at `position`), 22013 for a negative one.
Value bindRangeDistance(const Value& offset, SqlType key, int position);

}  // namespace kiln
