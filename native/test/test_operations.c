/* The C ABI's block operations beyond parsing, and the other exports: parse and canParse blocks, parse_many, the
 * URL setters and the href memo, the domain conversions, ada_ffi_block's dispatch and ada_ffi_block_string_at.
 * Linked into test_abi (test_abi.c runs a case by name; test_support.h declares them). */
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "ada_ffi.h"
#include "test_support.h"

/* The parse and canParse operations on a block the caller fills, as the adapters' kept block. */
void test_block(void) {
  uint32_t words[64];
  uint8_t* text = block_text(words);
  const uint32_t* comps = words + ADA_FFI_BLOCK_COMPONENTS;

  block_fill_str(words, sizeof words, ADA_FFI_OP_PARSE, "https://example.com/a?b#c", NULL);
  CHECK(block_run(words) == ADA_FFI_UNCHANGED);
  CHECK(comps[ADA_FFI_HOST_END] == 19 && comps[ADA_FFI_SEARCH_START] == 21 && comps[ADA_FFI_HASH_START] == 23);
  CHECK(comps[ADA_FFI_SCHEME_TYPE] == ADA_FFI_SCHEME_HTTPS);
  CHECK(block_run_op(words, ADA_FFI_OP_CAN_PARSE) == 1);

  block_fill_str(words, sizeof words, ADA_FFI_OP_PARSE, "HTTP://A.COM/./b", NULL);
  uint32_t r = block_run(words);
  CHECK(r == 14 && memcmp(text, "http://a.com/b", 14) == 0);
  CHECK(comps[ADA_FFI_PATHNAME_START] == 12);

  /* With a base: the base follows the input in the text area; the href overwrites both. */
  block_fill_str(words, sizeof words, ADA_FFI_OP_PARSE, "../x?y", "https://h.example/a/b/c");
  r = block_run(words);
  CHECK(r == strlen("https://h.example/a/x?y") && memcmp(text, "https://h.example/a/x?y", r) == 0);
  CHECK(comps[ADA_FFI_SEARCH_START] == 21);
  block_fill_str(words, sizeof words, ADA_FFI_OP_PARSE, "../x?y", "https://h.example/a/b/c");
  CHECK(block_run_op(words, ADA_FFI_OP_CAN_PARSE) == 1);
  block_fill_str(words, sizeof words, ADA_FFI_OP_PARSE, "x", "");  /* empty base: present, and invalid */
  CHECK(block_run(words) == ADA_FFI_INVALID);
  CHECK(block_run_op(words, ADA_FFI_OP_CAN_PARSE) == 0);

  /* Invalid: components untouched. */
  block_fill_str(words, sizeof words, ADA_FFI_OP_PARSE, "no scheme", NULL);
  words[ADA_FFI_BLOCK_COMPONENTS] = 777;
  CHECK(block_run(words) == ADA_FFI_INVALID);
  CHECK(words[ADA_FFI_BLOCK_COMPONENTS] == 777);

  /* Text capacity too small: the need is returned, the text area keeps the input. */
  block_fill_str(words, sizeof words, ADA_FFI_OP_PARSE, "HTTP://A.COM/./b", NULL);
  words[ADA_FFI_BLOCK_TEXT_CAP] = 16;  /* holds the 16-byte input, not... */
  CHECK(block_run(words) == 14);  /* ...but the 14-byte href fits */
  block_fill_str(words, sizeof words, ADA_FFI_OP_PARSE, "http://a/ b", NULL);
  words[ADA_FFI_BLOCK_TEXT_CAP] = 11;
  CHECK(block_run(words) == 13);
  CHECK(memcmp(text, "http://a/ b", 11) == 0);
  CHECK(comps[ADA_FFI_PATHNAME_START] == 8);
}

void test_many(void) {
  const char* inputs[] = {"https://a.com/x", "HTTP://B.COM/./y", "not a url", "", "ws://c:80/", "https://a.com/z"};
  const char* hrefs[] = {NULL, "http://b.com/y", NULL, NULL, "ws://c/", NULL};
  const uint32_t codes[] = {ADA_FFI_UNCHANGED, 14, ADA_FFI_INVALID, ADA_FFI_INVALID, 7, ADA_FFI_UNCHANGED};
  uint32_t n = sizeof inputs / sizeof *inputs;
  uint8_t text[256];
  uint32_t lengths[6], at = 0;
  for (uint32_t i = 0; i < n; i++) {
    lengths[i] = (uint32_t)strlen(inputs[i]);
    memcpy(text + at, inputs[i], lengths[i]);
    at += lengths[i];
  }
  uint8_t out[64];
  uint32_t results[6 * ADA_FFI_RESULT_STRIDE];
  CHECK(ada_ffi_parse_many(text, lengths, n, NULL, ADA_FFI_NO_BASE, out, sizeof out, results) == n);
  uint32_t out_at = 0;
  for (uint32_t i = 0; i < n; i++) {
    uint32_t r = results[i * ADA_FFI_RESULT_STRIDE];
    CHECK(r == codes[i]);
    if (hrefs[i]) {
      CHECK(memcmp(out + out_at, hrefs[i], r) == 0);
      out_at += r;
    }
  }
  /* Components match the single-URL call. */
  uint32_t single[ADA_FFI_COMPONENT_COUNT];
  uint8_t href[64];
  parse_via_block(inputs[1], lengths[1], NULL, ADA_FFI_NO_BASE, href, sizeof href, single);
  CHECK(memcmp(single, results + ADA_FFI_RESULT_STRIDE + 1, sizeof single) == 0);

  /* out full: stops before the href that does not fit; resuming finishes the rest. */
  CHECK(ada_ffi_parse_many(text, lengths, n, NULL, ADA_FFI_NO_BASE, out, 16, results) == 4);
  CHECK(ada_ffi_parse_many(text, lengths, n, NULL, ADA_FFI_NO_BASE, out, 10, results) == 1);
  CHECK(ada_ffi_parse_many(text + lengths[0], lengths + 1, n - 1, NULL, ADA_FFI_NO_BASE, out, 10, results) == 0);

  /* A base, parsed once; an invalid base invalidates all. */
  const char* rel = "../q";
  uint32_t rel_len = 4;
  const char* base = "http://h/a/b/c";
  CHECK(ada_ffi_parse_many((const uint8_t*)rel, &rel_len, 1, (const uint8_t*)base, (uint32_t)strlen(base), out,
                           sizeof out, results) == 1);
  CHECK(results[0] == 12 && memcmp(out, "http://h/a/q", 12) == 0);
  CHECK(ada_ffi_parse_many((const uint8_t*)rel, &rel_len, 1, (const uint8_t*)"x", 1, out, sizeof out, results) == 1);
  CHECK(results[0] == ADA_FFI_INVALID);
  CHECK(ada_ffi_parse_many(NULL, NULL, 0, NULL, ADA_FFI_NO_BASE, NULL, 0, NULL) == 0);
}

void test_setters(void) {
  uint32_t words[128];
  const char* text = (const char*)words + ADA_FFI_BLOCK_TEXT;
  const uint32_t* comps = words + ADA_FFI_BLOCK_COMPONENTS;
  struct { const char* href; uint32_t which; const char* value; const char* want; } cases[] = {
      {"https://a.com/p?q#h", ADA_FFI_SET_SEARCH, "x=1", "https://a.com/p?x=1#h"},
      {"https://a.com/p?q#h", ADA_FFI_SET_SEARCH, "", "https://a.com/p#h"},
      {"https://a.com/p?q#h", ADA_FFI_SET_HASH, "", "https://a.com/p?q"},
      {"https://a.com/p", ADA_FFI_SET_PORT, "8080", "https://a.com:8080/p"},
      {"https://a.com:8080/p", ADA_FFI_SET_PORT, "443", "https://a.com/p"},
      {"https://a.com/p", ADA_FFI_SET_HOSTNAME, "B\xC3\xBC" "cher.de", "https://xn--bcher-kva.de/p"},
      {"https://a.com/p", ADA_FFI_SET_USERNAME, "me", "https://me@a.com/p"},
      {"https://a.com/p", ADA_FFI_SET_PASSWORD, "pw", "https://:pw@a.com/p"},
      {"https://a.com/p", ADA_FFI_SET_PROTOCOL, "wss", "wss://a.com/p"},
      {"https://a.com/p", ADA_FFI_SET_PATHNAME, "/x y", "https://a.com/x%20y"},
      {"https://a.com/p", ADA_FFI_SET_HOST, "b.org:81", "https://b.org:81/p"},
      {"https://a.com/p", ADA_FFI_SET_HREF, "HTTP://Z/", "http://z/"},
  };
  for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
    uint32_t r = set_via_block(words, sizeof words, cases[i].href, cases[i].which, cases[i].value);
    if (r != strlen(cases[i].want) || memcmp(text, cases[i].want, r) != 0) {
      fprintf(stderr, "  setter case %zu: got %u\n", i, r);
      failures++;
    }
  }
  /* A value that changes nothing: UNCHANGED, components written. */
  words[ADA_FFI_BLOCK_COMPONENTS + ADA_FFI_HOST_END] = 0;
  CHECK(set_via_block(words, sizeof words, "https://a.com/p", ADA_FFI_SET_PATHNAME, "/p") == ADA_FFI_UNCHANGED);
  CHECK(comps[ADA_FFI_HOST_END] == 13);
  /* Rejected values: INVALID, nothing written. */
  uint32_t r;
  CHECK(set_via_block(words, sizeof words, "https://a.com/p", ADA_FFI_SET_PORT, "99999") == ADA_FFI_INVALID);
  /* A special URL with a port cannot become file: — ada reports it as rejected or as no change. */
  r = set_via_block(words, sizeof words, "https://a.com:81/p", ADA_FFI_SET_PROTOCOL, "file");
  CHECK(r == ADA_FFI_INVALID || r == ADA_FFI_UNCHANGED);
  CHECK(set_via_block(words, sizeof words, "https://a.com/p", ADA_FFI_SET_HREF, "nope") == ADA_FFI_INVALID);
  CHECK(set_via_block(words, sizeof words, "https://a.com/p", ADA_FFI_SET_HOST, "") == ADA_FFI_INVALID);
  CHECK(set_via_block(words, sizeof words, "mailto:x", ADA_FFI_SET_HOSTNAME, "h") == ADA_FFI_INVALID);
  CHECK(set_via_block(words, sizeof words, "https://a.com/p", 99, "x") == ADA_FFI_INVALID);
  /* No value at all (BASE_LEN left at ADA_FFI_NO_BASE, as a parse block has it): INVALID, not a 4 GiB read. */
  block_fill_str(words, sizeof words, ADA_FFI_OP_SET, "https://a.com/p", "x");
  words[ADA_FFI_BLOCK_SETTER] = ADA_FFI_SET_SEARCH;
  words[ADA_FFI_BLOCK_BASE_LEN] = ADA_FFI_NO_BASE;
  CHECK(block_run(words) == ADA_FFI_INVALID);
  /* Too small: the need comes back, and the text area keeps the href and the value. */
  block_fill_str(words, sizeof words, ADA_FFI_OP_SET, "https://a.com/p", "xxxxxxxxxx");
  words[ADA_FFI_BLOCK_SETTER] = ADA_FFI_SET_SEARCH;
  words[ADA_FFI_BLOCK_TEXT_CAP] = 25;
  CHECK(block_run(words) == 26);
  CHECK(memcmp(text, "https://a.com/pxxxxxxxxxx", 25) == 0);
}

/* A setter on `href`, whose parse the memo of the last href may hold (`remembered`) or not: the same answer either
 * way, href and components. */
static void expect_same_setter(const char* href, uint32_t which, const char* value) {
  uint32_t fresh[128], remembered[128];
  uint8_t out[8];
  uint32_t comps[ADA_FFI_COMPONENT_COUNT];
  CHECK(parse_str("http://other.example/", NULL, out, 0, comps) == ADA_FFI_UNCHANGED); /* the memo holds another href */
  uint32_t r_fresh = set_via_block(fresh, sizeof fresh, href, which, value);
  CHECK(parse_str(href, NULL, out, 0, comps) == ADA_FFI_UNCHANGED); /* now it holds href's parse */
  uint32_t r_remembered = set_via_block(remembered, sizeof remembered, href, which, value);
  CHECK(r_fresh == r_remembered);
  if (r_fresh != ADA_FFI_INVALID) {
    CHECK(memcmp(fresh + ADA_FFI_BLOCK_COMPONENTS, remembered + ADA_FFI_BLOCK_COMPONENTS, 4 * ADA_FFI_COMPONENT_COUNT) == 0);
  }
  if (r_fresh != ADA_FFI_INVALID && r_fresh != ADA_FFI_UNCHANGED) {
    CHECK(memcmp((uint8_t*)fresh + ADA_FFI_BLOCK_TEXT, (uint8_t*)remembered + ADA_FFI_BLOCK_TEXT, r_fresh) == 0);
  }
  if (r_fresh != r_remembered) fprintf(stderr, "  setter %u %s on %s: %u vs %u\n", which, value, href, r_fresh, r_remembered);
}

/* The per-thread memo of the last parsed href (ada_ffi.cpp): setters answer as from a fresh parse, it is used up by
 * the setter that takes it, and a parse that changed its input or failed leaves nothing for a setter to take. */
void test_href_memo(void) {
  expect_same_setter("https://a.com/p?q#h", ADA_FFI_SET_SEARCH, "x=1");
  expect_same_setter("https://a.com/p?q#h", ADA_FFI_SET_HASH, "");
  expect_same_setter("https://a.com/p", ADA_FFI_SET_PORT, "99999");
  expect_same_setter("https://a.com/p", ADA_FFI_SET_HREF, "nope");
  /* Where a setter's result is no fresh parse's (file://localhost/ keeps its host; parsing it drops it). */
  expect_same_setter("wss://localhost/", ADA_FFI_SET_PROTOCOL, "file");
  uint32_t words[128];
  const char* text = (const char*)words + ADA_FFI_BLOCK_TEXT;
  uint8_t out[64];
  uint32_t comps[ADA_FFI_COMPONENT_COUNT];
  /* Two setters in a row on the href just parsed: the first takes the memo, the second parses afresh. */
  CHECK(parse_str("https://a.com/p", NULL, out, 0, comps) == ADA_FFI_UNCHANGED);
  CHECK(set_via_block(words, sizeof words, "https://a.com/p", ADA_FFI_SET_SEARCH, "x") == 17 &&
        memcmp(text, "https://a.com/p?x", 17) == 0);
  CHECK(set_via_block(words, sizeof words, "https://a.com/p", ADA_FFI_SET_HASH, "y") == 17 &&
        memcmp(text, "https://a.com/p#y", 17) == 0);
  /* What a setter leaves is remembered by no memo: file://localhost/ from the protocol setter keeps its host, a fresh
   * parse of that href drops it, and a setter on that href starts from the fresh parse. */
  CHECK(parse_str("wss://localhost/", NULL, out, 0, comps) == ADA_FFI_UNCHANGED);
  CHECK(set_via_block(words, sizeof words, "wss://localhost/", ADA_FFI_SET_PROTOCOL, "file") == 17 &&
        memcmp(text, "file://localhost/", 17) == 0);
  CHECK(set_via_block(words, sizeof words, "file://localhost/", ADA_FFI_SET_PATHNAME, "/x") == 9 &&
        memcmp(text, "file:///x", 9) == 0);
  /* A parse that changed its input (or failed) is not remembered: the setter on the old href parses it. */
  CHECK(parse_str("https://a.com/q", NULL, out, 0, comps) == ADA_FFI_UNCHANGED);
  CHECK(parse_str("HTTPS://A.COM/q", NULL, out, sizeof out, comps) == 15);
  CHECK(parse_str("not a url", NULL, out, sizeof out, comps) == ADA_FFI_INVALID);
  CHECK(set_via_block(words, sizeof words, "https://a.com/q", ADA_FFI_SET_PATHNAME, "/r") == 15 &&
        memcmp(text, "https://a.com/r", 15) == 0);
}

void test_domains(void) {
  uint32_t words[64];
  const char* text = (const char*)words + ADA_FFI_BLOCK_TEXT;
  block_fill_str(words, sizeof words, ADA_FFI_OP_DOMAIN_TO_ASCII, "B\xC3\xBC" "cher.DE", NULL);
  uint32_t r = block_run(words);
  CHECK(r == 16 && memcmp(text, "xn--bcher-kva.de", 16) == 0);
  block_fill_str(words, sizeof words, ADA_FFI_OP_DOMAIN_TO_UNICODE, "xn--bcher-kva.de", NULL);
  r = block_run(words);
  CHECK(r == 10 && memcmp(text, "b\xC3\xBC" "cher.de", 10) == 0);
  /* invalid Punycode (WPT toascii.json): nothing written */
  block_fill_str(words, sizeof words, ADA_FFI_OP_DOMAIN_TO_ASCII, "xn--tes\xC5\xA1la", NULL);
  CHECK(block_run(words) == ADA_FFI_INVALID);
  CHECK(memcmp(text, "xn--tes\xC5\xA1la", 11) == 0 && (uint8_t)text[11] == UNWRITTEN);
  block_fill_str(words, sizeof words, ADA_FFI_OP_DOMAIN_TO_UNICODE, "a b", NULL);
  CHECK(block_run(words) == ADA_FFI_INVALID);
  block_fill_str(words, sizeof words, ADA_FFI_OP_DOMAIN_TO_ASCII, "", NULL);
  CHECK(block_run(words) == 0);
  CHECK((uint8_t)text[0] == UNWRITTEN);
  /* Too small: the need comes back, nothing written. */
  block_fill_str(words, sizeof words, ADA_FFI_OP_DOMAIN_TO_ASCII, "B\xC3\xBC" "cher.DE", NULL);
  words[ADA_FFI_BLOCK_TEXT_CAP] = 15;
  CHECK(block_run(words) == 16);
  CHECK(memcmp(text, "B\xC3\xBC" "cher.DE", 10) == 0 && (uint8_t)text[10] == UNWRITTEN);
}

/* ada_ffi_block runs the operation its OPERATION word names (the same input gives each operation's own answer), and
 * ada_ffi_block_at, given the block's address as a double, does exactly the same: the same return and block bytes. */
void test_dispatch(void) {
  static const struct {
    uint32_t op;
    uint32_t setter;
    const char* input;
    const char* base;
    uint32_t result;
    const char* text; /* what the text area starts with afterwards (NULL: the input, untouched) */
  } cases[] = {
      {ADA_FFI_OP_PARSE, 0, "HTTPS://EXAMPLE.com/a/../b?x#y", NULL, 25, "https://example.com/b?x#y"},
      {ADA_FFI_OP_PARSE, 0, "https://example.com/", NULL, ADA_FFI_UNCHANGED, NULL},
      {ADA_FFI_OP_PARSE, 0, "../c", "http://h/a/b", 10, "http://h/c"},
      {ADA_FFI_OP_PARSE, 0, "not a url", NULL, ADA_FFI_INVALID, NULL},
      {ADA_FFI_OP_PARSE, 0, "http://a/", NULL, ADA_FFI_UNCHANGED, NULL},
      {ADA_FFI_OP_CAN_PARSE, 0, "http://a/", NULL, 1, NULL},
      {ADA_FFI_OP_CAN_PARSE, 0, "x", "not a base", 0, NULL},
      {ADA_FFI_OP_SET, ADA_FFI_SET_SEARCH, "https://a.com/p", "q=1", 19, "https://a.com/p?q=1"},
      {ADA_FFI_OP_SET, ADA_FFI_SET_PORT, "https://a.com/p", "99999", ADA_FFI_INVALID, NULL},
      {ADA_FFI_OP_DOMAIN_TO_ASCII, 0, "B\xC3\xBC" "cher.DE", NULL, 16, "xn--bcher-kva.de"},
      {ADA_FFI_OP_DOMAIN_TO_ASCII, 0, "http://a/", NULL, ADA_FFI_INVALID, NULL},
      {ADA_FFI_OP_DOMAIN_TO_UNICODE, 0, "xn--bcher-kva.de", NULL, 10, "b\xC3\xBC" "cher.de"},
  };
  for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
    uint32_t by_pointer[64], by_address[64], before[64];
    block_fill_str(by_pointer, sizeof by_pointer, cases[i].op, cases[i].input, cases[i].base);
    by_pointer[ADA_FFI_BLOCK_SETTER] = cases[i].setter;
    memcpy(by_address, by_pointer, sizeof by_pointer);
    memcpy(before, by_pointer, sizeof by_pointer);
    uint32_t r = block_run(by_pointer);
    if (r != cases[i].result) fprintf(stderr, "  dispatch case %zu: got %u, expected %u\n", i, r, cases[i].result);
    CHECK(r == cases[i].result);
    const char* text = cases[i].text ? cases[i].text : cases[i].input;
    CHECK(memcmp(block_text(by_pointer), text, strlen(text)) == 0);
    if (cases[i].op == ADA_FFI_OP_CAN_PARSE || r == ADA_FFI_INVALID) {
      CHECK(memcmp(before, by_pointer, sizeof before) == 0); /* nothing written */
    }
    CHECK(ada_ffi_block_at((double)(uintptr_t)by_address) == r);
    CHECK(memcmp(by_pointer, by_address, sizeof by_pointer) == 0);
  }
  /* An unknown operation: ADA_FFI_INVALID, nothing written. */
  uint32_t words[64], before[64];
  block_fill_str(words, sizeof words, ADA_FFI_OP_URL_PATTERN_PROCESS + 1, "http://a/", NULL);
  memcpy(before, words, sizeof words);
  CHECK(block_run(words) == ADA_FFI_INVALID);
  CHECK(memcmp(before, words, sizeof words) == 0);
  words[ADA_FFI_BLOCK_OPERATION] = 0xFFFFFFFFu;
  CHECK(ada_ffi_block_at((double)(uintptr_t)words) == ADA_FFI_INVALID);
  words[ADA_FFI_BLOCK_OPERATION] = 0xFFFFFFFFu;
  memcpy(before, words, sizeof words);
  CHECK(block_run(words) == ADA_FFI_INVALID);
  CHECK(memcmp(before, words, sizeof words) == 0);
}

/* UTF-16 units of a NUL-terminated UTF-8 string, counted the slow way: by decoding each sequence. */
static uint32_t utf16_units(const char* s) {
  uint32_t units = 0;
  for (const uint8_t* p = (const uint8_t*)s; *p;) {
    int n = *p < 0x80 ? 1 : *p < 0xE0 ? 2 : *p < 0xF0 ? 3 : 4;
    units += n == 4 ? 2 : 1;
    p += n;
  }
  return units;
}

/* ada_ffi_block_string_at(address, input) with `units` in INPUT_LEN. */
static uint32_t block_string(uint32_t* block, const char* input, uint32_t units) {
  block[ADA_FFI_BLOCK_INPUT_LEN] = units;
  return ada_ffi_block_string_at((double)(uintptr_t)block, input);
}

/* ada_ffi_block_string_at: the same return and block bytes as ada_ffi_block_at on a block holding the input, or
 * ADA_FFI_RETRY with the block untouched (but for INPUT_LEN, which the caller set). */
void test_block_string(void) {
  static const struct {
    uint32_t op;
    const char* input;
  } cases[] = {
      {ADA_FFI_OP_PARSE, "HTTPS://EXAMPLE.com/a/../b?x#y"},
      {ADA_FFI_OP_PARSE, "https://example.com/"}, /* ADA_FFI_UNCHANGED: the text area must hold the input */
      {ADA_FFI_OP_PARSE, "http://\xC3\xBC.example/\xC3\xA4?\xE2\x82\xAC#\xF0\x9F\x98\x80"},
      {ADA_FFI_OP_PARSE, "not a url"},
      {ADA_FFI_OP_PARSE, ""},
      {ADA_FFI_OP_PARSE, "http://h/\xEF\xBF\xBD"}, /* a lone surrogate, as an FFI hands it over */
      {ADA_FFI_OP_CAN_PARSE, "http://a/"},
      {ADA_FFI_OP_CAN_PARSE, "http://a b/"},
      {ADA_FFI_OP_DOMAIN_TO_ASCII, "B\xC3\xBC" "cher.DE"},
  };
  for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
    uint32_t expected_block[64], block[64];
    block_fill_str(expected_block, sizeof expected_block, cases[i].op, cases[i].input, NULL);
    uint32_t expected = ada_ffi_block_at((double)(uintptr_t)expected_block);
    /* The header alone, and garbage where the input goes. */
    memset(block, 0x5A, sizeof block);
    block[ADA_FFI_BLOCK_BASE_LEN] = ADA_FFI_NO_BASE;
    block[ADA_FFI_BLOCK_TEXT_CAP] = sizeof block - ADA_FFI_BLOCK_TEXT;
    block[ADA_FFI_BLOCK_SETTER] = 0;
    block[ADA_FFI_BLOCK_OPERATION] = cases[i].op;
    for (uint32_t w = ADA_FFI_BLOCK_COMPONENTS; w < ADA_FFI_BLOCK_COMPONENTS + ADA_FFI_COMPONENT_COUNT; w++) block[w] = 0;
    for (uint32_t w = 14; w < ADA_FFI_BLOCK_TEXT / 4; w++) block[w] = 0;
    uint32_t units = utf16_units(cases[i].input);
    uint32_t before[64];
    block[ADA_FFI_BLOCK_INPUT_LEN] = units + 1;
    memcpy(before, block, sizeof block);
    /* A unit count that is not the string's: nothing runs. */
    CHECK(block_string(block, cases[i].input, units + 1) == ADA_FFI_RETRY);
    CHECK(memcmp(before, block, sizeof block) == 0);
    if (units > 0) CHECK(block_string(block, cases[i].input, units - 1) == ADA_FFI_RETRY);
    CHECK(block_string(block, cases[i].input, units) == expected);
    /* The same bytes up to the end of what the call wrote (the input, or the href over it). */
    size_t used = ADA_FFI_BLOCK_TEXT + strlen(cases[i].input);
    if (expected != ADA_FFI_INVALID && expected != ADA_FFI_UNCHANGED && expected > strlen(cases[i].input) &&
        expected <= sizeof block - ADA_FFI_BLOCK_TEXT && cases[i].op != ADA_FFI_OP_CAN_PARSE)
      used = ADA_FFI_BLOCK_TEXT + expected;
    CHECK(memcmp(expected_block, block, used) == 0);
  }
  uint32_t block[64], before[64];
  /* A NUL inside the JavaScript string ends the C string early: "http://a/\0b" has 11 units, the C string 9. */
  block_fill_str(block, sizeof block, ADA_FFI_OP_PARSE, "", NULL);
  block[ADA_FFI_BLOCK_INPUT_LEN] = 11;
  memcpy(before, block, sizeof block);
  CHECK(block_string(block, "http://a/\0b", 11) == ADA_FFI_RETRY);
  CHECK(memcmp(before, block, sizeof block) == 0);
  /* A base in the block: the input cannot go first in the text area. */
  block_fill_str(block, sizeof block, ADA_FFI_OP_PARSE, "x", "http://h/");
  block[ADA_FFI_BLOCK_INPUT_LEN] = 4;
  memcpy(before, block, sizeof block);
  CHECK(block_string(block, "../y", 4) == ADA_FFI_RETRY);
  CHECK(memcmp(before, block, sizeof block) == 0);
  /* Longer than TEXT_CAP: nothing runs; exactly TEXT_CAP: it runs. */
  block_fill_str(block, sizeof block, ADA_FFI_OP_PARSE, "", NULL);
  block[ADA_FFI_BLOCK_TEXT_CAP] = 9;
  CHECK(block_string(block, "http://a/b", 10) == ADA_FFI_RETRY);
  CHECK(block_string(block, "http://a/", 9) == ADA_FFI_UNCHANGED);
  CHECK(block[ADA_FFI_BLOCK_INPUT_LEN] == 9 && memcmp((uint8_t*)block + ADA_FFI_BLOCK_TEXT, "http://a/", 9) == 0);
  CHECK(block[ADA_FFI_BLOCK_COMPONENTS + ADA_FFI_PATHNAME_START] == 8);
}
