/* What the C test files share: the failure count and CHECK, and the URLPattern cases test_abi.c runs. */
#ifndef ADA_FFI_TEST_SUPPORT_H
#define ADA_FFI_TEST_SUPPORT_H

#include <stdio.h>

extern int failures;

#define CHECK(cond)                                                            \
  do {                                                                         \
    if (!(cond)) {                                                             \
      fprintf(stderr, "%s:%d: CHECK failed: %s\n", __FILE__, __LINE__, #cond); \
      failures++;                                                              \
    }                                                                          \
  } while (0)

/* test_url_pattern.c */
void test_pattern_compile(void);
void test_pattern_questions(void);
void test_pattern_invalid(void);
void test_pattern_too_small(void);
void test_pattern_process(void);
void test_pattern_utf8(void);
void test_pattern_threads(void);

#endif
