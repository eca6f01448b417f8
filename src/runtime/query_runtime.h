// The run-time state of one compiled query: its state block, which the generated functions
// receive and whose fields they read (column arrays, hash tables, buffers, counters), laid out as
// the query's state struct (codegen/query_state.h), and the objects behind those fields.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <stdexcept>
#include <utility>
#include <vector>

#include "common/string_heap.h"
#include "runtime/row_buffer.h"

namespace kiln {

/// A field of a query's state block: where the state struct's layout puts it.
struct StateField {
   uint32_t offset = 0;
};

/// The size and alignment of a query's state struct.
struct StateLayout {
   size_t size = 0;
   size_t alignment = 1;
};

/// The fields every query's state starts with (QueryState declares them first, and checks that
/// the state struct puts them where this struct does).
struct StateHeader {
   StringHeap* arena;     // the query's string arena
   uint8_t pipelineDone;  // set when no more rows of the running pipeline matter (a LIMIT has passed
                          // its last row): its loops and the blocks of its source stop
};

class QueryRuntime {
   public:
   explicit QueryRuntime(StateLayout layout) : state_(std::max(layout.size, sizeof(StateHeader))) {
      // The block comes from operator new, aligned for any fundamental type.
      if (layout.alignment > __STDCPP_DEFAULT_NEW_ALIGNMENT__) throw std::logic_error("query state aligned beyond operator new's alignment");
      startHeader();
   }

   /// What the generated functions receive.
   void* state() { return state_.data(); }
   /// The field's value, of the C++ type matching its declared LLVM type.
   template <typename T>
   T& at(StateField field) {
      return *reinterpret_cast<T*>(state_.data() + field.offset);
   }
   void*& pointer(StateField field) { return at<void*>(field); }
   template <typename T>
   T* get(StateField field) {
      return static_cast<T*>(pointer(field));
   }
   /// Keeps `object` alive for the query and points `field` to it.
   template <typename T>
   T* own(StateField field, std::unique_ptr<T> object) {
      T* raw = object.release();
      owned_.push_back(Owned(raw, [](void* p) { delete static_cast<T*>(p); }));
      pointer(field) = raw;
      return raw;
   }
   /// A row buffer in `field` that outlives reset(), emptied by it: a prepared statement's runs
   /// then refill the same memory instead of allocating their rows again.
   RowBuffer* keepRowBuffer(StateField field, size_t rowSize) {
      auto kept = std::find_if(rowBuffers_.begin(), rowBuffers_.end(), [&](auto& entry) { return entry.first == field.offset; });
      if (kept == rowBuffers_.end()) kept = rowBuffers_.insert(rowBuffers_.end(), {field.offset, std::make_unique<RowBuffer>(rowSize)});
      pointer(field) = kept->second.get();
      return kept->second.get();
   }
   StringHeap& arena() { return arena_; }
   /// A state for a worker of a parallel pipeline: a copy of this one as it is now, with a string
   /// arena of its own. It lives until reset(): the rows its worker made may point into its arena.
   QueryRuntime& addWorker() {
      auto worker = std::make_unique<QueryRuntime>(StateLayout{state_.size(), 1});
      std::copy(state_.begin(), state_.end(), worker->state_.begin());
      worker->startHeader();
      workers_.push_back(std::move(worker));
      return *workers_.back();
   }
   /// Whether the running pipeline's rows no longer matter; cleared for the next pipeline.
   bool pipelineDone() { return header().pipelineDone != 0; }
   void startPipeline() { header().pipelineDone = 0; }
   /// Ready for another run: the objects of the last one are freed and the state zeroed; the
   /// kept row buffers and the memory of the lists stay.
   void reset() {
      owned_.clear();
      workers_.clear();
      std::fill(state_.begin(), state_.end(), std::byte{0});
      startHeader();
      arena_.clear();
      for (auto& entry : rowBuffers_) entry.second->clear();
      clean_ = true;
   }
   /// Before a run: resets what a run that failed left (one that ended was reset after it).
   void startRun() {
      if (!clean_) reset();
      clean_ = false;
   }

   private:
   StateHeader& header() { return *reinterpret_cast<StateHeader*>(state_.data()); }
   void startHeader() {
      header().arena = &arena_;
      header().pipelineDone = 0;
   }

   std::vector<std::byte> state_;
   using Owned = std::unique_ptr<void, void (*)(void*)>;
   std::vector<Owned> owned_;
   std::vector<std::unique_ptr<QueryRuntime>> workers_;  // see addWorker
   StringHeap arena_;
   std::vector<std::pair<uint32_t, std::unique_ptr<RowBuffer>>> rowBuffers_;
   bool clean_ = true;  // as reset() leaves it
};

}  // namespace kiln
