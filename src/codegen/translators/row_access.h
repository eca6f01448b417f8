// Reading and writing the fields of a materialized row (sort buffers, hash-table entries).
#pragma once

#include "codegen/sql_ops.h"
#include "common/row_layout.h"

namespace kiln {

inline SqlValue loadField(CodeContext& cx, llvm::Value* row, const RowLayout::Field& field) {
   auto& b = cx.builder();
   llvm::Value* nullAddress = field.nullOffset >= 0 ? b.CreateConstGEP1_64(cx.i8(), row, uint64_t(field.nullOffset)) : nullptr;
   return SqlOps(cx).load(b.CreateConstGEP1_64(cx.i8(), row, field.offset), nullAddress, field.type, nullAddress != nullptr);
}

inline void storeField(CodeContext& cx, llvm::Value* row, const RowLayout::Field& field, const SqlValue& value) {
   auto& b = cx.builder();
   llvm::Value* nullAddress = field.nullOffset >= 0 ? b.CreateConstGEP1_64(cx.i8(), row, uint64_t(field.nullOffset)) : nullptr;
   SqlOps(cx).store(value, b.CreateConstGEP1_64(cx.i8(), row, field.offset), nullAddress);
}

/// The address of a field's value, for updating it in place.
inline llvm::Value* fieldAddress(CodeContext& cx, llvm::Value* row, const RowLayout::Field& field) {
   return cx.builder().CreateConstGEP1_64(cx.i8(), row, field.offset);
}

}  // namespace kiln
