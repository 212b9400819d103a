/* C tests of the URLPattern operations (ada_ffi_url_pattern.h), run through ada_ffi_block: both input forms, the
 * question round, invalid patterns, buffer sizing, processing a URLPatternInit, non-ASCII strings, concurrent use.
 * Linked into test_abi (test_abi.c runs a case by name). */
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "ada_ffi_url_pattern.h"
#include "test_support.h"

#define BLOCK_WORDS 2048
#define NONE ((const char*)0)

/* The two operations, on a block filled by string_block or init_block. */
static uint32_t compile(uint32_t* words) { return block_run_op(words, ADA_FFI_OP_URL_PATTERN_COMPILE); }
static uint32_t process(uint32_t* words) { return block_run_op(words, ADA_FFI_OP_URL_PATTERN_PROCESS); }

/* A decoded output: the table from word 3 on, and the strings. */
typedef struct {
  uint32_t result;
  uint32_t kind;
  const uint32_t* table;
  uint32_t table_len;
  const char* bytes;
  uint32_t byte_count;
  uint32_t units;
} output;

static output decode(uint32_t* words, uint32_t result) {
  output out = {result, words[ADA_FFI_PATTERN_OUTPUT], NULL, 0, NULL, 0, 0};
  uint32_t cap = words[ADA_FFI_BLOCK_TEXT_CAP];
  if (result == ADA_FFI_INVALID || result > cap) return out;
  const uint32_t* text = words + ADA_FFI_BLOCK_TEXT / 4;
  out.table = text + 3;
  out.table_len = text[0] - 3;
  out.byte_count = text[1];
  out.units = text[2];
  out.bytes = (const char*)(text + text[0]);
  CHECK(4 * text[0] + text[1] == result);
  return out;
}

/* The string form: pattern (and base) in the text area. */
static uint32_t* string_block(uint32_t* words, const char* input, const char* base, uint32_t flags) {
  memset(words, 0, 4 * BLOCK_WORDS);
  char* text = (char*)words + ADA_FFI_BLOCK_TEXT;
  uint32_t in_len = (uint32_t)strlen(input);
  memcpy(text, input, in_len);
  words[ADA_FFI_BLOCK_INPUT_LEN] = in_len;
  words[ADA_FFI_BLOCK_BASE_LEN] = ADA_FFI_NO_BASE;
  if (base != NONE) {
    memcpy(text + in_len, base, strlen(base));
    words[ADA_FFI_BLOCK_BASE_LEN] = (uint32_t)strlen(base);
  }
  words[ADA_FFI_BLOCK_TEXT_CAP] = 4 * BLOCK_WORDS - ADA_FFI_BLOCK_TEXT;
  words[ADA_FFI_PATTERN_FLAGS] = flags;
  return words;
}

/* The dictionary form: members[i] for field i (NONE = absent). Returns the text bytes used. */
static uint32_t init_block(uint32_t* words, const char* const members[9], uint32_t flags) {
  memset(words, 0, 4 * BLOCK_WORDS);
  char* text = (char*)words + ADA_FFI_BLOCK_TEXT;
  uint32_t at = 0;
  for (int field = 0; field < 9; field++) {
    if (members[field] == NONE) {
      words[ADA_FFI_PATTERN_FIELDS + field] = ADA_FFI_ABSENT;
      continue;
    }
    uint32_t len = (uint32_t)strlen(members[field]);
    memcpy(text + at, members[field], len);
    words[ADA_FFI_PATTERN_FIELDS + field] = len;
    at += len;
  }
  words[ADA_FFI_BLOCK_TEXT_CAP] = 4 * BLOCK_WORDS - ADA_FFI_BLOCK_TEXT;
  words[ADA_FFI_PATTERN_FLAGS] = flags | ADA_FFI_PATTERN_INIT;
  return at;
}

/* One component of a pattern output: where its strings start, in bytes (ASCII tests only). */
typedef struct {
  uint32_t type, flags, groups;
  const char* pattern;
  uint32_t pattern_len;
  const char* regexp;
  uint32_t regexp_len;
  const char* exact;
  uint32_t exact_len;
  const char* first_group;
  uint32_t first_group_len;
} component;

static void components_of(const output* out, component c[8]) {
  uint32_t w = 0;
  const char* s = out->bytes;
  for (int i = 0; i < 8; i++) {
    c[i].type = out->table[w++];
    c[i].flags = out->table[w++];
    c[i].groups = out->table[w++];
    c[i].pattern = s, c[i].pattern_len = out->table[w++], s += c[i].pattern_len;
    c[i].regexp = s, c[i].regexp_len = out->table[w++], s += c[i].regexp_len;
    c[i].exact = s, c[i].exact_len = out->table[w++], s += c[i].exact_len;
    c[i].first_group = s, c[i].first_group_len = c[i].groups ? out->table[w] : 0;
    for (uint32_t g = 0; g < c[i].groups; g++) s += out->table[w++];
  }
  CHECK(w == out->table_len);
  CHECK(s == out->bytes + out->byte_count);
}

static int is(const char* s, uint32_t len, const char* expected) {
  return len == strlen(expected) && memcmp(s, expected, len) == 0;
}

enum { PROTOCOL, USERNAME, PASSWORD, HOSTNAME, PORT, PATHNAME, SEARCH, HASH };

void test_pattern_compile(void) {
  static uint32_t words[BLOCK_WORDS];
  string_block(words, "https://example.com/books/:id(\\d+)", NONE, 0);
  output out = decode(words, compile(words));
  CHECK(out.result != ADA_FFI_INVALID && out.kind == ADA_FFI_OUTPUT_PATTERN);
  CHECK(out.units == out.byte_count); /* all ASCII */
  component c[8];
  components_of(&out, c);
  CHECK(c[PROTOCOL].type == ADA_FFI_COMPONENT_EXACT_MATCH && is(c[PROTOCOL].exact, c[PROTOCOL].exact_len, "https"));
  CHECK(c[USERNAME].type == ADA_FFI_COMPONENT_FULL_WILDCARD && c[USERNAME].groups == 1);
  CHECK(is(c[USERNAME].first_group, c[USERNAME].first_group_len, "0"));
  CHECK(c[HOSTNAME].type == ADA_FFI_COMPONENT_EXACT_MATCH);
  CHECK(is(c[HOSTNAME].pattern, c[HOSTNAME].pattern_len, "example.com"));
  CHECK(c[PORT].type == ADA_FFI_COMPONENT_EMPTY && c[PORT].pattern_len == 0);
  CHECK(c[PATHNAME].type == ADA_FFI_COMPONENT_REGEXP && c[PATHNAME].flags == 1 && c[PATHNAME].groups == 1);
  CHECK(is(c[PATHNAME].pattern, c[PATHNAME].pattern_len, "/books/:id(\\d+)"));
  CHECK(is(c[PATHNAME].first_group, c[PATHNAME].first_group_len, "id"));
  CHECK(c[PATHNAME].regexp_len > 0 && c[PATHNAME].regexp[0] == '^' &&
        c[PATHNAME].regexp[c[PATHNAME].regexp_len - 1] == '$');
  CHECK(c[SEARCH].type == ADA_FFI_COMPONENT_FULL_WILDCARD);

  /* The dictionary form, ignoreCase: no exact-match fast path, the pathname's RegExp takes `i`. */
  const char* members[9] = {NONE, NONE, NONE, NONE, NONE, "/A", NONE, NONE, NONE};
  init_block(words, members, ADA_FFI_PATTERN_IGNORE_CASE);
  out = decode(words, compile(words));
  CHECK(out.result != ADA_FFI_INVALID && out.kind == ADA_FFI_OUTPUT_PATTERN);
  components_of(&out, c);
  CHECK(c[PATHNAME].type == ADA_FFI_COMPONENT_REGEXP && c[PATHNAME].flags == 2 && c[PATHNAME].groups == 0);
  CHECK(c[PROTOCOL].type == ADA_FFI_COMPONENT_FULL_WILDCARD);
  /* By address (ada_ffi_block_at, as node:ffi, koffi and Deno call it): the same answer. */
  init_block(words, members, ADA_FFI_PATTERN_IGNORE_CASE);
  words[ADA_FFI_BLOCK_OPERATION] = ADA_FFI_OP_URL_PATTERN_COMPILE;
  CHECK(ada_ffi_block_at((double)(uintptr_t)words) == out.result);
}

/* A protocol given as a regular expression: ada's question, then the pattern once answered. */
void test_pattern_questions(void) {
  static uint32_t words[BLOCK_WORDS];
  string_block(words, "http{s}?://a/x", NONE, 0);
  output out = decode(words, compile(words));
  CHECK(out.result != ADA_FFI_INVALID && out.kind == ADA_FFI_OUTPUT_QUESTIONS);
  CHECK(out.table_len == 4 && out.table[0] == 1);
  uint32_t source_len = out.table[2];
  CHECK(out.table[1] == 0 && out.table[3] == source_len && source_len == out.byte_count);
  char source[256];
  CHECK(source_len < sizeof source);
  memcpy(source, out.bytes, source_len);

  for (int special = 0; special < 2; special++) {
    /* Same input, then one answer record: length (little-endian), bits, source. */
    string_block(words, "http{s}?://a/x", NONE, 0);
    uint8_t* record = (uint8_t*)words + ADA_FFI_BLOCK_TEXT + words[ADA_FFI_BLOCK_INPUT_LEN];
    record[0] = (uint8_t)source_len, record[1] = record[2] = record[3] = 0;
    record[4] = special ? 0x03 : 0x00; /* http, https */
    memcpy(record + 5, source, source_len);
    words[ADA_FFI_PATTERN_ANSWERS] = 1;
    out = decode(words, compile(words));
    CHECK(out.result != ADA_FFI_INVALID && out.kind == ADA_FFI_OUTPUT_PATTERN);
    component c[8];
    components_of(&out, c);
    CHECK(c[PROTOCOL].type == ADA_FFI_COMPONENT_REGEXP);
    CHECK(is(c[PROTOCOL].pattern, c[PROTOCOL].pattern_len, "http{s}?"));
    CHECK(is(c[PATHNAME].pattern, c[PATHNAME].pattern_len, "/x"));
  }
  /* A malformed answer record (longer than the block): INVALID. */
  string_block(words, "http{s}?://a/x", NONE, 0);
  uint8_t* record = (uint8_t*)words + ADA_FFI_BLOCK_TEXT + words[ADA_FFI_BLOCK_INPUT_LEN];
  record[0] = record[1] = record[2] = record[3] = 0xFF;
  words[ADA_FFI_PATTERN_ANSWERS] = 1;
  CHECK(compile(words) == ADA_FFI_INVALID);
}

void test_pattern_invalid(void) {
  static uint32_t words[BLOCK_WORDS];
  static const char* const invalid[][2] = {
      {"(", "https://a"},        /* unbalanced group */
      {"/a", NONE},              /* relative, and no base */
      {"/a", "not a url"},       /* invalid base */
      {"https://a/:x/:x", NONE}, /* duplicate group name */
      {"https://a/(a(b))", NONE} /* a capturing group inside a regexp group */
  };
  for (size_t i = 0; i < sizeof invalid / sizeof *invalid; i++) {
    string_block(words, invalid[i][0], invalid[i][1], 0);
    CHECK(compile(words) == ADA_FFI_INVALID);
  }
  const char* members[9] = {"a b", NONE, NONE, NONE, NONE, NONE, NONE, NONE, NONE};
  init_block(words, members, 0);
  CHECK(compile(words) == ADA_FFI_INVALID);
  /* Not well-formed UTF-8 (a lone continuation byte, a surrogate, an overlong '/'): refused, in both forms. */
  static const char* const malformed[] = {"/\x80", "/\xED\xA0\x80", "/\xC0\xAF"};
  for (size_t i = 0; i < 3; i++) {
    const char* bad[9] = {NONE, NONE, NONE, NONE, NONE, malformed[i], NONE, NONE, NONE};
    init_block(words, bad, 0);
    CHECK(compile(words) == ADA_FFI_INVALID);
    init_block(words, bad, 0);
    CHECK(process(words) == ADA_FFI_INVALID);
    string_block(words, malformed[i], "https://a", 0);
    CHECK(compile(words) == ADA_FFI_INVALID);
  }
  /* The same bytes, well-formed (U+00E9): compiles. */
  string_block(words, "/\xC3\xA9", "https://a", 0);
  CHECK(compile(words) != ADA_FFI_INVALID);
}

/* An output larger than TEXT_CAP: its size comes back, nothing is written; a larger block gets it. */
void test_pattern_too_small(void) {
  static uint32_t words[BLOCK_WORDS];
  string_block(words, "https://example.com/:a/:b/:c", NONE, 0);
  uint32_t full = compile(words);
  CHECK(full != ADA_FFI_INVALID && full > 64);
  string_block(words, "https://example.com/:a/:b/:c", NONE, 0);
  words[ADA_FFI_BLOCK_TEXT_CAP] = 64;
  uint8_t before[64];
  memcpy(before, (uint8_t*)words + ADA_FFI_BLOCK_TEXT, sizeof before);
  CHECK(compile(words) == full);
  CHECK(memcmp(before, (uint8_t*)words + ADA_FFI_BLOCK_TEXT, sizeof before) == 0);
}

void test_pattern_process(void) {
  static uint32_t words[BLOCK_WORDS];
  const char* members[9] = {"HTTPS", NONE, NONE, "EXAMPLE.com", "443", "/a b", "?q=1", "h", NONE};
  init_block(words, members, 0);
  output out = decode(words, process(words));
  CHECK(out.result != ADA_FFI_INVALID && out.table_len == 8);
  static const char* const expected[8] = {"https", "", "", "example.com", "", "/a%20b", "q=1", "h"};
  const char* s = out.bytes;
  for (int i = 0; i < 8; i++) {
    CHECK(is(s, out.table[i], expected[i]));
    s += out.table[i];
  }
  /* Relative to a base. */
  const char* relative[9] = {NONE, NONE, NONE, NONE, NONE, "c", NONE, NONE, "https://x.test/a/b"};
  init_block(words, relative, 0);
  out = decode(words, process(words));
  CHECK(out.result != ADA_FFI_INVALID && is(out.bytes + 5 + 6, out.table[5], "/a/c"));
  /* An invalid port: processing throws, so INVALID. Without the INIT flag: INVALID. */
  const char* bad[9] = {NONE, NONE, NONE, NONE, "x1", NONE, NONE, NONE, NONE};
  init_block(words, bad, 0);
  CHECK(process(words) == ADA_FFI_INVALID);
  string_block(words, "https://a/", NONE, 0);
  CHECK(process(words) == ADA_FFI_INVALID);
}

/* Non-ASCII group names (the only non-ASCII a pattern keeps): lengths in UTF-16 units, U < B. */
void test_pattern_utf8(void) {
  static uint32_t words[BLOCK_WORDS];
  /* :café (4 units, 5 bytes) and :𐐀x (U+10400 is 4 bytes, 2 units: 3 units, 5 bytes). */
  const char* members[9] = {NONE, NONE, NONE, NONE, NONE, "/:caf\xC3\xA9/:\xF0\x90\x90\x80x", NONE, NONE, NONE};
  init_block(words, members, 0);
  output out = decode(words, compile(words));
  CHECK(out.result != ADA_FFI_INVALID && out.kind == ADA_FFI_OUTPUT_PATTERN);
  if (out.table == NULL) return;
  CHECK(out.byte_count - out.units == 2 * (1 + 2)); /* the pattern string and the names: 3 units fewer each */
  uint32_t w = 0;
  for (int i = 0; i < PATHNAME; i++) w += 6 + out.table[w + 2]; /* to the pathname's words */
  CHECK(out.table[w + 2] == 2);  /* two groups */
  CHECK(out.table[w + 3] == 11); /* "/:café/:𐐀x": 11 units */
  CHECK(out.table[w + 6] == 4);  /* "café" */
  CHECK(out.table[w + 7] == 3);  /* "𐐀x" */
  /* A regexp group takes ASCII only (the standard's tokenizer): a TypeError. */
  const char* emoji[9] = {NONE, NONE, NONE, NONE, NONE, "/(\xF0\x9F\x98\x80)", NONE, NONE, NONE};
  init_block(words, emoji, 0);
  CHECK(compile(words) == ADA_FFI_INVALID);
}

static void* compile_many(void* arg) {
  (void)arg;
  static _Thread_local uint32_t words[BLOCK_WORDS];
  for (int i = 0; i < 300; i++) {
    string_block(words, "http{s}?://a/:x", NONE, 0);
    output out = decode(words, compile(words));
    if (out.result == ADA_FFI_INVALID || out.kind != ADA_FFI_OUTPUT_QUESTIONS || out.table[0] != 1) return (void*)1;
  }
  return NULL;
}

/* The question context is per thread: concurrent compiles see only their own. */
void test_pattern_threads(void) {
  pthread_t threads[4];
  for (int i = 0; i < 4; i++) pthread_create(&threads[i], NULL, compile_many, NULL);
  for (int i = 0; i < 4; i++) {
    void* result;
    pthread_join(threads[i], &result);
    CHECK(result == NULL);
  }
}
