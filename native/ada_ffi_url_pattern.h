/*
 * ada_ffi_url_pattern.h — URLPattern (https://urlpattern.spec.whatwg.org/) in the C ABI of ada-ffi: the two
 * operations ADA_FFI_OP_URL_PATTERN_COMPILE and ADA_FFI_OP_URL_PATTERN_PROCESS of ada_ffi_block (ada_ffi.h).
 *
 * ada does the standard's work: constructor-string parsing, processing a URLPatternInit, tokenizing,
 * canonicalization, and generating each component's pattern string and regular-expression source. It
 * runs no regular expression here: the caller compiles each source with the `v` flag the standard
 * requires (`vi` under ignoreCase) in its JavaScript engine and matches with it. So a compiled pattern
 * is plain data the caller keeps; as everywhere in ada_ffi.h, no native object outlives a call.
 *
 * Both use the call block of ada_ffi.h (TEXT_CAP in word 2, OPERATION in word 13, text from byte
 * ADA_FFI_BLOCK_TEXT), run by ada_ffi_block (or ada_ffi_block_at). Their other header words:
 *
 *   words 0..1   string form: INPUT_LEN, BASE_LEN (or ADA_FFI_NO_BASE), as for a URL parse
 *   words 3..11  dictionary form: the byte length of each URLPatternInit member, in the order of
 *                enum ada_ffi_pattern_field, or ADA_FFI_ABSENT for a member not given
 *   word 12      FLAGS  in:  ADA_FFI_PATTERN_IGNORE_CASE, ADA_FFI_PATTERN_INIT (dictionary form)
 *   word 14      ANSWERS in: how many answer records follow the input bytes (compile only; see below)
 *   word 15      OUTPUT out: what the output holds (enum ada_ffi_pattern_output)
 *
 * The input bytes (UTF-8) fill the text area in order: the string and then the base, or the given
 * members in field order. The output is written over the text area from its start: a table of uint32
 * words (native byte order) followed by the strings it describes, as UTF-8 bytes back to back:
 *
 *   word 0  T: words in the table, these three included   word 1  B: bytes of strings after the table
 *   word 2  U: the UTF-16 length of those B bytes (U == B: they are ASCII)
 *   word 3  on: depends on the output kind (below)
 *
 * String lengths in tables are given in UTF-16 code units (how JavaScript slices a decoded string), so a
 * caller decodes the B bytes once and cuts the result up. The function returns the output's byte length
 * 4*T + B (written when it fits in TEXT_CAP; else grow the block and call again with the same input), or
 * ADA_FFI_INVALID. Input that is not well-formed UTF-8 gives ADA_FFI_INVALID (ada requires it; a JavaScript
 * caller's encoder turns lone surrogates into U+FFFD, as WebIDL's USVString conversion does); the output
 * strings are then well-formed UTF-8 too.
 */
#ifndef ADA_FFI_URL_PATTERN_H
#define ADA_FFI_URL_PATTERN_H

#include "ada_ffi.h"

/* A URLPatternInit member that was not given (a length word). */
#define ADA_FFI_ABSENT 0xFFFFFFFFu

#define ADA_FFI_PATTERN_FIELDS 3u   /* first length word of the dictionary form */
#define ADA_FFI_PATTERN_FLAGS 12u
#define ADA_FFI_PATTERN_ANSWERS 14u
#define ADA_FFI_PATTERN_OUTPUT 15u

/* FLAGS bits. */
#define ADA_FFI_PATTERN_IGNORE_CASE 1u /* options.ignoreCase (compile only) */
#define ADA_FFI_PATTERN_INIT 2u        /* the input is a URLPatternInit dictionary, not a string */

/* URLPatternInit members, in the order of the length words. */
enum ada_ffi_pattern_field {
  ADA_FFI_FIELD_PROTOCOL = 0,
  ADA_FFI_FIELD_USERNAME = 1,
  ADA_FFI_FIELD_PASSWORD = 2,
  ADA_FFI_FIELD_HOSTNAME = 3,
  ADA_FFI_FIELD_PORT = 4,
  ADA_FFI_FIELD_PATHNAME = 5,
  ADA_FFI_FIELD_SEARCH = 6,
  ADA_FFI_FIELD_HASH = 7,
  ADA_FFI_FIELD_BASE_URL = 8
};

/* What a successful ADA_FFI_OP_URL_PATTERN_COMPILE wrote (header word OUTPUT). */
enum ada_ffi_pattern_output {
  ADA_FFI_OUTPUT_PATTERN = 0,  /* the compiled pattern */
  ADA_FFI_OUTPUT_QUESTIONS = 1 /* questions to answer before the pattern can be compiled */
};

/* How a component matches (ada's fast paths): only REGEXP needs its regular expression. */
enum ada_ffi_pattern_component_type {
  ADA_FFI_COMPONENT_EMPTY = 0,         /* matches "" only */
  ADA_FFI_COMPONENT_EXACT_MATCH = 1,   /* matches its exact-match value only (case-sensitive) */
  ADA_FFI_COMPONENT_FULL_WILDCARD = 2, /* matches anything; its one group (if named) gets the whole input */
  ADA_FFI_COMPONENT_REGEXP = 3         /* matches where its regular expression matches */
};

/*
 * ADA_FFI_OP_URL_PATTERN_COMPILE — compiles a URLPattern: new URLPattern(string, base?, options?) or
 * new URLPattern(init, options?). Returns ADA_FFI_INVALID where the standard throws a TypeError (an invalid pattern, a string without a
 * base or protocol, an invalid base). The caller also throws one when a regular-expression source does
 * not compile in its engine.
 *
 * OUTPUT = ADA_FFI_OUTPUT_PATTERN: from word 3, for each component, in the order protocol, username,
 * password, hostname, port, pathname, search, hash:
 *   type (enum ada_ffi_pattern_component_type), flags (bit 0: has regexp groups; bit 1: the regular
 *   expression ignores case, i.e. takes the `i` flag), G (number of groups),
 *   length of the pattern string, of the regular-expression source ("" unless REGEXP), of the exact-match
 *   value ("" unless EXACT_MATCH), then the length of each of the G group names;
 * and the strings in that order. Group i (0-based) of a component is capture group i + 1 of its regular
 * expression (a FULL_WILDCARD's one group is its whole input).
 *
 * OUTPUT = ADA_FFI_OUTPUT_QUESTIONS: the standard asks at construction whether the protocol component
 * matches a special scheme; for a protocol given as a regular expression (e.g. "http{s}?") only the
 * caller's engine can say. Word 3 is Q, then per question: ignore_case (0/1), the source's byte length,
 * its UTF-16 length; the strings are the Q sources. The caller tests each source against "http", "https",
 * "ws", "wss", "ftp", "file" (whole-string match) and calls again with the same input followed by one
 * answer record per question, ANSWERS = their number:
 *   uint32 byte length n (little-endian, unaligned), one byte: bit i set = scheme i matches (in the order
 *   above), bit 7 = ignore_case; then the source's n bytes.
 * Answers of earlier rounds must be repeated; a new round may ask about another source.
 */

/*
 * ADA_FFI_OP_URL_PATTERN_PROCESS — processes a URLPatternInit dictionary (dictionary form only) as
 * URLPattern's test() and exec() do ("process a URLPatternInit" for type "url", every member defaulting to
 * the empty string): the component values a pattern is matched against. Returns ADA_FFI_INVALID where that throws (test()
 * then gives false, exec() null). Output: from word 3, the UTF-16 lengths of the eight values
 * (protocol, username, password, hostname, port, pathname, search without its leading "?", hash) and
 * the values. FLAGS other than ADA_FFI_PATTERN_INIT and ANSWERS are ignored.
 */

#endif /* ADA_FFI_URL_PATTERN_H */
