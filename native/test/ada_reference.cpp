// ada_reference — test-only: answers with ada's own C++ getters, so the JS getters (which slice href by
// offsets) can be checked against them. Never shipped; linked against ada directly, not through the ABI.
//
// Usage: ada_reference <cases-file> <answers-file> (files, not pipes: a caller that writes all of its
// input before reading any output would deadlock on a pipe).
// Protocol, little-endian, one record per case:
//   in:  u32 has_base, u32 input_len, input bytes, [u32 base_len, base bytes when has_base]
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
    uint32_t has_base;
    if (!read_exact(&has_base, 4)) return 0;
    auto input = read_string();
    if (!input) return 1;
    std::optional<std::string> base;
    if (has_base) {
      base = read_string();
      if (!base) return 1;
    }
    ada::result<ada::url_aggregator> url;
    if (base) {
      auto base_url = ada::parse<ada::url_aggregator>(*base);
      if (base_url) url = ada::parse<ada::url_aggregator>(*input, &*base_url);
      else url = tl::unexpected(ada::errors::type_error);
    } else {
      url = ada::parse<ada::url_aggregator>(*input);
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
