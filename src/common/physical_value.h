// A Value from the bytes of its physical layout (common/physical_type.h), as columns and result
// rows hold it.
#pragma once

#include "common/physical_type.h"
#include "common/value.h"

namespace kiln {

/// The value of `type` (laid out as `physical`) whose bytes start at `source`, which need not be
/// aligned; a string's bytes are copied.
Value valueFromBytes(const void* source, SqlType type, PhysicalType physical);

}  // namespace kiln
