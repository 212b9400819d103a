// ada_reference — test-only: answers with ada's own C++ getters, so the JS getters (which slice href by
// offsets) can be checked against them. Never shipped; linked against ada directly, not through the ABI.
//
// Usage: ada_reference <cases-file> <answers-file> (files, not pipes: a caller that writes all of its
// input before reading any output would deadlock on a pipe).
// Protocol, little-endian, one record per case:
//   in:  u32 kind, u32 input_len, input bytes, then
//          kind 0: nothing (parse input)
//          kind 1: u32 base_len, base bytes (parse input against base)
//          kind 2: u32 setter (enum ada_ffi_setter order), u32 value_len, value bytes (parse input, then
//                  run that setter; a rejected value leaves the URL as it was)
//   out: u8 valid; when valid, 11 strings as (u32 len, bytes) in the order
//        href origin protocol username password host hostname port pathname search hash
#include <cstdint>
#include <cstdio>
#include <optional>
#include <string>
#include <string_view>

#include "ada.h"

namespace {

bool read_exact(void* dst, size_t n) { return n == 0 || std::fread(dst, 1, n, stdin) == n; }

std::optional<std::string> read_string() {
  uint32_t len;
  if (!read_exact(&len, 4)) return std::nullopt;
  std::string s(len, '\0');
  if (!read_exact(s.data(), len)) return std::nullopt;
  return s;
}

void write_string(std::string_view s) {
  uint32_t len = static_cast<uint32_t>(s.size());
  std::fwrite(&len, 4, 1, stdout);
  std::fwrite(s.data(), 1, s.size(), stdout);
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 3 || !std::freopen(argv[1], "rb", stdin) || !std::freopen(argv[2], "wb", stdout)) {
    std::fprintf(stderr, "usage: ada_reference <cases-file> <answers-file>\n");
    return 2;
  }
  for (;;) {
    uint32_t kind;
    if (!read_exact(&kind, 4)) return 0;
    auto input = read_string();
    if (!input) return 1;
    std::optional<std::string> base, value;
    uint32_t setter = 0;
    if (kind == 1) {
      base = read_string();
      if (!base) return 1;
    } else if (kind == 2) {
      if (!read_exact(&setter, 4)) return 1;
      value = read_string();
      if (!value) return 1;
    }
    ada::result<ada::url_aggregator> url;
    if (base) {
      auto base_url = ada::parse<ada::url_aggregator>(*base);
      if (base_url) url = ada::parse<ada::url_aggregator>(*input, &*base_url);
      else url = tl::unexpected(ada::errors::type_error);
    } else {
      url = ada::parse<ada::url_aggregator>(*input);
    }
    if (url && value) {
      switch (setter) {
        case 0: url->set_href(*value); break;
        case 1: url->set_protocol(*value); break;
        case 2: url->set_username(*value); break;
        case 3: url->set_password(*value); break;
        case 4: url->set_host(*value); break;
        case 5: url->set_hostname(*value); break;
        case 6: url->set_port(*value); break;
        case 7: url->set_pathname(*value); break;
        case 8: url->set_search(*value); break;
        case 9: url->set_hash(*value); break;
        default: return 1;
      }
    }
    uint8_t valid = url ? 1 : 0;
    std::fwrite(&valid, 1, 1, stdout);
    if (!url) continue;
    write_string(url->get_href());
    write_string(url->get_origin());
    write_string(url->get_protocol());
    write_string(url->get_username());
    write_string(url->get_password());
    write_string(url->get_host());
    write_string(url->get_hostname());
    write_string(url->get_port());
    write_string(url->get_pathname());
    write_string(url->get_search());
    write_string(url->get_hash());
  }
}
