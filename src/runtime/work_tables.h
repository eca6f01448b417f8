// The tables of a WITH RECURSIVE union's run-time loop: the working table (the rows the last run
// of the recursive term added, which its next run reads) and the rows the current run adds.
#pragma once

#include <memory>

#include "runtime/row_buffer.h"

namespace kiln {

class WorkTables {
   public:
   explicit WorkTables(size_t rowSize) : rowSize_(rowSize), added_(std::make_unique<RowBuffer>(rowSize)) {}

   RowBuffer* added() { return added_.get(); }
   RowBuffer* working() { return working_.get(); }
   /// The rows added become the working table; false when there are none: the recursion ends.
   bool advance() {
      working_ = std::move(added_);
      added_ = std::make_unique<RowBuffer>(rowSize_);
      return working_->size() > 0;
   }

   private:
   size_t rowSize_;
   std::unique_ptr<RowBuffer> added_, working_;
};

}  // namespace kiln
