# What kiln links, as targets. kiln's build and an application's find_package(kiln) both include
# this file, so an installed kiln::kiln names the same dependencies it was built with.
#
# LLVM's CMake config wants major.minor. Its compile flags are not taken wholesale (Debian's add
# -std=c++17 -fno-exceptions); kiln's build takes only its include dirs and definitions.
find_package(LLVM 19.1 REQUIRED CONFIG)
find_package(Threads REQUIRED)
find_package(OpenSSL REQUIRED COMPONENTS Crypto)  # md5()

# A library found by name with its header, as the imported target kiln::<target>.
function(kiln_find_imported_library target library header)
  if(TARGET kiln::${target})
    return()
  endif()
  string(TOUPPER "KILN_${target}" variable)
  find_library(${variable}_LIBRARY NAMES ${library} REQUIRED)
  find_path(${variable}_INCLUDE_DIR NAMES ${header} REQUIRED)
  add_library(kiln::${target} UNKNOWN IMPORTED)
  set_target_properties(kiln::${target} PROPERTIES
    IMPORTED_LOCATION "${${variable}_LIBRARY}"
    INTERFACE_INCLUDE_DIRECTORIES "${${variable}_INCLUDE_DIR}")
endfunction()

kiln_find_imported_library(pg_query pg_query pg_query.h)  # PostgreSQL's parser
kiln_find_imported_library(pcre2 pcre2-8 pcre2.h)  # regular expressions: ~, regexp_replace, SIMILAR TO
