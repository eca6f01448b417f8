// A one-line progress display on stderr, only when stderr is a terminal (logs and pipes stay clean).
#pragma once

#include <cstdint>
#include <string>

namespace kiln::bench {

class Progress {
   public:
   Progress();
   bool enabled() const { return enabled_; }
   /// Replaces the line with text.
   void show(const std::string& text);
   /// Erases the line.
   void clear();

   private:
   bool enabled_;
   bool shown_ = false;
};

/// "523 MB / 1100 MB (47%)"-style fraction for byte counts.
std::string byteProgress(uint64_t done, uint64_t total);

}  // namespace kiln::bench
