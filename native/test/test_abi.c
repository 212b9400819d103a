/* C tests of the ada_ffi ABI (URLPattern's in test_url_pattern.c): every return path, component offsets, buffer sizing,
 * huge inputs, the href written over its input, and concurrent use. They call only the six exports, as the runtime
 * adapters do: every operation through ada_ffi_block (test_support.h). Run as `test_abi <case>`; CMake registers each
 * case with ctest. */
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ada_ffi.h"
#include "test_support.h"

int failures = 0;

#define O ADA_FFI_OMITTED

/* Parses `input`, expects `href` and the nine components. */
static void expect_components(const char* input, const char* href, const uint32_t expected[9]) {
  uint8_t out[256];
  uint32_t comps[ADA_FFI_COMPONENT_COUNT];
  memset(out, 0xAA, sizeof out);
  uint32_t r = parse_str(input, NULL, out, sizeof out, comps);
  CHECK(r != ADA_FFI_INVALID);
  if (strcmp(input, href) == 0) {
    CHECK(r == ADA_FFI_UNCHANGED);
    CHECK(out[0] == 0xAA); /* untouched */
  } else {
    CHECK(r == strlen(href));
    CHECK(r < sizeof out && memcmp(out, href, r) == 0);
  }
  for (int i = 0; i < 9; i++) {
    if (comps[i] != expected[i]) {
      fprintf(stderr, "  %s: component %d is %u, expected %u\n", input, i, comps[i], expected[i]);
      failures++;
    }
  }
}

static void test_version(void) {
  CHECK(ada_ffi_abi_version() == ADA_FFI_ABI_VERSION);
  uint8_t buf[32];
  uint32_t n = ada_ffi_ada_version(buf, sizeof buf);
  CHECK(n == 5 && memcmp(buf, "4.0.0", 5) == 0);
  uint8_t small[2] = {0x11, 0x22};
  CHECK(ada_ffi_ada_version(small, 2) == 5);
  CHECK(small[0] == 0x11 && small[1] == 0x22);
  CHECK(ada_ffi_ada_version(NULL, 0) == 5);
}

static void test_components(void) {
  /* The samples of shared/notes/url-components.md: pe,ue,hs,he,port,ps,ss,hs#,scheme. */
  expect_components("https://user:pass@example.com:8080/p/a?x=1&y=2#h", "https://user:pass@example.com:8080/p/a?x=1&y=2#h",
                    (uint32_t[]){6, 12, 17, 29, 8080, 34, 38, 46, 2});
  expect_components("http://example.com", "http://example.com/", (uint32_t[]){5, 7, 7, 18, O, 18, O, O, 0});
  expect_components("http://user@host/", "http://user@host/", (uint32_t[]){5, 11, 11, 16, O, 16, O, O, 0});
  expect_components("http://:pass@host/", "http://:pass@host/", (uint32_t[]){5, 7, 12, 17, O, 17, O, O, 0});
  expect_components("http://host/?", "http://host/?", (uint32_t[]){5, 7, 7, 11, O, 11, 12, O, 0});
  expect_components("http://host/?#", "http://host/?#", (uint32_t[]){5, 7, 7, 11, O, 11, 12, 13, 0});
  expect_components("web+x:/.//p", "web+x:/.//p", (uint32_t[]){6, 6, 6, 6, O, 8, O, O, 1});
  expect_components("mailto:x@y?s#f", "mailto:x@y?s#f", (uint32_t[]){7, 7, 7, 7, O, 7, 10, 12, 1});
  expect_components("file:///C:/x", "file:///C:/x", (uint32_t[]){5, 7, 7, 7, O, 7, O, O, 6});
  expect_components("blob:https://a.com:443/x", "blob:https://a.com:443/x", (uint32_t[]){5, 5, 5, 5, O, 5, O, O, 1});
  expect_components("sc://h:99", "sc://h:99", (uint32_t[]){3, 5, 5, 6, 99, 9, O, O, 1});
  expect_components("sc:", "sc:", (uint32_t[]){3, 3, 3, 3, O, 3, O, O, 1});
  expect_components("http://1.2.3.4:0/", "http://1.2.3.4:0/", (uint32_t[]){5, 7, 7, 14, 0, 16, O, O, 0});
  expect_components("HTTPS://EXAMPLE.com:443/a/../b", "https://example.com/b", (uint32_t[]){6, 8, 8, 19, O, 19, O, O, 2});
  expect_components("wss://x", "wss://x/", (uint32_t[]){4, 6, 6, 7, O, 7, O, O, 5});
  expect_components("ws://x", "ws://x/", (uint32_t[]){3, 5, 5, 6, O, 6, O, O, 3});
  expect_components("ftp://x", "ftp://x/", (uint32_t[]){4, 6, 6, 7, O, 7, O, O, 4});
}

static void test_invalid(void) {
  uint8_t out[64];
  uint32_t comps[ADA_FFI_COMPONENT_COUNT];
  for (int i = 0; i < 9; i++) comps[i] = 12345;
  memset(out, 0xAA, sizeof out);
  const char* bad[] = {"", "not a url", "http://", "http://[::1", "https://exa mple.com/", "//x", "/a", "http://999999999999/"};
  for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
    CHECK(parse_str(bad[i], NULL, out, sizeof out, comps) == ADA_FFI_INVALID);
    CHECK(can_parse_str(bad[i], NULL) == 0);
  }
  for (int i = 0; i < 9; i++) CHECK(comps[i] == 12345);
  CHECK(out[0] == 0xAA);
  CHECK(parse_via_block(NULL, 0, NULL, ADA_FFI_NO_BASE, NULL, 0, comps) == ADA_FFI_INVALID);
  CHECK(can_parse_via_block(NULL, 0, NULL, ADA_FFI_NO_BASE) == 0);
}

static void test_buffer_too_small(void) {
  const char* input = "HTTP://EXAMPLE.COM/%7e/../x y";
  const char* href = "http://example.com/x%20y";
  uint32_t need = (uint32_t)strlen(href);
  uint32_t comps[ADA_FFI_COMPONENT_COUNT] = {0};
  uint8_t out[64];
  memset(out, 0xAA, sizeof out);
  /* Every capacity below the need reports the need and writes nothing; components are written. */
  for (uint32_t cap = 0; cap < need; cap++) {
    CHECK(parse_str(input, NULL, out, cap, comps) == need);
    CHECK(out[0] == 0xAA);
  }
  CHECK(comps[ADA_FFI_HOST_END] == 18 && comps[ADA_FFI_PATHNAME_START] == 18);
  CHECK(parse_str(input, NULL, NULL, 0, comps) == need);
  /* Exactly the need is enough. */
  CHECK(parse_str(input, NULL, out, need, comps) == need);
  CHECK(memcmp(out, href, need) == 0 && out[need] == 0xAA);
}

static void test_unchanged(void) {
  uint32_t comps[ADA_FFI_COMPONENT_COUNT];
  /* A canonical input needs no output buffer at all. */
  CHECK(parse_str("https://example.com/a?b#c", NULL, NULL, 0, comps) == ADA_FFI_UNCHANGED);
  CHECK(comps[ADA_FFI_SEARCH_START] == 21 && comps[ADA_FFI_HASH_START] == 23);
  /* Trimmed whitespace means a different href, not UNCHANGED. */
  uint8_t out[64];
  CHECK(parse_str(" https://example.com/", NULL, out, sizeof out, comps) == 20);
}

/* The href is written over the input and base it was parsed from (both fully read first), from the text area's start,
 * and nothing after it: shorter than the input, between the input and input + base, longer than both. */
static void test_text_overwrite(void) {
  static const struct {
    const char* input;
    const char* base;
    const char* href;
  } cases[] = {
      {"HTTP://A.COM/./b", NULL, "http://a.com/b"},
      {"../x", "https://h.example/a/b/c", "https://h.example/a/x"},
      {"?x", "http://h", "http://h/?x"},
  };
  for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
    uint32_t words[64];
    char given[128];
    snprintf(given, sizeof given, "%s%s", cases[i].input, cases[i].base ? cases[i].base : "");
    block_fill_str(words, sizeof words, ADA_FFI_OP_PARSE, cases[i].input, cases[i].base);
    uint32_t r = block_run(words);
    size_t n = strlen(cases[i].href), given_len = strlen(given);
    const uint8_t* text = block_text(words);
    CHECK(r == n && memcmp(text, cases[i].href, n) == 0);
    /* After the href: what was there before (the rest of the input and base), then the untouched text area. */
    for (size_t at = n; at < given_len; at++) CHECK(text[at] == (uint8_t)given[at]);
    CHECK(text[n > given_len ? n : given_len] == UNWRITTEN);
  }
}

static void test_base(void) {
  const char* base = "https://example.org/dir/page?q#f";
  uint8_t out[128];
  uint32_t comps[ADA_FFI_COMPONENT_COUNT];
  struct { const char* input; const char* href; } cases[] = {
      {"../x", "https://example.org/x"},
      {"?y", "https://example.org/dir/page?y"},
      {"#g", "https://example.org/dir/page?q#g"},
      {"//other.net", "https://other.net/"},
      {"", "https://example.org/dir/page?q"},
  };
  for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
    uint32_t r = parse_str(cases[i].input, base, out, sizeof out, comps);
    CHECK(r == strlen(cases[i].href) && memcmp(out, cases[i].href, r) == 0);
    CHECK(can_parse_str(cases[i].input, base) == 1);
  }
  /* An absolute, canonical input is UNCHANGED whatever the base. */
  const char* abs = "http://a.b/";
  CHECK(parse_str(abs, base, out, sizeof out, comps) == ADA_FFI_UNCHANGED);
  /* An invalid base (including the empty string) makes every input invalid. */
  CHECK(parse_str("x", "", out, sizeof out, comps) == ADA_FFI_INVALID);
  CHECK(parse_str("http://a/", "nope", out, sizeof out, comps) == ADA_FFI_INVALID);
  CHECK(can_parse_str("x", "") == 0);
  CHECK(can_parse_via_block(NULL, 0, base, (uint32_t)strlen(base)) == 1);
  /* A base with an opaque path cannot resolve a relative path. */
  CHECK(can_parse_str("x", "mailto:a") == 0);
}

static void test_nul_and_utf8(void) {
  uint8_t out[128];
  uint32_t comps[ADA_FFI_COMPONENT_COUNT];
  const uint8_t with_nul[] = {'h', 't', 't', 'p', ':', '/', '/', 'a', '/', 0, 'b'};
  uint32_t r = parse_via_block(with_nul, sizeof with_nul, NULL, ADA_FFI_NO_BASE, out, sizeof out, comps);
  CHECK(r == 13 && memcmp(out, "http://a/%00b", 13) == 0);
  /* A NUL in the host is forbidden. */
  const uint8_t nul_host[] = {'h', 't', 't', 'p', ':', '/', '/', 'a', 0, 'b', '/'};
  CHECK(parse_via_block(nul_host, sizeof nul_host, NULL, ADA_FFI_NO_BASE, out, sizeof out, comps) == ADA_FFI_INVALID);
  /* IDNA: the host becomes punycode; the path is percent-encoded. */
  const char* idn = "https://b\xC3\xBC" "cher.de/\xE2\x82\xAC";
  r = parse_str(idn, NULL, out, sizeof out, comps);
  const char* want = "https://xn--bcher-kva.de/%E2%82%AC";
  CHECK(r == strlen(want) && memcmp(out, want, r) == 0);
  CHECK(comps[ADA_FFI_HOST_END] == 24);
}

/* 10 MB canonical, 10 MB that grows 3x in bytes through percent-encoding (9x per UTF-16 unit for
 * a three-byte character), and a 30 MB output through the too-small retry path. */
static void test_huge(void) {
  const uint32_t n = 10u * 1024u * 1024u;
  uint32_t comps[ADA_FFI_COMPONENT_COUNT];
  char* in = malloc(n + 32);
  strcpy(in, "https://example.com/");
  uint32_t prefix = (uint32_t)strlen(in);
  memset(in + prefix, 'a', n - prefix);
  CHECK(parse_via_block(in, n, NULL, ADA_FFI_NO_BASE, NULL, 0, comps) == ADA_FFI_UNCHANGED);
  CHECK(comps[ADA_FFI_PATHNAME_START] == 19 && comps[ADA_FFI_SEARCH_START] == O);

  /* Every path byte is 0xE2 0x82 0xAC ('€'), percent-encoded to 9 bytes per character. */
  uint32_t chars = (n - prefix) / 3;
  uint32_t len = prefix + chars * 3;
  for (uint32_t i = 0; i < chars; i++) memcpy(in + prefix + 3 * i, "\xE2\x82\xAC", 3);
  uint32_t need = parse_via_block(in, len, NULL, ADA_FFI_NO_BASE, NULL, 0, comps);
  CHECK(need == prefix + chars * 9);
  uint8_t* out = malloc(need);
  CHECK(parse_via_block(in, len, NULL, ADA_FFI_NO_BASE, out, need, comps) == need);
  CHECK(memcmp(out + prefix, "%E2%82%AC", 9) == 0 && memcmp(out + need - 9, "%E2%82%AC", 9) == 0);
  int ascii = 1;
  for (uint32_t i = 0; i < need; i++) ascii &= out[i] < 0x80;
  CHECK(ascii);
  free(out);
  free(in);
}

#define THREADS 4
#define ROUNDS 20000
static const char* thread_inputs[] = {"HTTPS://A.COM/x/../y?q#h", "http://user:pw@[::1]:8080/p", "file:///c|/x",
                                      "https://b\xC3\xBC" "cher.de/", "not a url", "javascript:alert(1)"};
static void* thread_main(void* arg) {
  long* bad = arg;
  uint8_t expected[6][128];
  uint32_t expected_r[6];
  uint32_t comps[ADA_FFI_COMPONENT_COUNT];
  for (int i = 0; i < 6; i++) expected_r[i] = parse_str(thread_inputs[i], NULL, expected[i], 128, comps);
  uint8_t out[128];
  /* Relative parses too, against this thread's own base and a shared one in turn (each thread memoizes its own). */
  char own_base[64];
  /* The threads' counters are consecutive longs: their addresses tell the threads apart. */
  snprintf(own_base, sizeof own_base, "https://t%ld.example/dir/", (long)(((uintptr_t)bad / sizeof *bad) % 1000));
  const char* shared_base = "http://shared.example/a/b";
  char own_expected[96];
  snprintf(own_expected, sizeof own_expected, "%sx", own_base);
  for (int round = 0; round < ROUNDS; round++) {
    int i = round % 6;
    uint32_t r = parse_str(thread_inputs[i], NULL, out, sizeof out, comps);
    if (r != expected_r[i] || (r < 128 && memcmp(out, expected[i], r) != 0)) (*bad)++;
    const char* base = (round & 1) ? own_base : shared_base;
    const char* want = (round & 1) ? own_expected : "http://shared.example/a/x";
    r = parse_str("x", base, out, sizeof out, comps);
    if (r != strlen(want) || memcmp(out, want, r) != 0) (*bad)++;
  }
  return NULL;
}

static void test_threads(void) {
  pthread_t threads[THREADS];
  long bad[THREADS] = {0};
  for (int i = 0; i < THREADS; i++) pthread_create(&threads[i], NULL, thread_main, &bad[i]);
  for (int i = 0; i < THREADS; i++) pthread_join(threads[i], NULL);
  for (int i = 0; i < THREADS; i++) CHECK(bad[i] == 0);
}

/* Resolves `input` against `base` (base_len bytes) and expects `href` (NULL: invalid). */
static void expect_resolved(const char* input, const char* base, size_t base_len, const char* href) {
  uint8_t out[256];
  uint32_t comps[ADA_FFI_COMPONENT_COUNT];
  uint32_t r = parse_via_block(input, (uint32_t)strlen(input), base, (uint32_t)base_len, out, sizeof out, comps);
  if (href == NULL) {
    CHECK(r == ADA_FFI_INVALID);
  } else if (strcmp(href, input) == 0) {
    CHECK(r == ADA_FFI_UNCHANGED);
  } else {
    int right = r == strlen(href) && memcmp(out, href, r) == 0;
    CHECK(right);
    if (!right) fprintf(stderr, "  %s against %.*s\n", input, (int)base_len, base);
  }
}

/* The per-thread memo of the last base (ada_ffi.cpp): every sequence of bases answers as fresh parses would. */
static void test_base_memo(void) {
  const char* a = "https://example.org/dir/page";
  expect_resolved("x", a, strlen(a), "https://example.org/dir/x");
  expect_resolved("y", a, strlen(a), "https://example.org/dir/y"); /* the memo's hit */
  /* Same length, one byte different; then a prefix of it; then a longer one. */
  expect_resolved("x", "https://example.org/dir/pagE", 28, "https://example.org/dir/x");
  expect_resolved("x", "https://example.org/dix/page", 28, "https://example.org/dix/x");
  expect_resolved("x", a, 20, "https://example.org/x");
  expect_resolved("x", "https://example.org/dir/page/more", 33, "https://example.org/dir/page/x");
  /* An invalid base, twice (the memo holds it as invalid), then a valid one again. */
  expect_resolved("x", "not a base", 10, NULL);
  expect_resolved("http://ok/", "not a base", 10, NULL);
  expect_resolved("x", a, strlen(a), "https://example.org/dir/x");
  /* The empty base is invalid; a base with NUL bytes is compared byte for byte, not as a C string. */
  expect_resolved("x", "", 0, NULL);
  expect_resolved("x", "https://n.ul/a\0b", 16, "https://n.ul/x");
  expect_resolved("x", "https://n.ul/a\0c", 16, "https://n.ul/x");
  expect_resolved("?q", "https://n.ul/a\0c", 16, "https://n.ul/a%00c?q");
  expect_resolved("?q", "https://n.ul/a\0b", 16, "https://n.ul/a%00b?q");
  /* Bases longer than the memo keeps (4096 bytes) are parsed every time, between memoized ones. */
  size_t long_len = 10 + 5000 + 1;
  char* long_base = malloc(long_len + 1);
  memcpy(long_base, "https://h/", 10);
  memset(long_base + 10, 'a', 5000);
  long_base[10 + 5000] = '/';
  long_base[long_len] = 0;
  uint8_t* out = malloc(long_len + 16);
  uint32_t comps[ADA_FFI_COMPONENT_COUNT];
  for (int round = 0; round < 3; round++) {
    CHECK(parse_via_block("x", 1, long_base, (uint32_t)long_len, out, (uint32_t)long_len + 16, comps) == long_len + 1);
    CHECK(memcmp(out, long_base, long_len) == 0 && out[long_len] == 'x');
    expect_resolved("x", a, strlen(a), "https://example.org/dir/x");
  }
  /* The same memo serves parse_many and the parse operation: interleave them with different bases. */
  const char* b = "http://other.net/q/r";
  uint8_t many_out[256];
  uint32_t results[2 * ADA_FFI_RESULT_STRIDE];
  uint32_t lengths[2] = {1, 2};
  CHECK(ada_ffi_parse_many((const uint8_t*)"x./", lengths, 2, (const uint8_t*)b, (uint32_t)strlen(b), many_out,
                           sizeof many_out, results) == 2);
  CHECK(results[0] == 20 && results[ADA_FFI_RESULT_STRIDE] == 19 &&
        memcmp(many_out, "http://other.net/q/xhttp://other.net/q/", 39) == 0);
  expect_resolved("x", a, strlen(a), "https://example.org/dir/x");
  uint32_t words[128];
  block_fill_str(words, sizeof words, ADA_FFI_OP_PARSE, "z", b);
  CHECK(block_run(words) == 20 &&
        memcmp((uint8_t*)words + ADA_FFI_BLOCK_TEXT, "http://other.net/q/z", 20) == 0);
  expect_resolved("x", a, strlen(a), "https://example.org/dir/x");
  free(out);
  free(long_base);
}

static const struct { const char* name; void (*fn)(void); } tests[] = {
    {"version", test_version},   {"components", test_components},       {"invalid", test_invalid},
    {"too_small", test_buffer_too_small}, {"unchanged", test_unchanged}, {"text_overwrite", test_text_overwrite},
    {"base", test_base},         {"base_memo", test_base_memo},         {"nul_and_utf8", test_nul_and_utf8},   {"huge", test_huge},
    {"threads", test_threads},   {"block", test_block},
    {"many", test_many},         {"setters", test_setters},  {"href_memo", test_href_memo},  {"domains", test_domains},
    {"dispatch", test_dispatch}, {"block_string", test_block_string},
    {"pattern_compile", test_pattern_compile},     {"pattern_questions", test_pattern_questions},
    {"pattern_invalid", test_pattern_invalid},     {"pattern_too_small", test_pattern_too_small},
    {"pattern_process", test_pattern_process},     {"pattern_utf8", test_pattern_utf8},
    {"pattern_threads", test_pattern_threads},
};

int main(int argc, char** argv) {
  int ran = 0;
  for (size_t i = 0; i < sizeof tests / sizeof *tests; i++) {
    if (argc > 1 && strcmp(argv[1], tests[i].name) != 0) continue;
    tests[i].fn();
    ran++;
  }
  if (ran == 0) {
    fprintf(stderr, "unknown test case: %s\n", argv[1]);
    return 2;
  }
  return failures == 0 ? 0 : 1;
}
