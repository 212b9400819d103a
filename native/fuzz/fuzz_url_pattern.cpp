// The URLPattern part of the fuzz harness (fuzz_abi.cpp picks the operation): compile and process blocks through
// ada_ffi_block, against the internal operations, with ada's questions answered from the input.
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "ada_ffi.h"
#include "ada_ffi_operations.h"
#include "ada_ffi_url_pattern.h"
#include "fuzz_support.h"

namespace fuzz {
namespace {

// UTF-16 units of UTF-8 the library wrote: it must be valid (checked), then counted as the header says.
uint32_t checked_utf16_length(std::string_view s) {
  uint32_t units = 0;
  for (size_t i = 0; i < s.size();) {
    unsigned char c = static_cast<unsigned char>(s[i]);
    size_t n = c < 0x80 ? 1 : (c >> 5) == 6 ? 2 : (c >> 4) == 14 ? 3 : (c >> 3) == 30 ? 4 : 0;
    FUZZ_CHECK(n != 0 && i + n <= s.size());
    for (size_t k = 1; k < n; k++) FUZZ_CHECK((static_cast<unsigned char>(s[i + k]) & 0xC0) == 0x80);
    units += n == 4 ? 2 : 1;
    i += n;
  }
  return units;
}

// A URLPattern output: the head words agree with the result and the strings; returns the table (from word 3).
std::vector<uint32_t> check_pattern_output(const std::vector<uint32_t>& words, uint32_t r, std::string& strings) {
  const uint32_t* text = words.data() + ADA_FFI_BLOCK_TEXT / 4;
  FUZZ_CHECK(text[0] >= 3 && 4ull * text[0] + text[1] == r);
  strings.assign(reinterpret_cast<const char*>(text + text[0]), text[1]);
  FUZZ_CHECK(checked_utf16_length(strings) == text[2]);
  return std::vector<uint32_t>(text + 3, text + text[0]);
}

}  // namespace

// One URLPattern operation: the pattern string (and base) or a URLPatternInit whose members are split at 0xFE.
// Questions are answered with bits from `answers` until ada is satisfied.
void fuzz_url_pattern(bool process, std::string_view first, std::string_view second, uint8_t mode,
                      uint8_t cap_class) {
  bool init = process || (mode & 4);
  std::vector<std::optional<std::string_view>> members(9);
  std::string_view rest = second;
  if (init) {
    // Members in field order: `first`, then the parts of `second`; a part that is the single byte 0xFD is a
    // member not given, and so is every member after the last part.
    members[0] = first;
    for (size_t field = 1; field < 9 && !rest.empty(); field++) {
      size_t cut = rest.find('\xFE');
      std::string_view part = rest.substr(0, cut);
      if (part != "\xFD") members[field] = part;
      rest = cut == std::string_view::npos ? std::string_view() : rest.substr(cut + 1);
    }
    if (members[0] == "\xFD") members[0].reset();
  }
  std::vector<std::pair<std::string, uint8_t>> answers;
  for (int round = 0; round < 4; round++) {
    std::string input;
    std::vector<uint32_t> words(ADA_FFI_BLOCK_TEXT / 4, 0);
    words[ADA_FFI_BLOCK_OPERATION] = process ? ADA_FFI_OP_URL_PATTERN_PROCESS : ADA_FFI_OP_URL_PATTERN_COMPILE;
    words[ADA_FFI_PATTERN_FLAGS] = (init ? ADA_FFI_PATTERN_INIT : 0) | ((mode & 2) ? ADA_FFI_PATTERN_IGNORE_CASE : 0);
    if (init) {
      for (uint32_t field = 0; field < 9; field++) {
        words[ADA_FFI_PATTERN_FIELDS + field] = members[field] ? members[field]->size() : ADA_FFI_ABSENT;
        if (members[field]) input.append(*members[field]);
      }
    } else {
      words[ADA_FFI_BLOCK_INPUT_LEN] = first.size();
      words[ADA_FFI_BLOCK_BASE_LEN] = (mode & 1) ? second.size() : ADA_FFI_NO_BASE;
      input.append(first);
      if (mode & 1) input.append(second);
    }
    for (const auto& [source, bits] : answers) {
      uint32_t n = source.size();
      input.append({static_cast<char>(n), static_cast<char>(n >> 8), static_cast<char>(n >> 16),
                    static_cast<char>(n >> 24), static_cast<char>(bits)});
      input.append(source);
    }
    words[ADA_FFI_PATTERN_ANSWERS] = answers.size();
    uint32_t cap = capacity_for(cap_class, input.size() * 4 + 256);
    if (cap < input.size()) cap = input.size();
    words[ADA_FFI_BLOCK_TEXT_CAP] = cap;
    words.resize((ADA_FFI_BLOCK_TEXT + cap) / 4 + 1, 0);
    copy_to(reinterpret_cast<uint8_t*>(words.data()) + ADA_FFI_BLOCK_TEXT, input);
    std::vector<uint32_t> direct = words;  // the same block through the internal operation: the same answer and bytes
    uint32_t r = ada_ffi_block(reinterpret_cast<uint8_t*>(words.data()));
    uint8_t* direct_block = reinterpret_cast<uint8_t*>(direct.data());
    FUZZ_CHECK((process ? ada_ffi_internal::url_pattern_process_block(direct_block)
                        : ada_ffi_internal::url_pattern_compile_block(direct_block)) == r);
    FUZZ_CHECK(direct == words);
    if (r == ADA_FFI_INVALID) return;
    if (r > cap) {  // too small: the need is at least the head; the next round (same answers) gets room
      FUZZ_CHECK(r >= 12);
      cap_class = 3;
      continue;
    }
    std::string strings;
    std::vector<uint32_t> table = check_pattern_output(words, r, strings);
    if (process) {
      FUZZ_CHECK(table.size() == 8);
      return;
    }
    if (words[ADA_FFI_PATTERN_OUTPUT] == ADA_FFI_OUTPUT_QUESTIONS) {
      FUZZ_CHECK(table.size() == 1 + 3 * table[0] && table[0] >= 1);
      size_t at = 0;
      for (uint32_t q = 0; q < table[0]; q++) {
        std::string source = strings.substr(at, table[2 + 3 * q]);
        at += source.size();
        answers.emplace_back(source, static_cast<uint8_t>((mode + q) & 0x3F) | (table[1 + 3 * q] ? 0x80 : 0));
      }
      FUZZ_CHECK(at == strings.size());
      continue;
    }
    FUZZ_CHECK(words[ADA_FFI_PATTERN_OUTPUT] == ADA_FFI_OUTPUT_PATTERN);
    size_t w = 0;
    uint64_t units = 0;
    for (int c = 0; c < 8; c++) {
      FUZZ_CHECK(w + 6 <= table.size() && table[w] <= ADA_FFI_COMPONENT_REGEXP && table[w + 1] <= 3);
      uint32_t groups = table[w + 2];
      FUZZ_CHECK(w + 6 + groups <= table.size());
      for (size_t k = 3; k < 6 + groups; k++) units += table[w + k];
      w += 6 + groups;
    }
    FUZZ_CHECK(w == table.size() && units == checked_utf16_length(strings));
    return;
  }
  FUZZ_CHECK(false);  // ada asked about more than the rounds allow (a protocol has at most two sources)
}

}  // namespace fuzz
