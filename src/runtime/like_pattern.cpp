#include "runtime/like_pattern.h"

#include <algorithm>
#include <cctype>
#include <cstring>

#if defined(__x86_64__)
#include <immintrin.h>
#endif

#include "common/utf8.h"
#include "kiln/kiln.h"

namespace kiln {

namespace {

bool likeMatch(const char* s, const char* sEnd, const char* p, const char* pEnd, bool fold) {
   while (p < pEnd) {
      char c = *p;
      if (c == '%') {
         while (p < pEnd && *p == '%') ++p;
         if (p == pEnd) return true;
         for (const char* t = s; t <= sEnd; ++t)
            if (likeMatch(t, sEnd, p, pEnd, fold)) return true;
         return false;
      }
      if (s == sEnd) return false;
      if (c == '_') {
         ++s;
         while (s < sEnd && (static_cast<unsigned char>(*s) & 0xC0) == 0x80) ++s;
         ++p;
         continue;
      }
      if (c == '\\') {
         if (p + 1 == pEnd) throw Error("22025", "LIKE pattern must not end with escape character");
         c = *++p;
      }
      char a = *s, b = c;
      if (fold) {
         a = char(std::tolower(static_cast<unsigned char>(a)));
         b = char(std::tolower(static_cast<unsigned char>(b)));
      }
      if (a != b) return false;
      ++s;
      ++p;
   }
   return s == sEnd;
}

/// Patterns of literal pieces and '%' only, searched leftmost first: a correct strategy when only
/// '%' separates the pieces.
bool isPiecewise(std::string_view pattern, bool caseInsensitive, int32_t padTo) {
   return !caseInsensitive && padTo == 0 && pattern.find_first_of("_\\") == std::string_view::npos;
}

std::vector<std::string_view> splitPieces(std::string_view pattern) {
   std::vector<std::string_view> pieces;
   for (size_t start = 0;;) {
      size_t end = pattern.find('%', start);
      pieces.push_back(pattern.substr(start, end == std::string_view::npos ? std::string_view::npos : end - start));
      if (end == std::string_view::npos) return pieces;
      start = end + 1;
   }
}

#if defined(__x86_64__)
/// Whether the n bytes at a and b are equal: the middle of a piece whose first and last
/// characters matched. Pieces are mostly words, which two overlapping loads compare without a call.
inline bool bytesEqual(const char* a, const char* b, size_t n) {
   if (n < 4 || n > 8) return std::memcmp(a, b, n) == 0;
   uint32_t a1, b1, a2, b2;
   std::memcpy(&a1, a, 4);
   std::memcpy(&b1, b, 4);
   std::memcpy(&a2, a + n - 4, 4);
   std::memcpy(&b2, b + n - 4, 4);
   return ((a1 ^ b1) | (a2 ^ b2)) == 0;
}

}  // namespace

/// Where `piece` (two characters or more) first occurs in [begin, end), or end: 16 positions at a
/// time, those whose first and last characters both match are compared in full (W. Muła's
/// "SIMD-friendly algorithms for substring searching").
const char* findPieceSse2(const char* begin, const char* end, const std::string& piece) {
   size_t m = piece.size();
   if (size_t(end - begin) < m) return end;
   const __m128i first = _mm_set1_epi8(piece.front()), last = _mm_set1_epi8(piece.back());
   const char* stop = end - m + 1;  // candidate starts are before this
   auto search16 = [&](const char* at) -> const char* {
      __m128i a = _mm_loadu_si128(reinterpret_cast<const __m128i*>(at));
      __m128i b = _mm_loadu_si128(reinterpret_cast<const __m128i*>(at + m - 1));
      unsigned mask = unsigned(_mm_movemask_epi8(_mm_and_si128(_mm_cmpeq_epi8(a, first), _mm_cmpeq_epi8(b, last))));
      while (mask) {
         int bit = __builtin_ctz(mask);
         if (bytesEqual(at + bit + 1, piece.data() + 1, m - 2)) return at + bit;
         mask &= mask - 1;
      }
      return nullptr;
   };
   const char* at = begin;
   for (; at + 16 <= stop; at += 16)
      if (const char* found = search16(at)) return found;
   if (at == stop) return end;
   // The last starts in one more step that overlaps the previous one: the starts it checks again
   // did not match before and do not now, so the first match found is still the leftmost.
   if (stop - begin >= 16) {
      const char* found = search16(stop - 16);
      return found ? found : end;
   }
   for (; at < stop; ++at)
      if (*at == piece.front() && std::memcmp(at + 1, piece.data() + 1, m - 1) == 0) return at;
   return end;
}

/// The same, 64 starts at a time: a value with up to 64 starts takes a single step whose masked
/// loads stop at its end, with no loop remainder to finish (bench/notes.md).
__attribute__((target("avx512f,avx512bw"))) const char* findPieceAvx512(const char* begin, const char* end, const std::string& piece) {
   size_t m = piece.size();
   if (size_t(end - begin) < m) return end;
   const __m512i first = _mm512_set1_epi8(piece.front()), last = _mm512_set1_epi8(piece.back());
   size_t starts = size_t(end - begin) - m + 1;
   for (size_t base = 0; base < starts; base += 64) {
      size_t count = std::min<size_t>(64, starts - base);
      __mmask64 valid = count == 64 ? ~__mmask64(0) : (__mmask64(1) << count) - 1;
      // Masked-off bytes are neither read nor able to fault.
      __m512i a = _mm512_maskz_loadu_epi8(valid, begin + base);
      __m512i b = _mm512_maskz_loadu_epi8(valid, begin + base + m - 1);
      uint64_t mask = _mm512_mask_cmpeq_epi8_mask(_mm512_mask_cmpeq_epi8_mask(valid, a, first), b, last);
      while (mask) {
         int bit = __builtin_ctzll(mask);
         if (bytesEqual(begin + base + bit + 1, piece.data() + 1, m - 2)) return begin + base + bit;
         mask &= mask - 1;
      }
   }
   return end;
}

namespace {

const char* findPiece(const char* begin, const char* end, const std::string& piece) {
   static const bool avx512 = __builtin_cpu_supports("avx512bw");
   return avx512 ? findPieceAvx512(begin, end, piece) : findPieceSse2(begin, end, piece);
}
#endif

}  // namespace

bool likeMatches(std::string_view value, std::string_view pattern, bool caseInsensitive, int32_t padTo) {
   std::string padded;
   if (padTo > 0 && characterCount(value) < padTo) {
      padded = std::string(value) + std::string(size_t(padTo - characterCount(value)), ' ');
      value = padded;
   }
   return likeMatch(value.data(), value.data() + value.size(), pattern.data(), pattern.data() + pattern.size(), caseInsensitive);
}

LikePattern::LikePattern(std::string pattern, bool caseInsensitive, int32_t padTo)
   : pattern_(std::move(pattern)), caseInsensitive_(caseInsensitive), padTo_(padTo) {
   if (!isPiecewise(pattern_, caseInsensitive, padTo)) return;
   std::vector<std::string_view> pieces = splitPieces(pattern_);
   byPieces_ = true;
   // "abc" alone: the whole value; otherwise the first piece starts it and the last ends it.
   anchoredStart_ = true;
   anchoredEnd_ = true;
   for (std::string_view piece : pieces) pieces_.emplace_back(piece);
   // Searchers point into pieces_, which no longer changes.
   for (const std::string& piece : pieces_) searchers_.emplace_back(piece.begin(), piece.end());
}

bool LikePattern::matches(std::string_view value) const {
   if (!byPieces_) return likeMatches(value, pattern_, caseInsensitive_, padTo_);
   if (pieces_.size() == 1) return value == pieces_[0];
   const std::string& first = pieces_.front();
   const std::string& last = pieces_.back();
   if (value.size() < first.size() + last.size() || !value.starts_with(first) || !value.ends_with(last)) return false;
   // The middle pieces, leftmost first, between the first and the last.
   const char* from = value.data() + first.size();
   const char* to = value.data() + value.size() - last.size();
   for (size_t i = 1; i + 1 < pieces_.size(); ++i) {
      const std::string& piece = pieces_[i];
      if (piece.empty()) continue;  // "%%"
#if defined(__x86_64__)
      const char* at = piece.size() >= 2 ? findPiece(from, to, piece) : searchers_[i](from, to).first;
#else
      const char* at = searchers_[i](from, to).first;
#endif
      if (at == to) return false;
      from = at + piece.size();
   }
   return true;
}

}  // namespace kiln
