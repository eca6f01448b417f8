// A query's rows sent on in chunks while it runs (Connection::stream), so that a result larger
// than memory never is in memory at once.
#pragma once

#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "engine/result_data.h"

namespace kiln {

/// Where the chunks go: `deliver` gets each, with the columns' names and layout, its rows and
/// the strings they point to. It may block, which holds up the query: a slow reader makes it wait.
struct ResultChunks {
   std::function<void(std::shared_ptr<ResultData>)> deliver;
   uint64_t rowsDelivered = 0;
};

/// Hands the rows of a running query's result buffer to `chunks` whenever it holds about
/// `chunkBytes`, from construction until destruction (the rest stay for the final result).
class ChunkedResultRows {
   public:
   static constexpr size_t chunkBytes = size_t(1) << 20;

   ChunkedResultRows(ResultChunks& chunks, RowBuffer& rows, const RowLayout& layout, const std::vector<std::string>& names);
   ~ChunkedResultRows() { rows_.setHandOff(nullptr); }
   ChunkedResultRows(const ChunkedResultRows&) = delete;
   ChunkedResultRows& operator=(const ChunkedResultRows&) = delete;

   private:
   static void take(RowBuffer& full, void* self);

   ResultChunks& chunks_;
   RowBuffer& rows_;
   const RowLayout& layout_;
   const std::vector<std::string>& names_;
   RowBuffer::HandOff handOff_;
};

}  // namespace kiln
