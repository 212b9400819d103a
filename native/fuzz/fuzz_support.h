// What the fuzz harness's files share: the check that aborts with its line, and the input helpers.
#ifndef ADA_FFI_FUZZ_SUPPORT_H
#define ADA_FFI_FUZZ_SUPPORT_H

#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <string_view>

namespace fuzz {

#define FUZZ_CHECK(cond)                                                      \
  do {                                                                        \
    if (!(cond)) {                                                            \
      __builtin_printf("fuzz_abi: check failed: %s (line %d)\n", #cond, __LINE__); \
      std::abort();                                                           \
    }                                                                         \
  } while (0)

inline const uint8_t* bytes(std::string_view s) { return reinterpret_cast<const uint8_t*>(s.data()); }

// memcpy of a string that may be an empty view with a null pointer (memcpy's arguments must not be null).
inline void copy_to(uint8_t* dst, std::string_view s) {
  if (!s.empty()) std::memcpy(dst, s.data(), s.size());
}

// The capacity classes: none, tiny, exact-ish, generous.
inline uint32_t capacity_for(uint8_t cls, size_t input_len) {
  switch (cls % 4) {
    case 0: return 0;
    case 1: return static_cast<uint32_t>(cls % 17);
    case 2: return static_cast<uint32_t>(input_len + cls % 9);
    default: return static_cast<uint32_t>(input_len * 3 + 64);
  }
}

// fuzz_url_pattern.cpp: one URLPattern operation (compile, or process with `process`), checked.
void fuzz_url_pattern(bool process, std::string_view first, std::string_view second, uint8_t mode, uint8_t cap_class);

}  // namespace fuzz

#endif
