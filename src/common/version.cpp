#include "common/version.h"

namespace kiln {

const std::string& versionString() {
#if defined(__x86_64__)
   constexpr const char* machine = "x86_64";
#elif defined(__aarch64__)
   constexpr const char* machine = "aarch64";
#else
   constexpr const char* machine = "unknown";
#endif
#if defined(__clang__)
   constexpr const char* compiler = "clang " __clang_version__;
#else
   constexpr const char* compiler = "GCC " __VERSION__;
#endif
   static const std::string version = std::string("kiln ") + KILN_VERSION + " on " + machine + "-linux, compiled by " + compiler;
   return version;
}

}  // namespace kiln
