// Floats as keys (hashing, indexes): one representation per value as SQL compares them, since
// 0 = -0 and NaN = NaN (PostgreSQL's order) while their bits differ.
#pragma once

#include <cmath>
#include <limits>

namespace kiln {

inline double canonicalDouble(double d) {
   if (d == 0) return 0.0;
   if (std::isnan(d)) return std::numeric_limits<double>::quiet_NaN();
   return d;
}

inline bool sameFloatKey(double a, double b) { return a == b || (std::isnan(a) && std::isnan(b)); }

}  // namespace kiln
