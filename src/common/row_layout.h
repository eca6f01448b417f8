// Where each value of a materialized row lives: a value slot of the type's width and, for
// nullable values, a NULL byte.
#pragma once

#include <vector>

#include "common/physical_type.h"

namespace kiln {

struct RowLayout {
   struct Field {
      SqlType type;
      size_t offset;
      int nullOffset;  // -1 when the value cannot be NULL
   };
   std::vector<Field> fields;
   size_t size = 0;

   /// Lays out the fields after `headerSize` bytes, each aligned to its width.
   static RowLayout make(const std::vector<std::pair<SqlType, bool>>& typesAndNullability, size_t headerSize = 0) {
      RowLayout layout;
      layout.fields.reserve(typesAndNullability.size());
      size_t offset = headerSize;
      for (auto& [type, nullable] : typesAndNullability) {
         size_t width = physicalSize(type);
         size_t align = width > 8 ? 16 : width;
         offset = (offset + align - 1) / align * align;
         layout.fields.push_back({type, offset, -1});
         offset += width;
      }
      for (size_t i = 0; i < typesAndNullability.size(); ++i)
         if (typesAndNullability[i].second) layout.fields[i].nullOffset = int(offset++);
      layout.size = (offset + 15) / 16 * 16;
      return layout;
   }
};

}  // namespace kiln
