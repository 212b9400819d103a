// libFuzzer harness over the six exports of ada_ffi.h and every operation of ada_ffi_block, with structured inputs.
// It links the library's sources statically, so it also calls the internal operations (ada_ffi_operations.h)
// directly: each answer through ada_ffi_block (or ada_ffi_block_at) must equal the internal one, byte for byte.
//
// Input layout: byte 0 picks the operation, byte 1 the output capacity class, byte 2 the setter (for
// URLPattern: the mode bits: base, ignoreCase, dictionary form, which members); the rest is split at the
// first 0xFF byte into a URL (or pattern) and a second string (base, setter value, or a list of more
// inputs for parse_many or URLPatternInit members, split again at 0xFE). Every result is checked against the ABI's
// contract: offsets in bounds and ordered, href ASCII, reparsing href is a fixed point, the block
// variants agree with the plain ones and ada_ffi_block with the operation it names, too-small buffers report the
// need and write nothing.
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "ada.h"
#include "ada_ffi.h"
#include "ada_ffi_operations.h"
#include "ada_ffi_url_pattern.h"
#include "fuzz_support.h"

namespace {

using fuzz::bytes;
using fuzz::capacity_for;
using fuzz::copy_to;
using fuzz::fuzz_url_pattern;
// Offsets in bounds and ordered, href ASCII, the characters the offsets point at as documented.
void check_components(std::string_view href, const uint32_t* c) {
  size_t n = href.size();
  for (char ch : href) FUZZ_CHECK(static_cast<unsigned char>(ch) < 0x80);
  FUZZ_CHECK(c[ADA_FFI_PROTOCOL_END] >= 2 && c[ADA_FFI_PROTOCOL_END] <= n);
  FUZZ_CHECK(href[c[ADA_FFI_PROTOCOL_END] - 1] == ':');
  FUZZ_CHECK(c[ADA_FFI_PROTOCOL_END] <= c[ADA_FFI_USERNAME_END]);
  FUZZ_CHECK(c[ADA_FFI_USERNAME_END] <= c[ADA_FFI_HOST_START]);
  FUZZ_CHECK(c[ADA_FFI_HOST_START] <= c[ADA_FFI_HOST_END]);
  FUZZ_CHECK(c[ADA_FFI_HOST_END] <= c[ADA_FFI_PATHNAME_START]);
  FUZZ_CHECK(c[ADA_FFI_PATHNAME_START] <= n);
  uint32_t search = c[ADA_FFI_SEARCH_START], hash = c[ADA_FFI_HASH_START];
  if (search != ADA_FFI_OMITTED) {
    FUZZ_CHECK(search >= c[ADA_FFI_PATHNAME_START] && search < n && href[search] == '?');
  }
  if (hash != ADA_FFI_OMITTED) {
    FUZZ_CHECK(hash >= c[ADA_FFI_PATHNAME_START] && hash < n && href[hash] == '#');
    if (search != ADA_FFI_OMITTED) FUZZ_CHECK(search < hash);
  }
  if (c[ADA_FFI_PORT] != ADA_FFI_OMITTED) {
    FUZZ_CHECK(c[ADA_FFI_PORT] <= 65535 && href[c[ADA_FFI_HOST_END]] == ':');
  }
  FUZZ_CHECK(c[ADA_FFI_SCHEME_TYPE] <= ADA_FFI_SCHEME_FILE);
}

// Parses through ada_ffi_parse with the given capacity, growing once if needed. Returns false if invalid.
bool parse_plain(std::string_view input, const std::string_view* base, uint32_t cap, std::string& href,
                 uint32_t* comps) {
  std::vector<uint8_t> out(cap + 8, 0xAB);
  uint32_t r = base ? ada_ffi_internal::parse_with_base(bytes(input), input.size(), bytes(*base), base->size(), out.data(),
                                              cap, comps)
                    : ada_ffi_internal::parse(bytes(input), input.size(), out.data(), cap, comps);
  if (r == ADA_FFI_INVALID) return false;
  if (r == ADA_FFI_UNCHANGED) {
    href.assign(input);
    return true;
  }
  if (r > cap) {
    for (size_t i = 0; i < out.size(); i++) FUZZ_CHECK(out[i] == 0xAB);  // nothing written
    out.assign(r + 8, 0xAB);
    uint32_t again = base ? ada_ffi_internal::parse_with_base(bytes(input), input.size(), bytes(*base), base->size(),
                                                    out.data(), r, comps)
                          : ada_ffi_internal::parse(bytes(input), input.size(), out.data(), r, comps);
    FUZZ_CHECK(again == r);
  }
  FUZZ_CHECK(out[r] == 0xAB);  // no write past the length
  href.assign(reinterpret_cast<const char*>(out.data()), r);
  return true;
}

// UTF-16 units of UTF-8 bytes by decoding each sequence (a lead byte says its length); nullopt when the bytes are not
// well-formed UTF-8 with no NUL (what an FFI would never hand over for a JavaScript string).
std::optional<uint32_t> utf16_units(std::string_view s) {
  uint32_t units = 0;
  for (size_t i = 0; i < s.size();) {
    const uint8_t b = static_cast<uint8_t>(s[i]);
    const size_t n = b == 0 ? 0 : b < 0x80 ? 1 : (b >= 0xC2 && b < 0xE0) ? 2 : (b >= 0xE0 && b < 0xF0) ? 3
                   : (b >= 0xF0 && b < 0xF5) ? 4 : 0;
    if (n == 0 || i + n > s.size()) return std::nullopt;
    for (size_t k = 1; k < n; k++) {
      if ((static_cast<uint8_t>(s[i + k]) & 0xC0) != 0x80) return std::nullopt;
    }
    units += n == 4 ? 2 : 1;
    i += n;
  }
  return units;
}

// ada_ffi_block_string_at (the input as a C string) agrees with the parse of the same input through the block
// (`expected`, the block after it in `after`), or returns ADA_FFI_RETRY having written nothing for a count that is not
// the string's. Any bytes, any count: no crash.
void check_block_string_agrees(std::string_view input, uint32_t expected, const std::vector<uint32_t>& after) {
  const std::string c_string(input);  // NUL-terminated, as an FFI passes it
  std::vector<uint32_t> words(after.size(), 0);
  uint8_t* block = reinterpret_cast<uint8_t*>(words.data());
  words[ADA_FFI_BLOCK_BASE_LEN] = ADA_FFI_NO_BASE;
  words[ADA_FFI_BLOCK_TEXT_CAP] = after[ADA_FFI_BLOCK_TEXT_CAP];
  words[ADA_FFI_BLOCK_OPERATION] = ADA_FFI_OP_PARSE;
  const double address = static_cast<double>(reinterpret_cast<uintptr_t>(block));
  const std::optional<uint32_t> units = utf16_units(input);
  if (!units) {
    // Not a string an FFI would pass (malformed, or a NUL inside): any count may run or retry; it must not crash or
    // read past the C string's NUL (ASan watches).
    for (uint32_t count : {static_cast<uint32_t>(input.size()), static_cast<uint32_t>(input.size()) + 1, 0u}) {
      std::vector<uint32_t> scratch = words;
      scratch[ADA_FFI_BLOCK_INPUT_LEN] = count;
      (void)ada_ffi_block_string_at(static_cast<double>(reinterpret_cast<uintptr_t>(scratch.data())), c_string.c_str());
    }
    return;
  }
  words[ADA_FFI_BLOCK_INPUT_LEN] = *units + 1;
  const std::vector<uint32_t> before = words;
  FUZZ_CHECK(ada_ffi_block_string_at(address, c_string.c_str()) == ADA_FFI_RETRY);
  FUZZ_CHECK(words == before);
  words[ADA_FFI_BLOCK_INPUT_LEN] = *units;
  FUZZ_CHECK(ada_ffi_block_string_at(address, c_string.c_str()) == expected);
  words[ADA_FFI_BLOCK_OPERATION] = 0;
  FUZZ_CHECK(std::memcmp(words.data(), after.data(), ADA_FFI_BLOCK_TEXT) == 0);
}

// The block variant must agree with the plain one.
void check_block_agrees(std::string_view input, const std::string_view* base, bool valid, std::string_view href,
                        const uint32_t* comps) {
  size_t text = input.size() + (base ? base->size() : 0);
  std::vector<uint32_t> words((ADA_FFI_BLOCK_TEXT + text * 3 + 64) / 4 + 1, 0);
  uint8_t* block = reinterpret_cast<uint8_t*>(words.data());
  copy_to(block + ADA_FFI_BLOCK_TEXT, input);
  if (base) copy_to(block + ADA_FFI_BLOCK_TEXT + input.size(), *base);
  words[ADA_FFI_BLOCK_INPUT_LEN] = static_cast<uint32_t>(input.size());
  words[ADA_FFI_BLOCK_BASE_LEN] = base ? static_cast<uint32_t>(base->size()) : ADA_FFI_NO_BASE;
  words[ADA_FFI_BLOCK_TEXT_CAP] = static_cast<uint32_t>(words.size() * 4 - ADA_FFI_BLOCK_TEXT);
  FUZZ_CHECK(ada_ffi_internal::can_parse_block(block) == (valid ? 1u : 0u));
  // The dispatching entry points on a copy: the same answers and the same bytes as the direct calls.
  std::vector<uint32_t> copy = words;
  uint8_t* copy_block = reinterpret_cast<uint8_t*>(copy.data());
  copy[ADA_FFI_BLOCK_OPERATION] = ADA_FFI_OP_CAN_PARSE;
  FUZZ_CHECK(ada_ffi_block(copy_block) == (valid ? 1u : 0u));
  copy[ADA_FFI_BLOCK_OPERATION] = ADA_FFI_OP_PARSE;
  // By address, as the JavaScript adapters call it.
  uint32_t dispatched = ada_ffi_block_at(static_cast<double>(reinterpret_cast<uintptr_t>(copy_block)));
  uint32_t r = ada_ffi_internal::parse_block(block);
  FUZZ_CHECK(dispatched == r);
  copy[ADA_FFI_BLOCK_OPERATION] = 0;
  FUZZ_CHECK(std::memcmp(copy.data(), words.data(), words.size() * 4) == 0);
  FUZZ_CHECK((r == ADA_FFI_INVALID) == !valid);
  if (!valid) return;
  if (r != ADA_FFI_UNCHANGED) {
    FUZZ_CHECK(r == href.size());
    if (r <= words[ADA_FFI_BLOCK_TEXT_CAP]) FUZZ_CHECK(std::memcmp(block + ADA_FFI_BLOCK_TEXT, href.data(), r) == 0);
  } else {
    FUZZ_CHECK(href == input);
  }
  FUZZ_CHECK(std::memcmp(words.data() + ADA_FFI_BLOCK_COMPONENTS, comps, 4 * ADA_FFI_COMPONENT_COUNT) == 0);
  if (!base) check_block_string_agrees(input, r, words);
}

// The library memoizes each thread's last base (ada_ffi.cpp); its answer must be ada's own for a fresh parse of the
// base, whatever base the previous inputs used.
void check_fresh_parse_agrees(std::string_view input, std::string_view base, bool valid, const std::string& href) {
  auto base_url = ada::parse<ada::url_aggregator>(base);
  std::optional<ada::url_aggregator> expected;
  if (base_url) {
    auto parsed = ada::parse<ada::url_aggregator>(input, &*base_url);
    if (parsed) expected = std::move(*parsed);
  }
  bool expected_valid = expected.has_value() && expected->get_href().size() < ADA_FFI_MAX_LENGTH;
  FUZZ_CHECK(valid == expected_valid);
  if (valid) FUZZ_CHECK(href == expected->get_href());
}

// Parses, checks the contract, and returns the href (empty if invalid).
std::string parse_and_check(std::string_view input, const std::string_view* base, uint8_t cap_class) {
  uint32_t comps[ADA_FFI_COMPONENT_COUNT];
  std::string href;
  bool valid = parse_plain(input, base, capacity_for(cap_class, input.size()), href, comps);
  uint32_t can = base ? ada_ffi_internal::can_parse_with_base(bytes(input), input.size(), bytes(*base), base->size())
                      : ada_ffi_internal::can_parse(bytes(input), input.size());
  FUZZ_CHECK(can == (valid ? 1u : 0u));
  if (base) check_fresh_parse_agrees(input, *base, valid, href);
  check_block_agrees(input, base, valid, href, comps);
  if (!valid) return std::string();
  check_components(href, comps);
  // Reparsing the href is a fixed point: unchanged, with the same components.
  uint32_t again[ADA_FFI_COMPONENT_COUNT];
  FUZZ_CHECK(ada_ffi_internal::parse(bytes(href), href.size(), nullptr, 0, again) == ADA_FFI_UNCHANGED);
  FUZZ_CHECK(std::memcmp(again, comps, sizeof again) == 0);
  return href;
}

// ada's own setter on a fresh parse of href: the new href, or nullopt when the setter rejects the value.
std::optional<std::string> fresh_set(const std::string& href, uint32_t setter, std::string_view value) {
  auto u = ada::parse<ada::url_aggregator>(href);
  FUZZ_CHECK(u.has_value());
  bool ok = true;
  switch (setter) {
    case ADA_FFI_SET_HREF: ok = u->set_href(value); break;
    case ADA_FFI_SET_PROTOCOL: ok = u->set_protocol(value); break;
    case ADA_FFI_SET_USERNAME: ok = u->set_username(value); break;
    case ADA_FFI_SET_PASSWORD: ok = u->set_password(value); break;
    case ADA_FFI_SET_HOST: ok = u->set_host(value); break;
    case ADA_FFI_SET_HOSTNAME: ok = u->set_hostname(value); break;
    case ADA_FFI_SET_PORT: ok = u->set_port(value); break;
    case ADA_FFI_SET_PATHNAME: ok = u->set_pathname(value); break;
    case ADA_FFI_SET_SEARCH: u->set_search(value); break;
    case ADA_FFI_SET_HASH: u->set_hash(value); break;
    default: return std::nullopt;
  }
  if (!ok || u->get_href().size() >= ADA_FFI_MAX_LENGTH) return std::nullopt;
  return std::string(u->get_href());
}

void fuzz_setter(std::string_view input, std::string_view value, uint8_t setter, uint8_t cap_class) {
  std::string href = parse_and_check(input, nullptr, cap_class);
  if (href.empty()) return;
  size_t text = href.size() + value.size();
  uint32_t cap = capacity_for(cap_class, text);
  std::vector<uint32_t> words((ADA_FFI_BLOCK_TEXT + std::max<size_t>(text, cap) + 8) / 4 + 1, 0xABABABABu);
  uint8_t* block = reinterpret_cast<uint8_t*>(words.data());
  auto fill = [&](uint32_t text_cap) {
    copy_to(block + ADA_FFI_BLOCK_TEXT, href);
    copy_to(block + ADA_FFI_BLOCK_TEXT + href.size(), value);
    words[ADA_FFI_BLOCK_INPUT_LEN] = static_cast<uint32_t>(href.size());
    words[ADA_FFI_BLOCK_BASE_LEN] = static_cast<uint32_t>(value.size());
    words[ADA_FFI_BLOCK_TEXT_CAP] = text_cap;
    words[ADA_FFI_BLOCK_SETTER] = setter % 11;  // 10 is not a setter: must be rejected
  };
  fill(static_cast<uint32_t>(std::max<size_t>(text, cap)));
  std::vector<uint32_t> dispatched = words;  // the same block through ada_ffi_block, below
  dispatched[ADA_FFI_BLOCK_OPERATION] = ADA_FFI_OP_SET;
  uint32_t r = ada_ffi_internal::set_block(block);
  // The first call took the memo of the href just parsed, this one parses afresh: the same answer and bytes.
  FUZZ_CHECK(ada_ffi_block(reinterpret_cast<uint8_t*>(dispatched.data())) == r);
  dispatched[ADA_FFI_BLOCK_OPERATION] = words[ADA_FFI_BLOCK_OPERATION];
  FUZZ_CHECK(dispatched == words);
  if (setter % 11 == 10) FUZZ_CHECK(r == ADA_FFI_INVALID);
  // The setter starts from the memo of the href just parsed (ada_ffi.cpp); ada on a fresh parse must agree.
  const std::optional<std::string> expected = fresh_set(href, setter % 11, value);
  FUZZ_CHECK((r == ADA_FFI_INVALID) == !expected.has_value());
  if (r == ADA_FFI_INVALID) return;
  std::string result;
  if (r == ADA_FFI_UNCHANGED) {
    result = href;
  } else {
    if (r > words.size() * 4 - ADA_FFI_BLOCK_TEXT || r > std::max<size_t>(text, cap)) {
      words.assign((ADA_FFI_BLOCK_TEXT + r + 8) / 4 + 1, 0);
      block = reinterpret_cast<uint8_t*>(words.data());
      fill(r);
      FUZZ_CHECK(ada_ffi_internal::set_block(block) == r);
    }
    result.assign(reinterpret_cast<const char*>(block + ADA_FFI_BLOCK_TEXT), r);
  }
  FUZZ_CHECK(result == *expected);
  check_components(result, words.data() + ADA_FFI_BLOCK_COMPONENTS);
  // The setter's result is itself a canonical URL, with one exception the spec makes: the protocol
  // setter turning wss://localhost/ into a file: URL keeps the host (file://localhost/, as Node's
  // built-in does), while parsing that href empties it (file:///). Found by this harness.
  if (result.rfind("file://localhost/", 0) == 0) return;
  uint32_t again[ADA_FFI_COMPONENT_COUNT];
  FUZZ_CHECK(ada_ffi_internal::parse(bytes(result), result.size(), nullptr, 0, again) == ADA_FFI_UNCHANGED);
  FUZZ_CHECK(std::memcmp(again, words.data() + ADA_FFI_BLOCK_COMPONENTS, sizeof again) == 0);
}

void fuzz_many(std::string_view first, std::string_view rest, const std::string_view* base, uint8_t cap_class) {
  std::vector<std::string_view> inputs{first};
  while (!rest.empty()) {
    size_t cut = rest.find('\xFE');
    inputs.push_back(rest.substr(0, cut));
    rest = cut == std::string_view::npos ? std::string_view() : rest.substr(cut + 1);
  }
  std::string text;
  std::vector<uint32_t> lengths;
  for (auto s : inputs) {
    text.append(s);
    lengths.push_back(static_cast<uint32_t>(s.size()));
  }
  uint32_t cap = capacity_for(cap_class, text.size());
  std::vector<uint8_t> out(cap + 1);
  std::vector<uint32_t> results(inputs.size() * ADA_FFI_RESULT_STRIDE);
  size_t next = 0, in_at = 0;
  while (next < inputs.size()) {
    uint32_t done = ada_ffi_parse_many(bytes(text) + in_at, lengths.data() + next,
                                       static_cast<uint32_t>(inputs.size() - next), base ? bytes(*base) : nullptr,
                                       base ? static_cast<uint32_t>(base->size()) : ADA_FFI_NO_BASE, out.data(), cap,
                                       results.data());
    if (done == 0) {  // the next href alone exceeds cap: the contract says so; the single call must agree
      uint32_t comps[ADA_FFI_COMPONENT_COUNT];
      uint32_t r = base ? ada_ffi_internal::parse_with_base(bytes(inputs[next]), lengths[next], bytes(*base), base->size(),
                                                  nullptr, 0, comps)
                        : ada_ffi_internal::parse(bytes(inputs[next]), lengths[next], nullptr, 0, comps);
      FUZZ_CHECK(r != ADA_FFI_INVALID && r != ADA_FFI_UNCHANGED && r > cap);
      in_at += lengths[next++];
      continue;
    }
    size_t out_at = 0;
    for (uint32_t i = 0; i < done; i++) {
      std::string_view input = inputs[next + i];
      const uint32_t* res = results.data() + i * ADA_FFI_RESULT_STRIDE;
      std::string href = parse_and_check(input, base, 3);
      if (res[0] == ADA_FFI_INVALID) {
        FUZZ_CHECK(href.empty());
      } else if (res[0] == ADA_FFI_UNCHANGED) {
        FUZZ_CHECK(href == input);
      } else {
        FUZZ_CHECK(out_at + res[0] <= cap);
        FUZZ_CHECK(std::string_view(reinterpret_cast<const char*>(out.data()) + out_at, res[0]) == href);
        out_at += res[0];
      }
      in_at += lengths[next + i];
    }
    next += done;
  }
}

void fuzz_domain(std::string_view domain, uint8_t cap_class) {
  for (int unicode = 0; unicode < 2; unicode++) {
    uint32_t cap = capacity_for(cap_class, domain.size() * 4 + 16);
    std::vector<uint32_t> words((ADA_FFI_BLOCK_TEXT + std::max<size_t>(cap, domain.size()) + 8) / 4 + 1, 0);
    uint8_t* block = reinterpret_cast<uint8_t*>(words.data());
    copy_to(block + ADA_FFI_BLOCK_TEXT, domain);
    words[ADA_FFI_BLOCK_INPUT_LEN] = static_cast<uint32_t>(domain.size());
    words[ADA_FFI_BLOCK_TEXT_CAP] = cap;
    std::vector<uint32_t> dispatched = words;  // the same block through ada_ffi_block
    dispatched[ADA_FFI_BLOCK_OPERATION] = unicode ? ADA_FFI_OP_DOMAIN_TO_UNICODE : ADA_FFI_OP_DOMAIN_TO_ASCII;
    uint32_t r = unicode ? ada_ffi_internal::domain_to_unicode_block(block)
                         : ada_ffi_internal::domain_to_ascii_block(block);
    FUZZ_CHECK(ada_ffi_block(reinterpret_cast<uint8_t*>(dispatched.data())) == r);
    dispatched[ADA_FFI_BLOCK_OPERATION] = 0;
    FUZZ_CHECK(dispatched == words);
    if (r == ADA_FFI_INVALID || r > cap) continue;
    if (!unicode) {
      for (uint32_t i = 0; i < r; i++) FUZZ_CHECK(block[ADA_FFI_BLOCK_TEXT + i] < 0x80);
    }
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size < 3) return 0;
  uint8_t op = data[0], cap_class = data[1], setter = data[2];
  std::string_view rest(reinterpret_cast<const char*>(data + 3), size - 3);
  size_t cut = rest.find('\xFF');
  std::string_view first = rest.substr(0, cut);
  std::string_view second = cut == std::string_view::npos ? std::string_view() : rest.substr(cut + 1);
  switch (op % 7) {
    case 0: parse_and_check(first, nullptr, cap_class); break;
    case 1: parse_and_check(first, &second, cap_class); break;
    case 2: fuzz_setter(first, second, setter, cap_class); break;
    case 3: fuzz_many(first, second, (setter & 1) ? &second : nullptr, cap_class); break;
    case 4: fuzz_domain(first, cap_class); break;
    case 5: fuzz_url_pattern(false, first, second, setter, cap_class); break;
    default: fuzz_url_pattern(true, first, second, setter, cap_class); break;
  }
  // The version functions, with every capacity.
  uint8_t version[16];
  FUZZ_CHECK(ada_ffi_ada_version(version, cap_class % 16) == 5);
  FUZZ_CHECK(ada_ffi_abi_version() == ADA_FFI_ABI_VERSION);
  return 0;
}
