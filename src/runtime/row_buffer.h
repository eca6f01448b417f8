// Fixed-size rows with stable addresses plus an array of pointers to them: what a pipeline
// breaker (sort, aggregation, result) materializes and the next pipeline scans.
#pragma once

#include <cstdint>
#include <cstring>
#include <memory>
#include <vector>

#include "common/memory_blocks.h"

namespace kiln {

class RowBuffer {
   public:
   /// Takes a full buffer's rows away (a result sent on in chunks), leaving it cleared.
   struct HandOff {
      size_t rows;  // at this many rows held, the next append hands them off first
      void (*take)(RowBuffer& full, void* context);
      void* context;
   };

   explicit RowBuffer(size_t rowSize) : rowSize_(rowSize ? rowSize : 1) {}

   /// A new zero-filled row.
   char* append() {
      if (used_ == capacity_) grow();
      char* row = current_ + used_ * rowSize_;
      ++used_;
      std::memset(row, 0, rowSize_);
      rows_.push_back(row);
      return row;
   }
   size_t size() const { return rows_.size(); }
   size_t rowSize() const { return rowSize_; }
   char** rows() { return rows_.data(); }
   const char* row(size_t i) const { return rows_[i]; }
   using RowPointers = std::vector<char*, BlockAllocator<char*>>;
   /// Checked only when the buffer grows, so appending costs nothing more; nullptr for none.
   void setHandOff(const HandOff* handOff) { handOff_ = handOff; }
   bool handsOff() const { return handOff_ != nullptr; }
   RowPointers& rowVector() { return rows_; }
   /// Appends the rows [begin, end) of `other`, whose memory this buffer takes over (adoptMemory)
   /// once it has taken the rows it wants: a parallel pipeline's workers' rows, in morsel order.
   void appendRowsOf(const RowBuffer& other, size_t begin, size_t end) {
      rows_.insert(rows_.end(), other.rows_.begin() + long(begin), other.rows_.begin() + long(end));
   }
   /// Keeps `other`'s rows alive as long as its own, leaving `other` empty.
   void adoptMemory(RowBuffer& other) {
      for (Block& chunk : other.chunks_) chunks_.push_back(std::move(chunk));
      other.chunks_.clear();
      other.current_ = nullptr;
      other.used_ = other.capacity_ = 0;
      other.rows_.clear();
   }
   /// No rows again, with the first chunk kept for the next ones (a buffer refilled on every run
   /// of a prepared statement). Also makes a moved-from buffer usable.
   void clear() {
      if (chunks_.size() > 1) chunks_.resize(1);
      current_ = chunks_.empty() ? nullptr : chunks_.front().get();
      capacity_ = chunks_.empty() ? 0 : firstChunkRows;
      used_ = 0;
      // The row pointers of a large run are not kept for the small ones that usually follow.
      if (rows_.capacity() > 1024) RowPointers().swap(rows_);
      rows_.clear();
   }

   private:
   // Small first: most results of transactions are a row or a few.
   static constexpr size_t firstChunkRows = 8;

   void grow() {
      if (handOff_ && rows_.size() >= handOff_->rows) {
         handOff_->take(*this, handOff_->context);
         if (used_ < capacity_) return;  // cleared, its first chunk kept
      }
      // A buffer that only adopted other buffers' chunks (adoptMemory) starts its own small too.
      size_t count = capacity_ == 0 ? firstChunkRows : std::min<size_t>(capacity_ * 2, 1 << 16);
      chunks_.push_back(makeBlock(count * rowSize_));
      current_ = chunks_.back().get();
      capacity_ = count;
      used_ = 0;
   }

   size_t rowSize_;
   std::vector<Block> chunks_;
   char* current_ = nullptr;
   size_t used_ = 0;
   size_t capacity_ = 0;
   RowPointers rows_;
   const HandOff* handOff_ = nullptr;
};

}  // namespace kiln
