# Locates ada's single-file amalgamation (ada.cpp + ada.h) and defines the OBJECT library `ada_objects`.
#
# Order of preference:
#   1. -DADA_SOURCE_DIR=<dir holding ada.cpp and ada.h>
#   2. a system install found by find_package(ada) — only a STATIC one: a shared libada would export ada's
#      symbols into the process, where Node's own (older) ada interposes them and crashes.
#   3. the pinned `ada-url` source distribution from PyPI, fetched with pip and checked against its sha256.
#
# ada's sources are never committed; the fetched copy lives in the build tree.

# The pin (version and sha256) is shared with the Zig prebuilds (native/prebuild.mjs).
file(READ "${CMAKE_CURRENT_LIST_DIR}/../ada_source.json" _ada_pin)
string(JSON ADA_PINNED_VERSION GET "${_ada_pin}" version)
string(JSON ADA_SDIST_SHA256 GET "${_ada_pin}" sha256)
set(ADA_SOURCE_DIR "" CACHE PATH "Directory holding ada.cpp and ada.h (ada ${ADA_PINNED_VERSION} amalgamation)")

function(_ada_fetch_sdist out_dir)
  set(download_dir "${CMAKE_BINARY_DIR}/_deps/ada-sdist")
  set(archive "${download_dir}/ada_url-${ADA_PINNED_VERSION}.tar.gz")
  if(NOT EXISTS "${archive}")
    find_package(Python3 COMPONENTS Interpreter REQUIRED)
    message(STATUS "ada: fetching ada-url==${ADA_PINNED_VERSION} source distribution from PyPI with pip")
    # --no-binary for ada-url alone: we need its sdist, while pip's metadata step may use wheels for
    # setuptools/cffi (with :all: it would compile those from source too, 5x slower).
    execute_process(
      COMMAND "${Python3_EXECUTABLE}" -m pip download --disable-pip-version-check --quiet
              --no-deps --no-binary ada-url "ada-url==${ADA_PINNED_VERSION}" -d "${download_dir}"
      RESULT_VARIABLE pip_result)
    if(NOT pip_result EQUAL 0 OR NOT EXISTS "${archive}")
      message(FATAL_ERROR "ada: pip could not download ada-url==${ADA_PINNED_VERSION}. "
                          "Pass -DADA_SOURCE_DIR=<dir with ada.cpp and ada.h> instead.")
    endif()
  endif()
  file(SHA256 "${archive}" actual)
  if(NOT actual STREQUAL ADA_SDIST_SHA256)
    file(REMOVE "${archive}")
    message(FATAL_ERROR "ada: sha256 mismatch for ${archive}: expected ${ADA_SDIST_SHA256}, got ${actual}")
  endif()
  set(extract_dir "${CMAKE_BINARY_DIR}/_deps/ada-src")
  if(NOT EXISTS "${extract_dir}/ada_url-${ADA_PINNED_VERSION}/ada_url/ada.cpp")
    file(ARCHIVE_EXTRACT INPUT "${archive}" DESTINATION "${extract_dir}")
  endif()
  set(${out_dir} "${extract_dir}/ada_url-${ADA_PINNED_VERSION}/ada_url" PARENT_SCOPE)
endfunction()

if(NOT ADA_SOURCE_DIR)
  find_package(ada CONFIG QUIET)
  if(TARGET ada::ada)
    get_target_property(_ada_kind ada::ada TYPE)
    if(_ada_kind STREQUAL "STATIC_LIBRARY")
      message(STATUS "ada: using the system's static ada (${ada_DIR})")
      add_library(ada_objects INTERFACE)
      target_link_libraries(ada_objects INTERFACE ada::ada)
      return()
    endif()
    message(STATUS "ada: ignoring the system's ${_ada_kind} ada (its exported symbols would be interposed)")
  endif()
  _ada_fetch_sdist(ADA_SOURCE_DIR)
endif()

if(NOT EXISTS "${ADA_SOURCE_DIR}/ada.cpp" OR NOT EXISTS "${ADA_SOURCE_DIR}/ada.h")
  message(FATAL_ERROR "ada: ${ADA_SOURCE_DIR} does not hold ada.cpp and ada.h")
endif()
# Recorded for other builds of the same checkout (npm test's sanitizer build reuses these sources).
set(ADA_FFI_ADA_DIR "${ADA_SOURCE_DIR}" CACHE INTERNAL "the ada sources this build uses")
file(STRINGS "${ADA_SOURCE_DIR}/ada.h" _ada_version_line REGEX "^#define ADA_VERSION \"")
message(STATUS "ada: sources in ${ADA_SOURCE_DIR} (${_ada_version_line})")

add_library(ada_objects OBJECT "${ADA_SOURCE_DIR}/ada.cpp")
target_include_directories(ada_objects PUBLIC "${ADA_SOURCE_DIR}")
# URLPattern is part of our ABI (ada_ffi_url_pattern.h).
target_compile_definitions(ada_objects PUBLIC ADA_INCLUDE_URL_PATTERN=1)
set_target_properties(ada_objects PROPERTIES POSITION_INDEPENDENT_CODE ON)
