# cmake --install: kiln.h, both libraries, the CMake package (find_package(kiln) gives kiln::kiln
# and kiln::kiln_shared) and a pkg-config module, kiln.
include(CMakePackageConfigHelpers)
set(KILN_PACKAGE_DIR ${CMAKE_INSTALL_LIBDIR}/cmake/kiln)

install(FILES ${PROJECT_SOURCE_DIR}/include/kiln/kiln.h DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}/kiln)
install(TARGETS kiln kiln_shared EXPORT kilnTargets
  ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR}
  LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR})
install(EXPORT kilnTargets NAMESPACE kiln:: DESTINATION ${KILN_PACKAGE_DIR})

configure_package_config_file(${CMAKE_CURRENT_LIST_DIR}/kilnConfig.cmake.in ${PROJECT_BINARY_DIR}/kilnConfig.cmake
  INSTALL_DESTINATION ${KILN_PACKAGE_DIR})
# Before 1.0 a minor version may change the API.
write_basic_package_version_file(${PROJECT_BINARY_DIR}/kilnConfigVersion.cmake COMPATIBILITY SameMinorVersion)
install(FILES ${PROJECT_BINARY_DIR}/kilnConfig.cmake ${PROJECT_BINARY_DIR}/kilnConfigVersion.cmake
  ${CMAKE_CURRENT_LIST_DIR}/kilnDependencies.cmake DESTINATION ${KILN_PACKAGE_DIR})

# kiln.pc: its prefix relative to its own directory; LLVM by its path, with a run path to it.
file(RELATIVE_PATH KILN_PC_PREFIX /${CMAKE_INSTALL_LIBDIR}/pkgconfig /)
string(REGEX REPLACE "/$" "" KILN_PC_PREFIX "${KILN_PC_PREFIX}")
set(KILN_PC_LLVM "$<TARGET_LINKER_FILE:LLVM> -Wl,-rpath,$<TARGET_LINKER_FILE_DIR:LLVM>")
configure_file(${CMAKE_CURRENT_LIST_DIR}/kiln.pc.in ${PROJECT_BINARY_DIR}/kiln.pc.configured @ONLY)
file(GENERATE OUTPUT ${PROJECT_BINARY_DIR}/kiln.pc INPUT ${PROJECT_BINARY_DIR}/kiln.pc.configured)
install(FILES ${PROJECT_BINARY_DIR}/kiln.pc DESTINATION ${CMAKE_INSTALL_LIBDIR}/pkgconfig)
