/* Loads the library named on the command line at run time, as the JS runtimes do (dlopen / LoadLibrary),
 * parses URLs through it (with and without a base, on this thread and on two others), unloads it, three times
 * over, and exits 0.
 *
 * What it catches: a library whose static or thread-local destructors outlive its unloading. A Zig-linked glibc
 * build without `-z nodelete` registers ada's destructors with __cxa_atexit but is unmapped by dlclose, so the
 * process crashes at exit (Node and Deno unload libraries at exit). A parse with a base fills the calling
 * thread's base memo, whose destructor runs when that thread ends: here one thread ends before the unload, one
 * after it, and the main thread at exit. A test that never unloads misses all of these. */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "ada_ffi.h" /* the block layout; the functions are looked up at run time */

#ifdef _WIN32
#include <windows.h>
typedef HMODULE library_t;
static library_t open_library(const char* path) { return LoadLibraryA(path); }
static void* find_symbol(library_t lib, const char* name) { return (void*)GetProcAddress(lib, name); }
static int close_library(library_t lib) { return FreeLibrary(lib) ? 0 : 1; }
static const char* load_error(void) { return "LoadLibrary failed"; }
typedef HANDLE thread_t;
static DWORD WINAPI thread_entry(LPVOID arg);
static int start_thread(thread_t* t, void* arg) {
  *t = CreateThread(NULL, 0, thread_entry, arg, 0, NULL);
  return *t == NULL;
}
static void join_thread(thread_t t) {
  WaitForSingleObject(t, INFINITE);
  CloseHandle(t);
}
static void pause_briefly(void) { Sleep(1); }
#else
#include <dlfcn.h>
#include <pthread.h>
#include <unistd.h>
typedef void* library_t;
static library_t open_library(const char* path) { return dlopen(path, RTLD_NOW | RTLD_LOCAL); }
static void* find_symbol(library_t lib, const char* name) { return dlsym(lib, name); }
static int close_library(library_t lib) { return dlclose(lib); }
static const char* load_error(void) { return dlerror(); }
typedef pthread_t thread_t;
static void* thread_entry(void* arg);
static int start_thread(thread_t* t, void* arg) { return pthread_create(t, NULL, thread_entry, arg); }
static void join_thread(thread_t t) { pthread_join(t, NULL); }
static void pause_briefly(void) { usleep(1000); }
#endif

typedef uint32_t (*abi_version_fn)(void);
typedef uint32_t (*block_fn)(uint8_t*);

static const char base[] = "https://example.com/dir/page";
static const char relative[] = "../b";
static const char resolved[] = "https://example.com/b";

/* A parse through ada_ffi_block, as the runtimes call it: input (and base, or none when NULL) in a call block;
 * returns the result, the href at out. */
static uint32_t parse(block_fn block, const char* input, const char* base_or_null, char out[64]) {
  uint32_t words[64];
  uint8_t* text = (uint8_t*)words + ADA_FFI_BLOCK_TEXT;
  size_t input_len = strlen(input), base_len = base_or_null ? strlen(base_or_null) : 0;
  memset(words, 0, sizeof words);
  memcpy(text, input, input_len);
  if (base_or_null) memcpy(text + input_len, base_or_null, base_len);
  words[ADA_FFI_BLOCK_INPUT_LEN] = (uint32_t)input_len;
  words[ADA_FFI_BLOCK_BASE_LEN] = base_or_null ? (uint32_t)base_len : ADA_FFI_NO_BASE;
  words[ADA_FFI_BLOCK_TEXT_CAP] = sizeof words - ADA_FFI_BLOCK_TEXT;
  words[ADA_FFI_BLOCK_OPERATION] = ADA_FFI_OP_PARSE;
  uint32_t n = block((uint8_t*)words);
  if (n < 64) memcpy(out, text, n);
  return n;
}

/* One relative parse through the library; 0 when the answer is right. */
static int parse_relative(block_fn block) {
  char out[64];
  uint32_t n = parse(block, relative, base, out);
  return n == sizeof resolved - 1 && memcmp(out, resolved, n) == 0 ? 0 : 1;
}

/* A thread that parses with a base, then ends at once or only once the main thread has unloaded the library. */
struct worker {
  block_fn block;
  int wait_for_unload;
  volatile int parsed;
  volatile int unloaded;
  int failed;
};
#ifdef _WIN32
static DWORD WINAPI thread_entry(LPVOID arg) {
#else
static void* thread_entry(void* arg) {
#endif
  struct worker* w = arg;
  w->failed = parse_relative(w->block);
  w->parsed = 1;
  while (w->wait_for_unload && !w->unloaded) pause_briefly();
  return 0;
}

int main(int argc, char** argv) {
  if (argc != 2) {
    fprintf(stderr, "usage: load_unload <path of the library>\n");
    return 2;
  }
  static const char input[] = "HTTPS://EXAMPLE.com/a/../b";
  static const char expected[] = "https://example.com/b";
  for (int round = 0; round < 3; round++) {
    library_t lib = open_library(argv[1]);
    if (lib == NULL) {
      fprintf(stderr, "cannot load %s: %s\n", argv[1], load_error());
      return 1;
    }
    abi_version_fn abi_version = (abi_version_fn)find_symbol(lib, "ada_ffi_abi_version");
    block_fn block = (block_fn)find_symbol(lib, "ada_ffi_block");
    if (abi_version == NULL || block == NULL) {
      fprintf(stderr, "ada_ffi_abi_version or ada_ffi_block is not exported\n");
      return 1;
    }
    char out[64];
    uint32_t n = parse(block, input, NULL, out);
    if (abi_version() != ADA_FFI_ABI_VERSION || n != sizeof expected - 1 || memcmp(out, expected, n) != 0 ||
        parse_relative(block) != 0) {
      fprintf(stderr, "round %d: wrong answer (%u bytes)\n", round, n);
      return 1;
    }
    struct worker ends_before = {block, 0, 0, 0, 0};
    struct worker ends_after = {block, 1, 0, 0, 0};
    thread_t before, after;
    if (start_thread(&before, &ends_before) != 0 || start_thread(&after, &ends_after) != 0) {
      fprintf(stderr, "round %d: cannot start a thread\n", round);
      return 1;
    }
    join_thread(before);
    while (!ends_after.parsed) pause_briefly();
    if (ends_before.failed || ends_after.failed) {
      fprintf(stderr, "round %d: wrong answer on another thread\n", round);
      return 1;
    }
    if (close_library(lib) != 0) {
      fprintf(stderr, "round %d: unloading failed\n", round);
      return 1;
    }
    ends_after.unloaded = 1;
    join_thread(after);
  }
  printf("loaded, used and unloaded 3 times\n");
  return 0;
}
