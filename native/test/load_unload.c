/* Loads the library named on the command line at run time, as the JS runtimes do (dlopen / LoadLibrary),
 * parses a URL through it, unloads it, three times over, and exits 0.
 *
 * What it catches: a library whose static destructors outlive its unloading. A Zig-linked glibc build without
 * `-z nodelete` registers ada's destructors with __cxa_atexit but is unmapped by dlclose, so the process
 * crashes at exit (Node and Deno unload libraries at exit). A test that never unloads misses it. */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#ifdef _WIN32
#include <windows.h>
typedef HMODULE library_t;
static library_t open_library(const char* path) { return LoadLibraryA(path); }
static void* find_symbol(library_t lib, const char* name) { return (void*)GetProcAddress(lib, name); }
static int close_library(library_t lib) { return FreeLibrary(lib) ? 0 : 1; }
static const char* load_error(void) { return "LoadLibrary failed"; }
#else
#include <dlfcn.h>
typedef void* library_t;
static library_t open_library(const char* path) { return dlopen(path, RTLD_NOW | RTLD_LOCAL); }
static void* find_symbol(library_t lib, const char* name) { return dlsym(lib, name); }
static int close_library(library_t lib) { return dlclose(lib); }
static const char* load_error(void) { return dlerror(); }
#endif

typedef uint32_t (*abi_version_fn)(void);
typedef uint32_t (*parse_fn)(const uint8_t*, uint32_t, uint8_t*, uint32_t, uint32_t*);

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
    parse_fn parse = (parse_fn)find_symbol(lib, "ada_ffi_parse");
    if (abi_version == NULL || parse == NULL) {
      fprintf(stderr, "ada_ffi_abi_version or ada_ffi_parse is not exported\n");
      return 1;
    }
    uint8_t out[64];
    uint32_t components[9];
    uint32_t n = parse((const uint8_t*)input, sizeof input - 1, out, sizeof out, components);
    if (abi_version() == 0 || n != sizeof expected - 1 || memcmp(out, expected, n) != 0) {
      fprintf(stderr, "round %d: wrong answer (%u bytes)\n", round, n);
      return 1;
    }
    if (close_library(lib) != 0) {
      fprintf(stderr, "round %d: unloading failed\n", round);
      return 1;
    }
  }
  printf("loaded, used and unloaded 3 times\n");
  return 0;
}
