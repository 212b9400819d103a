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
 *     a setter on that href (ADA_FFI_OP_SET) starts from it instead of parsing it again, and uses it up.
 *     It holds exactly what parsing the href gives; what a setter leaves is never remembered.
 *
 * Strings are passed as bytes with a byte length (in the call block, or as arrays for ada_ffi_parse_many); they
 * need not be NUL-terminated and may contain NUL bytes (one exception: ada_ffi_block_string_at's C string, for
 * FFIs that convert strings themselves).
 * Inputs are UTF-8 (a caller holding UTF-16 must first turn lone surrogates into U+FFFD, as WebIDL's
 * USVString conversion does). Every href the library writes is ASCII.
 *
 * Components: a valid parse writes ADA_FFI_COMPONENT_COUNT uint32 values (into the call block's words 4..12, or
 * ada_ffi_parse_many's results), indexed by enum ada_ffi_component. They are byte offsets into the href, which,
 * href being ASCII, are also UTF-16 string indices:
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
 * Versioning: ADA_FFI_ABI_VERSION changes whenever the exported functions, a signature, a return code, an
 * operation or the component layout changes (9: the exports reduced to the six below). Callers compare it with
 * ada_ffi_abi_version() after loading the library and refuse a mismatch.
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

#define ADA_FFI_ABI_VERSION 9u

/* Number of uint32 values written into a components array. */
#define ADA_FFI_COMPONENT_COUNT 9u

/* A component that is absent (PORT, SEARCH_START, HASH_START only). */
#define ADA_FFI_OMITTED 0xFFFFFFFFu

/* Result codes of ada_ffi_block's operations and ada_ffi_parse_many. Any other value is a byte length. */
#define ADA_FFI_INVALID 0xFFFFFFFFu   /* not a valid URL (or its href would reach ADA_FFI_MAX_LENGTH) */
#define ADA_FFI_UNCHANGED 0xFFFFFFFEu /* valid; href is byte-identical to the input; nothing written */

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
 *   word 3  SETTER      in:  which setter ADA_FFI_OP_SET runs (enum ada_ffi_setter); else 0
 *   words 4..12          out: the components (ADA_FFI_BLOCK_COMPONENTS + enum ada_ffi_component)
 *   word 13 OPERATION   in:  which operation ada_ffi_block runs (enum ada_ffi_operation)
 *   words 14..15         (reserved; URLPattern's operations use them: ada_ffi_url_pattern.h)
 *   byte 64 on           in:  input bytes, immediately followed by base bytes
 *                        out: the href, written over them when it is returned as a length
 *
 * The block must be at least ADA_FFI_BLOCK_TEXT + INPUT_LEN + BASE_LEN bytes (and TEXT_CAP) and 4-byte aligned.
 * TEXT_CAP may be smaller than INPUT_LEN + BASE_LEN: the library then writes only what fits in TEXT_CAP.
 */
#define ADA_FFI_BLOCK_INPUT_LEN 0u
#define ADA_FFI_BLOCK_BASE_LEN 1u
#define ADA_FFI_BLOCK_TEXT_CAP 2u
#define ADA_FFI_BLOCK_SETTER 3u
#define ADA_FFI_BLOCK_COMPONENTS 4u
#define ADA_FFI_BLOCK_OPERATION 13u
#define ADA_FFI_BLOCK_TEXT 64u
#define ADA_FFI_NO_BASE 0xFFFFFFFFu

/*
 * The operations of ada_ffi_block, by the block's OPERATION word. "text" is the text area (byte ADA_FFI_BLOCK_TEXT
 * on), "input" its first INPUT_LEN bytes (UTF-8), "base" the BASE_LEN bytes after them.
 *
 * ADA_FFI_OP_PARSE — new URL(input) (BASE_LEN = ADA_FFI_NO_BASE) or new URL(input, base). Returns
 *   ADA_FFI_INVALID    the input (or the base) is not a valid URL; nothing written, components untouched.
 *   ADA_FFI_UNCHANGED  valid, and the href equals the input byte for byte: components written, text untouched
 *                      (the caller reuses its own input as the href). Never "equals the base".
 *   n <= TEXT_CAP      valid; the href, n bytes of ASCII, written over the text from its start (input and base
 *                      were fully read first); components written.
 *   n >  TEXT_CAP      valid, but the href needs n bytes: components written, text untouched; grow the block
 *                      (TEXT_CAP >= n) and call again.
 *   An empty base is present, and invalid. The calling thread's parse of the base is memoized (Design, above):
 *   a call with the same base bytes skips its parse. A parse without a base whose href is its input leaves the
 *   href memo that a following ADA_FFI_OP_SET on that href takes.
 *
 * ADA_FFI_OP_CAN_PARSE — URL.canParse(input) or URL.canParse(input, base): 1 or 0 (an invalid base gives 0).
 *   Writes nothing.
 *
 * ADA_FFI_OP_SET — one URL setter (SETTER, enum ada_ffi_setter) on a fresh parse of the current href (or the
 *   calling thread's memo of it, which is the same: Design, above). The text holds the current href (INPUT_LEN
 *   bytes, as returned by a previous parse) immediately followed by the new value (BASE_LEN bytes, UTF-8).
 *   Returns
 *   ADA_FFI_INVALID    the setter rejected the value (or the href does not parse, or SETTER is not a setter, or
 *                      BASE_LEN is ADA_FFI_NO_BASE: a setter always has a value): the URL is unchanged, nothing
 *                      written. Only the href setter reports failure this way in JavaScript; the others
 *                      silently leave the URL as it was, as the WHATWG setters do.
 *   ADA_FFI_UNCHANGED  the new href equals the current one; components written.
 *   n                  the new href's length, written at the text when n <= TEXT_CAP (else grow and call
 *                      again); components written.
 *   The search and hash setters given "" remove the component.
 *
 * ADA_FFI_OP_DOMAIN_TO_ASCII, ADA_FFI_OP_DOMAIN_TO_UNICODE — the domain's ASCII serialization (UTS #46 ToASCII as
 *   the URL host parser applies it to special URLs), or its Unicode form, like Node's url.domainToASCII /
 *   url.domainToUnicode. The input is the domain. Returns the result's byte length, written at the text when it
 *   fits in TEXT_CAP (the Unicode form is UTF-8; the empty domain gives 0), or ADA_FFI_INVALID when the domain is
 *   not valid (nothing written).
 *
 * ADA_FFI_OP_URL_PATTERN_COMPILE, ADA_FFI_OP_URL_PATTERN_PROCESS — URLPattern: compile a pattern; process a
 *   URLPatternInit as test() and exec() do. Their header words and output are in ada_ffi_url_pattern.h.
 *
 * Any other OPERATION: ADA_FFI_INVALID, nothing written.
 */
enum ada_ffi_operation {
  ADA_FFI_OP_PARSE = 0,
  ADA_FFI_OP_CAN_PARSE = 1,
  ADA_FFI_OP_SET = 2,
  ADA_FFI_OP_DOMAIN_TO_ASCII = 3,
  ADA_FFI_OP_DOMAIN_TO_UNICODE = 4,
  ADA_FFI_OP_URL_PATTERN_COMPILE = 5, /* ada_ffi_url_pattern.h */
  ADA_FFI_OP_URL_PATTERN_PROCESS = 6  /* ada_ffi_url_pattern.h */
};

/* The URL setters of ADA_FFI_OP_SET (the WHATWG URL setters of the same names). */
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
 * The exports: six functions, each kept because a runtime adapter calls it and it cannot be an operation of
 * ada_ffi_block (each says why below). Everything else is an operation, so the library exports nothing that no
 * caller needs, and as few names as can collide in a host that embeds its own ada (Node).
 */

/*
 * The ABI version this library implements (ADA_FFI_ABI_VERSION when it was built).
 * Why exported: every adapter calls it at load and refuses a mismatch; it must answer before the caller
 * trusts any block layout, so it takes no block.
 */
ADA_FFI_API uint32_t ada_ffi_abi_version(void);

/*
 * Copies the version of the bundled ada parser (e.g. "4.0.0", ASCII, no NUL) into out[0..out_cap).
 * Returns the version's byte length; when that exceeds out_cap, nothing is written (call again with
 * a buffer at least that long). out may be NULL when out_cap is 0.
 * Why exported: every adapter calls it (adaVersion()); like ada_ffi_abi_version it describes the library
 * rather than running an operation, with a signature that does not depend on the block layout.
 */
ADA_FFI_API uint32_t ada_ffi_ada_version(uint8_t* out, uint32_t out_cap);

/*
 * Runs the operation the block's OPERATION word names (enum ada_ffi_operation, above) and returns its result:
 * every parse, canParse, setter, domain conversion and URLPattern call. The block is read and written only
 * during the call.
 * Why exported: every adapter calls it (Bun for every block call, the others for blocks they cannot pass by
 * address). One entry point rather than a function per operation: an FFI whose fast path is specialised per call
 * site (node:ffi in Node 26 wraps every native function in one shared JavaScript function) stays fast when a
 * program calls one native function for everything, and slows down (~2x per call) when it alternates between
 * several.
 */
ADA_FFI_API uint32_t ada_ffi_block(uint8_t* block);

/*
 * ada_ffi_block for the block at `address`, given as a double: exactly ada_ffi_block((uint8_t*)(uintptr_t)address).
 * A double holds an address exactly below 2^53 (every user-space address on the supported platforms); the caller
 * checks that its address survived the conversion and uses ada_ffi_block otherwise. The memory must not move while
 * the call runs (the caller's concern, as for any pointer).
 * Why exported: node:ffi, koffi and Deno call it for the block they keep at a fixed address, because they pass one
 * f64 argument more cheaply than a pointer or a buffer (Node 26.10: 4.5 vs 17 ns per empty call, koffi 25 vs 37,
 * Deno 4 vs 9); an operation cannot change how its block's address is passed.
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
 * Why exported: koffi calls it for parses and canParse without a base, because it converts a string argument to
 * UTF-8 in native code, 10-13 ns per URL cheaper on Node 20 and 22 than encoding it in JavaScript
 * (TextEncoder.encodeInto) before a call with the block alone; the string is an argument, which an operation, reading
 * only the block, cannot take. The unit count goes in the block, not as an argument: koffi spends several
 * nanoseconds per argument.
 */
ADA_FFI_API uint32_t ada_ffi_block_string_at(double address, const char* input);

/* Number of uint32 values per input in the results array of ada_ffi_parse_many. */
#define ADA_FFI_RESULT_STRIDE 10u

/*
 * Parses many URLs in one call (the same answers as ADA_FFI_OP_PARSE, one by one).
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
 * Why exported: every adapter calls it (parseMany()); it has its own signature (arrays of inputs, lengths and
 * results sized by the caller), which one call block cannot carry without copying every input into it.
 */
ADA_FFI_API uint32_t ada_ffi_parse_many(const uint8_t* inputs, const uint32_t* lengths, uint32_t count,
                                        const uint8_t* base, uint32_t base_len, uint8_t* out,
                                        uint32_t out_cap, uint32_t* results);

/*
 * WebAssembly. The same sources build a wasm32-wasi reactor module (native/prebuild.mjs: ada_ffi.wasm) with this ABI
 * unchanged; it differs from the native libraries in three ways:
 *   - One thread: it is built with ADA_FFI_SINGLE_THREADED, so the per-thread memos (Design, above) are plain
 *     statics. An instance must not be entered by two threads; an engine gives each thread (Worker) its own instance.
 *   - Buffers must live in the module's own memory (its export `memory`): every pointer above is an offset into it.
 *     The module exports malloc and free for the caller to place its blocks there; the library itself still hands
 *     out no memory.
 *   - That memory can grow during any call (ada allocates from it). Growing replaces the memory's ArrayBuffer in
 *     JavaScript and detaches the old one: a caller re-creates its views of the memory when `memory.buffer` is no
 *     longer the buffer they were made on. Offsets, and the blocks at them, stay where they are.
 * Call `_initialize` once before anything else (a reactor's static constructors). Its only imports are
 * wasi_snapshot_preview1's fd_close, fd_seek and fd_write, which no operation calls (libc's stdio links them).
 */

#ifdef __cplusplus
}
#endif

#endif /* ADA_FFI_H */
