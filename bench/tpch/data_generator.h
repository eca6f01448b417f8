// TPC-H data, generated once per scale factor with tpchgen-cli and cached.
#pragma once

#include <string>

namespace kiln::bench {

/// "0.01", "0.1", "1", "10": how a scale factor is spelled in directory names (sf0.01) and reports.
std::string scaleFactorName(double scaleFactor);

/// Returns root/sf<N>, first running `tpchgen -s N` into it when root/sf<N>/lineitem.tbl is missing.
/// Generation writes to root/sf<N>.tmp and renames it when done, so an interrupted run leaves no half
/// data set. Shows progress on a terminal. Throws std::runtime_error when generation fails.
std::string ensureTpchData(const std::string& root, double scaleFactor, const std::string& tpchgen);

}  // namespace kiln::bench
