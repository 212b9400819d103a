/* Test-only: a library with the six exports of ada_ffi.h whose ada_ffi_abi_version() reports 999, so the
 * JavaScript side's version check at load can be tested. Nothing else in it works. */
#include <stdint.h>

#define EXPORT __attribute__((visibility("default")))

EXPORT uint32_t ada_ffi_abi_version(void) { return 999; }
EXPORT uint32_t ada_ffi_ada_version(uint8_t* out, uint32_t cap) { (void)out; (void)cap; return 0; }
EXPORT uint32_t ada_ffi_block(uint8_t* b) { (void)b; return 0xFFFFFFFFu; }
EXPORT uint32_t ada_ffi_block_at(double a) { (void)a; return 0xFFFFFFFFu; }
EXPORT uint32_t ada_ffi_block_string_at(double a, const char* s) { (void)a; (void)s; return 0xFFFFFFFFu; }
EXPORT uint32_t ada_ffi_parse_many(const uint8_t* a, const uint32_t* b, uint32_t c, const uint8_t* d, uint32_t e,
                                   uint8_t* f, uint32_t g, uint32_t* h) {
  (void)a; (void)b; (void)c; (void)d; (void)e; (void)f; (void)g; (void)h; return 0;
}
