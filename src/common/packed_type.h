// A SqlType in one 64-bit word, for generated code to pass to runtime helpers as a constant.
#pragma once

#include <cstdint>

#include "kiln/kiln.h"

namespace kiln {

inline uint64_t packType(SqlType t) {
   return uint64_t(t.id) | uint64_t(t.element) << 8 | uint64_t(t.precision) << 16 | uint64_t(t.scale) << 24 | uint64_t(t.length) << 32;
}

inline SqlType unpackType(uint64_t word) {
   SqlType t;
   t.id = TypeId(word & 0xFF);
   t.element = TypeId(word >> 8 & 0xFF);
   t.precision = uint8_t(word >> 16);
   t.scale = uint8_t(word >> 24);
   t.length = uint32_t(word >> 32);
   return t;
}

}  // namespace kiln
