// ada_ffi_operations.h — the operations behind ada_ffi_block, for the library's own sources and the fuzzer only.
//
// Not part of the C ABI: C++ functions in a namespace, so no exported-symbol pattern (ada_ffi_* in the version script,
// _ada_ffi_* on macOS, dllexport on Windows) matches their mangled names, and hidden like everything not ADA_FFI_API.
// Callers outside the library reach them through ada_ffi_block and the OPERATION word; each one's contract is
// documented there, at enum ada_ffi_operation (ada_ffi.h) and in ada_ffi_url_pattern.h. The fuzzer links the sources
// statically and calls them directly, to check ada_ffi_block against them and the block forms against the plain ones.
#ifndef ADA_FFI_OPERATIONS_H
#define ADA_FFI_OPERATIONS_H

#include <cstdint>

#include "ada_ffi.h"
#include "ada_ffi_url_pattern.h"

// The per-thread state of the library (two memos in ada_ffi.cpp, URLPattern's question context). ADA_FFI_SINGLE_THREADED
// (defined by the WebAssembly build, native/prebuild.mjs) makes it plain static storage: a wasm32-wasi module runs one
// thread, and a thread_local with a destructor would need __cxa_thread_atexit, which wasi-libc does not have (there is
// no thread exit to run it at). Everything else is the same code.
#if defined(ADA_FFI_SINGLE_THREADED)
#define ADA_FFI_THREAD_LOCAL
#else
#define ADA_FFI_THREAD_LOCAL thread_local
#endif

namespace ada_ffi_internal {

// ADA_FFI_OP_PARSE with plain arguments: input[0..input_len) (against base[0..base_len)), the href into
// out[0..out_cap) when it differs from the input and fits, the components into components[0..9) when valid.
// out may alias input or base (the input is fully read before out is written). Returns what the operation returns.
uint32_t parse(const uint8_t* input, uint32_t input_len, uint8_t* out, uint32_t out_cap, uint32_t* components);
uint32_t parse_with_base(const uint8_t* input, uint32_t input_len, const uint8_t* base, uint32_t base_len,
                         uint8_t* out, uint32_t out_cap, uint32_t* components);

// ADA_FFI_OP_CAN_PARSE with plain arguments: 1 or 0.
uint32_t can_parse(const uint8_t* input, uint32_t input_len);
uint32_t can_parse_with_base(const uint8_t* input, uint32_t input_len, const uint8_t* base, uint32_t base_len);

// One function per operation, taking the call block (the OPERATION word is not read).
uint32_t parse_block(uint8_t* block);                  // ADA_FFI_OP_PARSE
uint32_t can_parse_block(const uint8_t* block);        // ADA_FFI_OP_CAN_PARSE
uint32_t set_block(uint8_t* block);                    // ADA_FFI_OP_SET
uint32_t domain_to_ascii_block(uint8_t* block);        // ADA_FFI_OP_DOMAIN_TO_ASCII
uint32_t domain_to_unicode_block(uint8_t* block);      // ADA_FFI_OP_DOMAIN_TO_UNICODE
uint32_t url_pattern_compile_block(uint8_t* block);    // ADA_FFI_OP_URL_PATTERN_COMPILE (ada_ffi_url_pattern.cpp)
uint32_t url_pattern_process_block(uint8_t* block);    // ADA_FFI_OP_URL_PATTERN_PROCESS (ada_ffi_url_pattern.cpp)

}  // namespace ada_ffi_internal

#endif  // ADA_FFI_OPERATIONS_H
