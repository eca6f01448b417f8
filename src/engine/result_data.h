// What a Result holds: the status of a statement and, for queries, typed columns of values.
#pragma once

#include <string>
#include <vector>

#include "common/string_heap.h"
#include "common/value.h"
#include "kiln/kiln.h"
#include "runtime/row_buffer.h"
#include "common/row_layout.h"

namespace kiln {

struct ResultData {
   std::string statusTag;
   uint64_t rowsAffected = 0;
   StatementStats stats;
   bool hasRows = false;
   std::vector<std::string> names;
   std::vector<SqlType> types;
   // Values row by row, in the layout the query materialized them; strings point into `strings`.
   RowLayout layout;
   std::vector<std::unique_ptr<char[]>> rowsStorage;
   std::vector<const char*> rows;
   StringHeap strings;

   /// Copies the rows of a finished query (strings included) into this result.
   void takeRows(RowBuffer& buffer, const RowLayout& rowLayout);
   /// A result built from text cells (EXPLAIN, SHOW, ...): one TEXT column.
   void setTextRows(const std::string& column, const std::vector<std::string>& lines);
   Value value(size_t row, size_t column) const;
   bool isNull(size_t row, size_t column) const;
};

}  // namespace kiln
