// The values of a statement's parameters $1 ... $n, laid out as the generated code reads them:
// a bind writes its value in place, and a run hands the bytes over as they are (going through a
// Value per parameter and laying them out at each run cost a prepared statement a sixth of its
// instructions).
#pragma once

#include <cstring>
#include <string>
#include <string_view>
#include <vector>

#include "common/row_layout.h"
#include "common/value.h"

namespace kiln {

class ParameterValues {
   public:
   /// The layout of parameters of `types` (a parameter of unknown type is text), each nullable:
   /// the compiled code's and the bound values' are made by this one function.
   static RowLayout layoutFor(const std::vector<SqlType>& types);

   /// Parameters of `types`. A parameter whose type is unchanged keeps its value, one whose type
   /// changed gets its value converted as text input would be; new ones are NULL.
   void setTypes(const std::vector<SqlType>& types);
   size_t size() const { return types_.size(); }
   SqlType type(size_t index) const { return types_[index]; }
   const RowLayout& layout() const { return layout_; }
   const char* data() const { return bytes_.data(); }

   void setNull(size_t index) { bytes_[size_t(layout_.fields[index].nullOffset)] = 1; }
   /// An integer, date or timestamp value, stored at the parameter's width.
   void setInteger(size_t index, int64_t value) {
      char* to = target(index);
      switch (physicalTypeOf(layout_.fields[index].type)) {
         case PhysicalType::Int16: *reinterpret_cast<int16_t*>(to) = int16_t(value); break;
         case PhysicalType::Int32: *reinterpret_cast<int32_t*>(to) = int32_t(value); break;
         default: *reinterpret_cast<int64_t*>(to) = value; break;
      }
   }
   enum class IntegerBind : uint8_t { Stored, OutOfRange, NotAnInteger };
   /// Stores an integer into a SMALLINT, INTEGER or BIGINT parameter, range-checked; leaves
   /// parameters of other types to the caller. The common bind of transactions: a few loads and
   /// a store, from a table of each parameter's place and width.
   IntegerBind bindInteger(size_t index, int64_t value) {
      const IntegerSlot& slot = integerSlots_[index];
      switch (slot.width) {
         case 2:
            if (value != int16_t(value)) return IntegerBind::OutOfRange;
            std::memcpy(bytes_.data() + slot.offset, &value, 2);  // little-endian: the low bytes
            break;
         case 4:
            if (value != int32_t(value)) return IntegerBind::OutOfRange;
            std::memcpy(bytes_.data() + slot.offset, &value, 4);
            break;
         case 8: std::memcpy(bytes_.data() + slot.offset, &value, 8); break;
         default: return IntegerBind::NotAnInteger;
      }
      bytes_[slot.nullOffset] = 0;
      return IntegerBind::Stored;
   }
   void setDecimal(size_t index, __int128 unscaled) {
      char* to = target(index);
      if (physicalTypeOf(layout_.fields[index].type) == PhysicalType::Int128) std::memcpy(to, &unscaled, 16);
      else *reinterpret_cast<int64_t*>(to) = int64_t(unscaled);
   }
   /// Bytes already fitted to the parameter's type.
   void setString(size_t index, std::string_view text);
   /// A value of the parameter's type.
   void set(size_t index, const Value& value);
   Value get(size_t index) const;

   private:
   char* target(size_t index) {
      const auto& field = layout_.fields[index];
      bytes_[size_t(field.nullOffset)] = 0;
      return bytes_.data() + field.offset;
   }

   struct IntegerSlot {
      uint32_t offset, nullOffset;
      uint8_t width;  // of a SMALLINT, INTEGER or BIGINT parameter; 0 for other types
   };

   std::vector<SqlType> types_;
   RowLayout layout_;
   std::vector<IntegerSlot> integerSlots_;
   std::vector<char> bytes_;
   std::vector<std::string> strings_;  // the bytes of long strings, per parameter
};

}  // namespace kiln
