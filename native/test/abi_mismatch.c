/* Test-only: a library with every ada_ffi_* symbol whose ada_ffi_abi_version() reports 999, so the
 * JavaScript side's version check at load can be tested. Nothing else in it works. */
#include <stdint.h>

#define EXPORT __attribute__((visibility("default")))

EXPORT uint32_t ada_ffi_abi_version(void) { return 999; }
EXPORT uint32_t ada_ffi_ada_version(uint8_t* out, uint32_t cap) { (void)out; (void)cap; return 0; }
EXPORT uint32_t ada_ffi_parse(const uint8_t* a, uint32_t b, uint8_t* c, uint32_t d, uint32_t* e) {
  (void)a; (void)b; (void)c; (void)d; (void)e; return 0xFFFFFFFFu;
}
EXPORT uint32_t ada_ffi_parse_with_base(const uint8_t* a, uint32_t b, const uint8_t* c, uint32_t d, uint8_t* e,
                                        uint32_t f, uint32_t* g) {
  (void)a; (void)b; (void)c; (void)d; (void)e; (void)f; (void)g; return 0xFFFFFFFFu;
}
EXPORT uint32_t ada_ffi_can_parse(const uint8_t* a, uint32_t b) { (void)a; (void)b; return 0; }
EXPORT uint32_t ada_ffi_can_parse_with_base(const uint8_t* a, uint32_t b, const uint8_t* c, uint32_t d) {
  (void)a; (void)b; (void)c; (void)d; return 0;
}
EXPORT uint32_t ada_ffi_parse_block(uint8_t* b) { (void)b; return 0xFFFFFFFFu; }
EXPORT uint32_t ada_ffi_can_parse_block(const uint8_t* b) { (void)b; return 0; }
EXPORT uint32_t ada_ffi_set_block(uint8_t* b) { (void)b; return 0xFFFFFFFFu; }
EXPORT uint32_t ada_ffi_domain_to_ascii_block(uint8_t* b) { (void)b; return 0xFFFFFFFFu; }
EXPORT uint32_t ada_ffi_domain_to_unicode_block(uint8_t* b) { (void)b; return 0xFFFFFFFFu; }
EXPORT uint32_t ada_ffi_block(uint8_t* b) { (void)b; return 0xFFFFFFFFu; }
EXPORT uint32_t ada_ffi_block_at(double a) { (void)a; return 0xFFFFFFFFu; }
EXPORT uint32_t ada_ffi_block_string_at(double a, const char* s) { (void)a; (void)s; return 0xFFFFFFFFu; }
EXPORT uint32_t ada_ffi_parse_many(const uint8_t* a, const uint32_t* b, uint32_t c, const uint8_t* d, uint32_t e,
                                   uint8_t* f, uint32_t g, uint32_t* h) {
  (void)a; (void)b; (void)c; (void)d; (void)e; (void)f; (void)g; (void)h; return 0;
}
