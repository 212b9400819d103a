/* What the C test files share: the failure count and CHECK, the URLPattern cases test_abi.c runs, and the calls
 * through ada_ffi_block. The tests run against the shared library (and every prebuilt one), which exports only the six
 * functions of ada_ffi.h: every operation goes through ada_ffi_block, as the runtime adapters call it. */
#ifndef ADA_FFI_TEST_SUPPORT_H
#define ADA_FFI_TEST_SUPPORT_H

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ada_ffi.h"

extern int failures;

#define CHECK(cond)                                                            \
  do {                                                                         \
    if (!(cond)) {                                                             \
      fprintf(stderr, "%s:%d: CHECK failed: %s\n", __FILE__, __LINE__, #cond); \
      failures++;                                                              \
    }                                                                          \
  } while (0)

/* What block_fill leaves in the text area after the input and the base: a test sees what a call wrote. */
#define UNWRITTEN 0xAA
/* What parse_via_block leaves in the component words: a call that must not write them is seen to. */
#define UNWRITTEN_WORD 0xA5A5A5A5u

/* Fills a call block as a caller must (ada_ffi.h): header zeroed; the input (input_len bytes), then the base
 * (base_len bytes; none when base_len is ADA_FFI_NO_BASE) at the text area, UNWRITTEN in the rest of it; TEXT_CAP every
 * byte after the header; OPERATION = op. `words` holds `bytes` bytes (a multiple of 4, the input and base fit). */
static inline void block_fill(uint32_t* words, size_t bytes, uint32_t op, const void* input, uint32_t input_len,
                              const void* base, uint32_t base_len) {
  uint8_t* text = (uint8_t*)words + ADA_FFI_BLOCK_TEXT;
  size_t base_bytes = base_len == ADA_FFI_NO_BASE ? 0 : base_len;
  memset(words, 0, ADA_FFI_BLOCK_TEXT);
  memset(text, UNWRITTEN, bytes - ADA_FFI_BLOCK_TEXT);
  if (input_len) memcpy(text, input, input_len);
  if (base_bytes) memcpy(text + input_len, base, base_bytes);
  words[ADA_FFI_BLOCK_INPUT_LEN] = input_len;
  words[ADA_FFI_BLOCK_BASE_LEN] = base_len;
  words[ADA_FFI_BLOCK_TEXT_CAP] = (uint32_t)(bytes - ADA_FFI_BLOCK_TEXT);
  words[ADA_FFI_BLOCK_OPERATION] = op;
}

/* block_fill with C strings; base NULL: no base. */
static inline void block_fill_str(uint32_t* words, size_t bytes, uint32_t op, const char* input, const char* base) {
  block_fill(words, bytes, op, input, (uint32_t)strlen(input), base,
             base ? (uint32_t)strlen(base) : ADA_FFI_NO_BASE);
}

static inline uint8_t* block_text(uint32_t* words) { return (uint8_t*)words + ADA_FFI_BLOCK_TEXT; }
static inline uint32_t* block_components(uint32_t* words) { return words + ADA_FFI_BLOCK_COMPONENTS; }

/* Runs the operation the block names, as the adapters do. */
static inline uint32_t block_run(uint32_t* words) { return ada_ffi_block((uint8_t*)words); }

/* Sets the block's OPERATION to `op` and runs it. */
static inline uint32_t block_run_op(uint32_t* words, uint32_t op) {
  words[ADA_FFI_BLOCK_OPERATION] = op;
  return ada_ffi_block((uint8_t*)words);
}

/* Whether a result is a byte length (of an href or a domain) rather than a code. */
static inline int is_length(uint32_t r) { return r != ADA_FFI_INVALID && r != ADA_FFI_UNCHANGED; }

/* Compares a block after a call with its copy from before: the call may have written the component words (when
 * `components` is set) and text[0..written), nothing else. */
static inline int block_only_wrote(const uint32_t* after, const uint32_t* before, size_t bytes, int components,
                                   uint32_t written) {
  for (size_t w = 0; w < ADA_FFI_BLOCK_TEXT / 4; w++) {
    int is_component = w >= ADA_FFI_BLOCK_COMPONENTS && w < ADA_FFI_BLOCK_COMPONENTS + ADA_FFI_COMPONENT_COUNT;
    if (!(components && is_component) && after[w] != before[w]) return 0;
  }
  size_t from = ADA_FFI_BLOCK_TEXT + (size_t)written;
  return memcmp((const uint8_t*)after + from, (const uint8_t*)before + from, bytes - from) == 0;
}

/*
 * ADA_FFI_OP_PARSE on input[0..input_len) (against base[0..base_len) unless base_len is ADA_FFI_NO_BASE), as a caller
 * holding its input elsewhere runs it: a block of its own with the input and base in the text area and
 * TEXT_CAP = out_cap (the block holds the input and base whatever out_cap is), ada_ffi_block, then the results read
 * back: the href into out when the result is a length that fits out_cap, the components into `components` when the
 * URL is valid. Returns ada_ffi_block's result. It also checks what the caller cannot see afterwards: that the call
 * wrote nothing but the components (only when valid) and the href over the text area (only a length <= TEXT_CAP).
 */
static inline uint32_t parse_via_block(const void* input, uint32_t input_len, const void* base, uint32_t base_len,
                                       uint8_t* out, uint32_t out_cap, uint32_t* components) {
  size_t text = (size_t)input_len + (base_len == ADA_FFI_NO_BASE ? 0 : base_len);
  if (text < out_cap) text = out_cap;
  size_t bytes = (ADA_FFI_BLOCK_TEXT + text + 8 + 3) & ~(size_t)3; /* and a few bytes past TEXT_CAP */
  uint32_t* words = malloc(bytes);
  uint32_t* before = malloc(bytes);
  block_fill(words, bytes, ADA_FFI_OP_PARSE, input, input_len, base, base_len);
  words[ADA_FFI_BLOCK_TEXT_CAP] = out_cap;
  for (uint32_t i = 0; i < ADA_FFI_COMPONENT_COUNT; i++) words[ADA_FFI_BLOCK_COMPONENTS + i] = UNWRITTEN_WORD;
  memcpy(before, words, bytes);
  uint32_t r = block_run(words);
  int fits = is_length(r) && r <= out_cap;
  CHECK(block_only_wrote(words, before, bytes, r != ADA_FFI_INVALID, fits ? r : 0));
  if (fits && r > 0) memcpy(out, block_text(words), r);
  if (r != ADA_FFI_INVALID) memcpy(components, block_components(words), 4 * ADA_FFI_COMPONENT_COUNT);
  free(before);
  free(words);
  return r;
}

/* parse_via_block with C strings; base NULL: no base. */
static inline uint32_t parse_str(const char* input, const char* base, uint8_t* out, uint32_t out_cap,
                                 uint32_t* components) {
  return parse_via_block(input, (uint32_t)strlen(input), base, base ? (uint32_t)strlen(base) : ADA_FFI_NO_BASE, out,
                         out_cap, components);
}

/* ADA_FFI_OP_CAN_PARSE through a block of its own: 1 or 0; checks that the call wrote nothing. */
static inline uint32_t can_parse_via_block(const void* input, uint32_t input_len, const void* base, uint32_t base_len) {
  size_t bytes = (ADA_FFI_BLOCK_TEXT + (size_t)input_len + (base_len == ADA_FFI_NO_BASE ? 0 : base_len) + 8 + 3) &
                 ~(size_t)3;
  uint32_t* words = malloc(bytes);
  uint32_t* before = malloc(bytes);
  block_fill(words, bytes, ADA_FFI_OP_CAN_PARSE, input, input_len, base, base_len);
  memcpy(before, words, bytes);
  uint32_t r = block_run(words);
  CHECK(memcmp(words, before, bytes) == 0);
  free(before);
  free(words);
  return r;
}

static inline uint32_t can_parse_str(const char* input, const char* base) {
  return can_parse_via_block(input, (uint32_t)strlen(input), base, base ? (uint32_t)strlen(base) : ADA_FFI_NO_BASE);
}

/* ADA_FFI_OP_SET: setter `which` with `value` on `href`, in `words` (`bytes` bytes); the new href (when a length)
 * and the components are left in the block. Returns the result. */
static inline uint32_t set_via_block(uint32_t* words, size_t bytes, const char* href, uint32_t which,
                                     const char* value) {
  block_fill_str(words, bytes, ADA_FFI_OP_SET, href, value);
  words[ADA_FFI_BLOCK_SETTER] = which;
  return block_run(words);
}

/* test_url_pattern.c */
/* test_operations.c */
void test_block(void);
void test_many(void);
void test_setters(void);
void test_href_memo(void);
void test_domains(void);
void test_dispatch(void);
void test_block_string(void);

/* test_url_pattern.c */
void test_pattern_compile(void);
void test_pattern_questions(void);
void test_pattern_invalid(void);
void test_pattern_too_small(void);
void test_pattern_process(void);
void test_pattern_utf8(void);
void test_pattern_threads(void);

#endif
