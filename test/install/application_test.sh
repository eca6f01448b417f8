#!/usr/bin/env bash
# Builds examples/embedded.cpp as an application outside kiln's tree would, and runs it.
#   application_test.sh installed KILN_BUILD_DIR WORK_DIR: `cmake --install` into WORK_DIR, then
#     find_package(kiln) with kiln::kiln and kiln::kiln_shared, and pkg-config's kiln module.
#   application_test.sh add_subdirectory KILN_SOURCE_DIR WORK_DIR: configures an application that
#     takes kiln by add_subdirectory (building it would compile the whole engine a second time).
set -euo pipefail

mode=$1 kiln=$2 work=$3
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
example="$here/../../examples/embedded.cpp"
rm -rf "$work"
mkdir -p "$work"

case "$mode" in
  installed)
    prefix="$work/prefix"
    cmake --install "$kiln" --prefix "$prefix" > "$work/install.log"
    for library in kiln kiln_shared; do
      echo "== find_package(kiln), kiln::$library"
      cmake -S "$here" -B "$work/$library" -G Ninja -DCMAKE_BUILD_TYPE=Release -DCMAKE_PREFIX_PATH="$prefix" -DKILN_LIBRARY="$library" > "$work/$library.log"
      cmake --build "$work/$library" >> "$work/$library.log"
      "$work/$library/application" > /dev/null
    done
    echo "== pkg-config kiln"
    export PKG_CONFIG_PATH="$(dirname "$(find "$prefix" -name kiln.pc)")"
    libdir="$(pkg-config --variable=libdir kiln)"
    # shellcheck disable=SC2046  # pkg-config's flags are words
    c++ -std=c++20 -O1 $(pkg-config --cflags kiln) "$example" -o "$work/pkg-config-application" $(pkg-config --libs kiln) -Wl,-rpath,"$libdir"
    "$work/pkg-config-application" > /dev/null
    ;;
  add_subdirectory)
    echo "== add_subdirectory(kiln)"
    cmake -S "$here" -B "$work/add_subdirectory" -G Ninja -DKILN_SOURCE_DIR="$kiln" > "$work/configure.log"
    ;;
  *)
    echo "usage: $0 installed KILN_BUILD_DIR WORK_DIR | add_subdirectory KILN_SOURCE_DIR WORK_DIR" >&2
    exit 2
    ;;
esac
echo "application OK"
