/*
 * ada_ffi.h — the C ABI of ada-ffi: WHATWG URL parsing (ada) for foreign-function callers.
 *
 * Design: every call is stateless as the caller sees it. The caller owns every buffer, the library never
 * hands out memory of its own, and no state is shared between threads, so any function may be called from
 * several threads at once. Two memos per thread outlive a call, each at most a few KiB, freed when the
 * thread ends, and neither ever changes an answer:
 *   - the last base parsed (keyed by its bytes, up to 4096): resolving many inputs against one base parses
 *     the base once;
 *   - the last URL parsed without a base whose href was its input (keyed by that href, up to 4096 bytes):
 *     a setter on that href (ada_ffi_set_block) starts from it instead of parsing it again, and uses it up.
 *     It holds exactly what parsing the href gives; what a setter leaves is never remembered.
 *
 * Strings are passed as (pointer, byte length) pairs; they need not be NUL-terminated and may contain
 * NUL bytes (one exception: ada_ffi_block_string_at's C string, for FFIs that convert strings themselves).
 * Inputs are UTF-8 (a caller holding UTF-16 must first turn lone surrogates into U+FFFD, as WebIDL's
 * USVString conversion does). Every href the library writes is ASCII.
 *
 * Components: a valid parse writes ADA_FFI_COMPONENT_COUNT uint32 values into the caller's array,
 * indexed by enum ada_ffi_component. They are byte offsets into the href, which, href being ASCII, are
 * also UTF-16 string indices:
 *
 *   https://user:pass@example.com:1234/foo/bar?baz#quux
 *         |     |    |          | ^^^^|       |   |
 *         |     |    |          | |   |       |   `- HASH_START      (index of '#', or ADA_FFI_OMITTED)
 *         |     |    |          | |   |       `----- SEARCH_START    (index of '?', or ADA_FFI_OMITTED)
 *         |     |    |          | |   `------------- PATHNAME_START
 *         |     |    |          | `----------------- PORT            (the port NUMBER, or ADA_FFI_OMITTED)
 *         |     |    |          `------------------- HOST_END
 *         |     |    `------------------------------ HOST_START      (may point at the '@')
 *         |     `----------------------------------- USERNAME_END
 *         `----------------------------------------- PROTOCOL_END    (index just after ':')
 *
 *   SCHEME_TYPE: enum ada_ffi_scheme_type.
 *
 * Versioning: ADA_FFI_ABI_VERSION changes whenever a signature, a return code or the component layout
 * changes. Callers compare it with ada_ffi_abi_version() after loading the library and refuse a mismatch.
 */
#ifndef ADA_FFI_H
#define ADA_FFI_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#if defined(_WIN32)
#define ADA_FFI_API __declspec(dllexport)
#else
#define ADA_FFI_API __attribute__((visibility("default")))
#endif

#define ADA_FFI_ABI_VERSION 8u

/* Number of uint32 values written into a components array. */
#define ADA_FFI_COMPONENT_COUNT 9u

/* A component that is absent (PORT, SEARCH_START, HASH_START only). */
#define ADA_FFI_OMITTED 0xFFFFFFFFu

/* Result codes of ada_ffi_parse / ada_ffi_parse_with_base. Any other value is a byte length. */
#define ADA_FFI_INVALID 0xFFFFFFFFu   /* not a valid URL (or its href would reach ADA_FFI_MAX_LENGTH) */
#define ADA_FFI_UNCHANGED 0xFFFFFFFEu /* valid; href is byte-identical to the input; out untouched */

/* Hrefs are limited to fewer bytes than this, so that a length never collides with a result code. */
#define ADA_FFI_MAX_LENGTH 0xFFFFFFF0u

enum ada_ffi_component {
  ADA_FFI_PROTOCOL_END = 0,
  ADA_FFI_USERNAME_END = 1,
  ADA_FFI_HOST_START = 2,
  ADA_FFI_HOST_END = 3,
  ADA_FFI_PORT = 4,
  ADA_FFI_PATHNAME_START = 5,
  ADA_FFI_SEARCH_START = 6,
  ADA_FFI_HASH_START = 7,
  ADA_FFI_SCHEME_TYPE = 8
};

/*
 * The call block: one caller-owned buffer carrying a whole call, so an FFI marshals a single pointer
 * (on koffi every extra argument costs tens of nanoseconds). Layout, uint32 words, native byte order:
 *
 *   word 0  INPUT_LEN   in:  input byte length (ada_ffi_block_string_at: its UTF-16 length; out: its byte length)
 *   word 1  BASE_LEN    in:  base byte length, or ADA_FFI_NO_BASE
 *   word 2  TEXT_CAP    in:  bytes available from byte ADA_FFI_BLOCK_TEXT on
 *   word 3  SETTER      in:  which component ada_ffi_set_block sets (enum ada_ffi_setter); else 0
 *   words 4..12          out: the components (ADA_FFI_BLOCK_COMPONENTS + enum ada_ffi_component)
 *   word 13 OPERATION   in:  which block function ada_ffi_block runs (enum ada_ffi_operation); read by
 *                            ada_ffi_block only
 *   words 14..15         (reserved)
 *   byte 64 on           in:  input bytes, immediately followed by base bytes
 *                        out: the href, written over them when it is returned as a length
 *
 * The block must be at least ADA_FFI_BLOCK_TEXT + INPUT_LEN + BASE_LEN bytes and 4-byte aligned.
 */
#define ADA_FFI_BLOCK_INPUT_LEN 0u
#define ADA_FFI_BLOCK_BASE_LEN 1u
#define ADA_FFI_BLOCK_TEXT_CAP 2u
#define ADA_FFI_BLOCK_SETTER 3u
#define ADA_FFI_BLOCK_COMPONENTS 4u
#define ADA_FFI_BLOCK_OPERATION 13u
#define ADA_FFI_BLOCK_TEXT 64u
#define ADA_FFI_NO_BASE 0xFFFFFFFFu

/* The block functions ada_ffi_block dispatches to, by the block's OPERATION word. */
enum ada_ffi_operation {
  ADA_FFI_OP_PARSE = 0,             /* ada_ffi_parse_block */
  ADA_FFI_OP_CAN_PARSE = 1,         /* ada_ffi_can_parse_block */
  ADA_FFI_OP_SET = 2,               /* ada_ffi_set_block */
  ADA_FFI_OP_DOMAIN_TO_ASCII = 3,   /* ada_ffi_domain_to_ascii_block */
  ADA_FFI_OP_DOMAIN_TO_UNICODE = 4,   /* ada_ffi_domain_to_unicode_block */
  ADA_FFI_OP_URL_PATTERN_COMPILE = 5, /* ada_ffi_url_pattern_compile_block (ada_ffi_url_pattern.h) */
  ADA_FFI_OP_URL_PATTERN_PROCESS = 6  /* ada_ffi_url_pattern_process_block (ada_ffi_url_pattern.h) */
};

/* The URL setters of ada_ffi_set_block (the WHATWG URL setters of the same names). */
enum ada_ffi_setter {
  ADA_FFI_SET_HREF = 0,
  ADA_FFI_SET_PROTOCOL = 1,
  ADA_FFI_SET_USERNAME = 2,
  ADA_FFI_SET_PASSWORD = 3,
  ADA_FFI_SET_HOST = 4,
  ADA_FFI_SET_HOSTNAME = 5,
  ADA_FFI_SET_PORT = 6,
  ADA_FFI_SET_PATHNAME = 7,
  ADA_FFI_SET_SEARCH = 8,
  ADA_FFI_SET_HASH = 9
};

/* Same values as ada::scheme::type. */
enum ada_ffi_scheme_type {
  ADA_FFI_SCHEME_HTTP = 0,
  ADA_FFI_SCHEME_NOT_SPECIAL = 1,
  ADA_FFI_SCHEME_HTTPS = 2,
  ADA_FFI_SCHEME_WS = 3,
  ADA_FFI_SCHEME_FTP = 4,
  ADA_FFI_SCHEME_WSS = 5,
  ADA_FFI_SCHEME_FILE = 6
};

/*
 * The ABI version this library implements (ADA_FFI_ABI_VERSION when it was built).
 */
ADA_FFI_API uint32_t ada_ffi_abi_version(void);

/*
 * Copies the version of the bundled ada parser (e.g. "4.0.0", ASCII, no NUL) into out[0..out_cap).
 * Returns the version's byte length; when that exceeds out_cap, nothing is written (call again with
 * a buffer at least that long). out may be NULL when out_cap is 0.
 */
ADA_FFI_API uint32_t ada_ffi_ada_version(uint8_t* out, uint32_t out_cap);

/*
 * Parses input[0..input_len) as an absolute URL.
 *
 *   input       UTF-8 bytes, read only during the call. May be NULL when input_len is 0.
 *   out         receives the normalized href (ASCII) when it differs from the input. May alias input:
 *               the input is fully read before out is written. May be NULL when out_cap is 0.
 *   out_cap     bytes available at out.
 *   components  ADA_FFI_COMPONENT_COUNT uint32 values, written whenever the URL is valid (also when
 *               out is too small). Must not be NULL.
 *
 * Returns
 *   ADA_FFI_INVALID    the input is not a valid URL; out and components untouched.
 *   ADA_FFI_UNCHANGED  valid, and the href equals the input byte for byte: out is untouched, the
 *                      caller reuses its own input as the href.
 *   n <= out_cap       valid; the href, n bytes long, is in out[0..n).
 *   n >  out_cap       valid, but the href needs n bytes: out untouched; grow the buffer, call again.
 */
ADA_FFI_API uint32_t ada_ffi_parse(const uint8_t* input, uint32_t input_len, uint8_t* out,
                                   uint32_t out_cap, uint32_t* components);

/*
 * Like ada_ffi_parse, with input resolved against base[0..base_len) (UTF-8). An invalid base makes the
 * result ADA_FFI_INVALID. ADA_FFI_UNCHANGED still means href == input (not == base). out may alias input
 * or base. The calling thread's parse of the base is memoized (see Design above), as in ada_ffi_parse_many
 * and the block functions that take a base; a call with the same base bytes skips its parse.
 */
ADA_FFI_API uint32_t ada_ffi_parse_with_base(const uint8_t* input, uint32_t input_len,
                                             const uint8_t* base, uint32_t base_len, uint8_t* out,
                                             uint32_t out_cap, uint32_t* components);

/*
 * 1 when input[0..input_len) parses as a URL, 0 otherwise (WHATWG URL.canParse without a base).
 */
ADA_FFI_API uint32_t ada_ffi_can_parse(const uint8_t* input, uint32_t input_len);

/*
 * 1 when input parses against base (both UTF-8), 0 otherwise (an invalid base gives 0).
 */
ADA_FFI_API uint32_t ada_ffi_can_parse_with_base(const uint8_t* input, uint32_t input_len,
                                                 const uint8_t* base, uint32_t base_len);

/*
 * ada_ffi_parse / ada_ffi_parse_with_base through a call block (see above): parses the input (against
 * the base unless BASE_LEN is ADA_FFI_NO_BASE), writes the components into the block, and the href
 * over the text area when it differs from the input and fits in TEXT_CAP bytes. Returns exactly what
 * ada_ffi_parse returns, with out = block + ADA_FFI_BLOCK_TEXT and out_cap = TEXT_CAP.
 */
ADA_FFI_API uint32_t ada_ffi_parse_block(uint8_t* block);

/*
 * ada_ffi_can_parse / ada_ffi_can_parse_with_base through a call block: 1 or 0. Writes nothing.
 */
ADA_FFI_API uint32_t ada_ffi_can_parse_block(const uint8_t* block);

/*
 * Runs one URL setter through a call block, on a fresh parse of the current href (or the calling thread's
 * memo of it, which is the same: see Design above). The text area holds the current href (INPUT_LEN bytes,
 * as returned by a previous parse) immediately followed by the new value (BASE_LEN bytes, UTF-8); SETTER
 * says which setter. Returns
 *   ADA_FFI_INVALID    the setter rejected the value (or the href does not parse, or BASE_LEN is
 *                      ADA_FFI_NO_BASE: a setter always has a value): the URL is unchanged, nothing
 *                      written. Only the href setter reports failure this way in JavaScript;
 *                      the others silently leave the URL as it was, as the WHATWG setters do.
 *   ADA_FFI_UNCHANGED  the new href equals the current one; components written.
 *   n                  the new href's length, written at the text area when n <= TEXT_CAP (else grow
 *                      and call again); components written.
 * The search and hash setters given "" remove the component.
 */
ADA_FFI_API uint32_t ada_ffi_set_block(uint8_t* block);

/*
 * The domain's ASCII serialization (UTS #46 ToASCII as the URL host parser applies it to special URLs),
 * or its Unicode form, like Node's url.domainToASCII / url.domainToUnicode. The block's text area holds
 * the domain (INPUT_LEN bytes, UTF-8). Returns the result's byte length, written at the text area when
 * it fits in TEXT_CAP (the Unicode form is UTF-8), or ADA_FFI_INVALID when the domain is not valid.
 */
ADA_FFI_API uint32_t ada_ffi_domain_to_ascii_block(uint8_t* block);
ADA_FFI_API uint32_t ada_ffi_domain_to_unicode_block(uint8_t* block);

/*
 * Any of the block functions above or of ada_ffi_url_pattern.h, chosen by the block's OPERATION word (enum ada_ffi_operation):
 * returns exactly what that function returns for the same block, or ADA_FFI_INVALID (writing nothing) for
 * an unknown operation. Why it exists: an FFI whose fast path is specialised per call site (node:ffi in
 * Node 26 wraps every native function in one shared JavaScript function) stays fast when a program calls
 * one native function for everything, and slows down when it alternates between several.
 */
ADA_FFI_API uint32_t ada_ffi_block(uint8_t* block);

/*
 * ada_ffi_block for the block at `address`, given as a double: exactly ada_ffi_block((uint8_t*)(uintptr_t)address).
 * Why it exists: node:ffi, koffi and Deno pass one f64 argument more cheaply than a pointer or a buffer (Node
 * 26.10: 4.5 vs 17 ns per empty call, koffi 25 vs 37, Deno 4 vs 9), so a caller that keeps one block at a fixed
 * address passes that address as a number. A double holds an address exactly below 2^53 (every user-space
 * address on the supported platforms); the caller checks that its address survived the conversion and uses
 * ada_ffi_block otherwise. The memory must not move while the call runs (the caller's concern, as for any pointer).
 */
ADA_FFI_API uint32_t ada_ffi_block_at(double address);

/* Result of ada_ffi_block_string_at when it ran nothing: put the input in the block yourself and call again. */
#define ADA_FFI_RETRY 0xFFFFFFFDu

/*
 * ada_ffi_block_at with the input given as a C string: copies `input` into the block's text area, sets INPUT_LEN to
 * its byte length, and returns what ada_ffi_block_at(address) then returns. `input` is UTF-8 and NUL-terminated, what
 * an FFI passes for a JavaScript string argument (lone surrogates already U+FFFD); it is read, never kept.
 * On entry INPUT_LEN holds that JavaScript string's length in UTF-16 code units: the copy must be the whole string,
 * and a NUL inside the string ends a C string early. Returns ADA_FFI_RETRY, with the block untouched and nothing run,
 * when
 *   - the UTF-8 up to the first NUL holds more or fewer UTF-16 units than INPUT_LEN (the string had a NUL),
 *   - it is longer than TEXT_CAP bytes, or
 *   - BASE_LEN is not ADA_FFI_NO_BASE (the base would have to follow the input in the text area).
 * The caller then writes the input (and base) into the text area itself and calls ada_ffi_block_at.
 * Why it exists: koffi converts a string argument to UTF-8 in native code, 10-13 ns per URL cheaper on Node 20 and
 * 22 than encoding it in JavaScript (TextEncoder.encodeInto) before a call with the block alone. The unit count goes
 * in the block, not as an argument: koffi spends several nanoseconds per argument.
 */
ADA_FFI_API uint32_t ada_ffi_block_string_at(double address, const char* input);

/* Number of uint32 values per input in the results array of ada_ffi_parse_many. */
#define ADA_FFI_RESULT_STRIDE 10u

/*
 * Parses many URLs in one call (the same answers as ada_ffi_parse, one by one).
 *
 *   inputs, lengths, count  the inputs' UTF-8 bytes, concatenated; lengths[i] is input i's byte length.
 *   base, base_len          a base for every input, or base_len == ADA_FFI_NO_BASE for none. Parsed once
 *                           (and memoized: see Design above).
 *   out, out_cap            receives the hrefs that differ from their input, concatenated in input order.
 *   results                 count * ADA_FFI_RESULT_STRIDE uint32: for input i, results[i*STRIDE] is its
 *                           result (ADA_FFI_INVALID, ADA_FFI_UNCHANGED, or the byte length of its href,
 *                           which follows the previous written hrefs in out), and the next
 *                           ADA_FFI_COMPONENT_COUNT values are its components (when valid).
 *
 * Returns how many inputs were processed: count, or fewer when the next href did not fit in what is
 * left of out. The caller handles results[0 .. returned) and calls again from that input on (with
 * out emptied; a return of 0 means the next href alone needs more than out_cap bytes). An invalid
 * base makes every input ADA_FFI_INVALID.
 */
ADA_FFI_API uint32_t ada_ffi_parse_many(const uint8_t* inputs, const uint32_t* lengths, uint32_t count,
                                        const uint8_t* base, uint32_t base_len, uint8_t* out,
                                        uint32_t out_cap, uint32_t* results);

#ifdef __cplusplus
}
#endif

#endif /* ADA_FFI_H */
