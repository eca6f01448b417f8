#include "progress.h"

#include <unistd.h>

#include <algorithm>
#include <cstdint>
#include <cstdio>

namespace kiln::bench {

Progress::Progress() : enabled_(isatty(STDERR_FILENO) == 1) {}

void Progress::show(const std::string& text) {
   if (!enabled_) return;
   std::fprintf(stderr, "\r\033[K%s", text.c_str());
   std::fflush(stderr);
   shown_ = true;
}

void Progress::clear() {
   if (!enabled_ || !shown_) return;
   std::fprintf(stderr, "\r\033[K");
   std::fflush(stderr);
   shown_ = false;
}

std::string byteProgress(uint64_t done, uint64_t total) {
   char text[64];
   double percent = total ? std::min(100.0, 100.0 * double(done) / double(total)) : 0;
   std::snprintf(text, sizeof(text), "%.0f MB / %.0f MB (%.0f%%)", double(done) / 1e6, double(total) / 1e6, percent);
   return text;
}

}  // namespace kiln::bench
