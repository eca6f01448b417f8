// The run-time state of one compiled query: the slots generated code reads (column arrays,
// hash tables, buffers, counters) and the objects behind them.
#pragma once

#include <algorithm>
#include <memory>
#include <utility>
#include <vector>

#include "common/string_heap.h"
#include "runtime/row_buffer.h"

namespace kiln {

class QueryRuntime {
   public:
   /// Slot 0 always holds the query's string arena.
   static constexpr size_t arenaSlot = 0;
   /// Slot 1 always points to a byte that generated code sets when no more rows of the running
   /// pipeline matter (a LIMIT has passed its last row): its loops and the blocks of its source stop.
   static constexpr size_t pipelineDoneSlot = 1;
   static constexpr size_t reservedSlots = 2;

   explicit QueryRuntime(size_t slotCount) : slots_(std::max(slotCount, reservedSlots), nullptr) { reserveSlots(); }

   void** slots() { return slots_.data(); }
   void*& slot(size_t i) { return slots_[i]; }
   template <typename T>
   T* get(size_t i) {
      return static_cast<T*>(slots_[i]);
   }
   /// Keeps `object` alive for the query and puts it into slot `i`.
   template <typename T>
   T* own(size_t i, std::unique_ptr<T> object) {
      T* raw = object.release();
      owned_.push_back(Owned(raw, [](void* p) { delete static_cast<T*>(p); }));
      slots_[i] = raw;
      return raw;
   }
   /// A row buffer in slot `i` that outlives reset(), emptied by it: a prepared statement's runs
   /// then refill the same memory instead of allocating their rows again.
   RowBuffer* keepRowBuffer(size_t i, size_t rowSize) {
      auto kept = std::find_if(rowBuffers_.begin(), rowBuffers_.end(), [&](auto& entry) { return entry.first == i; });
      if (kept == rowBuffers_.end()) kept = rowBuffers_.insert(rowBuffers_.end(), {i, std::make_unique<RowBuffer>(rowSize)});
      slots_[i] = kept->second.get();
      return kept->second.get();
   }
   StringHeap& arena() { return arena_; }
   /// Whether the running pipeline's rows no longer matter; cleared for the next pipeline.
   bool pipelineDone() const { return pipelineDone_ != 0; }
   void startPipeline() { pipelineDone_ = 0; }
   /// Ready for another run: the objects of the last one are freed and the slots emptied; the
   /// kept row buffers and the memory of the lists stay.
   void reset() {
      owned_.clear();
      std::fill(slots_.begin(), slots_.end(), nullptr);
      reserveSlots();
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
   void reserveSlots() {
      slots_[arenaSlot] = &arena_;
      slots_[pipelineDoneSlot] = &pipelineDone_;
      pipelineDone_ = 0;
   }

   std::vector<void*> slots_;
   uint8_t pipelineDone_ = 0;
   using Owned = std::unique_ptr<void, void (*)(void*)>;
   std::vector<Owned> owned_;
   StringHeap arena_;
   std::vector<std::pair<size_t, std::unique_ptr<RowBuffer>>> rowBuffers_;
   bool clean_ = true;  // as reset() leaves it
};

}  // namespace kiln
