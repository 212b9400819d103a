// ada_ffi.cpp — implementation of the C ABI declared in ada_ffi.h, over ada's url_aggregator.
// Stateless as callers see it: each call parses into a local url_aggregator and copies out what the caller needs;
// only the per-thread memos of the last base and the last href (below) outlive a call, and they never change an
// answer.
#include "ada_ffi.h"
#include "ada_ffi_operations.h"

#include <cstring>
#include <optional>
#include <string>
#include <string_view>

#include "ada.h"

namespace {

using url = ada::url_aggregator;

std::string_view view(const uint8_t* data, uint32_t len) {
  // A NULL pointer is allowed for an empty string; string_view(nullptr, 0) is well defined.
  return std::string_view(reinterpret_cast<const char*>(data), len);
}

void write_components(const url& u, uint32_t* components) {
  const ada::url_components& c = u.get_components();
  components[ADA_FFI_PROTOCOL_END] = c.protocol_end;
  components[ADA_FFI_USERNAME_END] = c.username_end;
  components[ADA_FFI_HOST_START] = c.host_start;
  components[ADA_FFI_HOST_END] = c.host_end;
  components[ADA_FFI_PORT] = c.port;
  components[ADA_FFI_PATHNAME_START] = c.pathname_start;
  components[ADA_FFI_SEARCH_START] = c.search_start;
  components[ADA_FFI_HASH_START] = c.hash_start;
  components[ADA_FFI_SCHEME_TYPE] = static_cast<uint32_t>(u.type);
}

// Shared tail of parse/parse_with_base: the result protocol documented in the header.
uint32_t report(const url* parsed, std::string_view input, uint8_t* out, uint32_t out_cap, uint32_t* components) {
  if (parsed == nullptr) return ADA_FFI_INVALID;
  std::string_view href = parsed->get_href();
  if (href.size() >= ADA_FFI_MAX_LENGTH) return ADA_FFI_INVALID;
  write_components(*parsed, components);
  if (href == input) return ADA_FFI_UNCHANGED;
  uint32_t len = static_cast<uint32_t>(href.size());
  // memmove, not memcpy: out may alias the input buffer (href was built in ada's own string).
  if (len <= out_cap && len != 0) std::memmove(out, href.data(), len);
  return len;
}

// The last base parsed on this thread, keyed by its bytes. Links are resolved against one page's URL many times in
// a row (a crawler, a router), and the base's parse was a third of such a call (C, "../a/b?c=d" against one base:
// 192 -> 134 ns; a new base every call: 256 -> 259). Keyed by content, so every call still answers exactly as a
// fresh parse would; callers see no state. One entry per thread (freed when the thread ends), bases up to
// MEMO_LIMIT bytes: the memory it holds stays small and bounded.
constexpr size_t MEMO_LIMIT = 4096;  // bytes of a base or href a memo keeps at most
struct base_memo {
  bool filled = false;
  std::string bytes;
  std::optional<url> parsed;  // nullopt: the base is invalid
};
ADA_FFI_THREAD_LOCAL base_memo last_base;

// The parsed base, or nullptr when it is invalid. `own` holds a base too long to keep in the memo.
const url* parse_base(std::string_view base, std::optional<url>& own) {
  if (base.size() > MEMO_LIMIT) {
    auto parsed = ada::parse<url>(base);
    if (!parsed) return nullptr;
    own = std::move(*parsed);
    return &*own;
  }
  base_memo& memo = last_base;
  if (!memo.filled || memo.bytes != base) {
    auto parsed = ada::parse<url>(base);
    if (parsed) {
      memo.parsed = std::move(*parsed);
    } else {
      memo.parsed.reset();
    }
    memo.bytes.assign(base);
    memo.filled = true;
  }
  return memo.parsed ? &*memo.parsed : nullptr;
}

// The last URL this thread parsed whose href is its input (99.6% of real URLs), keyed by that href (its own buffer):
// the setter that often follows (`u.search = …` after `new URL(s)`) takes it instead of parsing the href again. It
// holds exactly what parsing its href gives, so a setter answers as with a fresh parse; the setter uses it up (the
// URL a setter leaves is kept by no memo, so no answer ever depends on what a memo holds).
ADA_FFI_THREAD_LOCAL std::optional<url> last_href;

// The parse of an href a setter starts from: the memo's when it is that href (used up), else a fresh one.
std::optional<url> parse_href(std::string_view href) {
  std::optional<url>& memo = last_href;
  if (memo && memo->get_href() == href) {
    std::optional<url> taken = std::move(memo);
    memo.reset();
    return taken;
  }
  auto parsed = ada::parse<url>(href);
  if (!parsed) return std::nullopt;
  return std::move(*parsed);
}

// Node's algorithm for url.domainToASCII: the host setter of a special URL, so the result is exactly
// what the URL parser would make of that host.
std::optional<std::string> domain_to_ascii(std::string_view domain) {
  if (domain.empty()) return std::string();
  auto u = ada::parse<url>("ws://x");
  if (!u || !u->set_hostname(domain)) return std::nullopt;
  return std::string(u->get_hostname());
}

uint32_t write_domain(uint8_t* block, const std::optional<std::string>& result) {
  if (!result || result->size() >= ADA_FFI_MAX_LENGTH) return ADA_FFI_INVALID;
  uint32_t cap;
  std::memcpy(&cap, block + 4 * ADA_FFI_BLOCK_TEXT_CAP, 4);
  uint32_t len = static_cast<uint32_t>(result->size());
  if (len <= cap && len != 0) std::memcpy(block + ADA_FFI_BLOCK_TEXT, result->data(), len);
  return len;
}

// UTF-16 units of `len` bytes of UTF-8: one per sequence (every byte but continuation bytes), two for a 4-byte
// sequence. ASCII, the usual URL, is checked 8 bytes at a time and has one unit per byte.
size_t utf16_units(const char* s, size_t len) {
  uint64_t high = 0;
  size_t i = 0;
  for (; i + 8 <= len; i += 8) {
    uint64_t word;
    std::memcpy(&word, s + i, 8);
    high |= word;
  }
  for (; i < len; i++) high |= static_cast<uint8_t>(s[i]);
  if ((high & 0x8080808080808080ull) == 0) return len;
  size_t units = 0;
  for (i = 0; i < len; i++) {
    const uint8_t b = static_cast<uint8_t>(s[i]);
    units += static_cast<size_t>((b & 0xC0) != 0x80) + static_cast<size_t>(b >= 0xF0);
  }
  return units;
}

std::string_view block_input(const uint8_t* block) {
  uint32_t len;
  std::memcpy(&len, block + 4 * ADA_FFI_BLOCK_INPUT_LEN, 4);
  return view(block + ADA_FFI_BLOCK_TEXT, len);
}

}  // namespace

// The operations ada_ffi_block dispatches to (ada_ffi_operations.h): internal, not exported.
namespace ada_ffi_internal {

uint32_t parse(const uint8_t* input, uint32_t input_len, uint8_t* out, uint32_t out_cap, uint32_t* components) {
  std::string_view in = view(input, input_len);
  auto parsed = ada::parse<url>(in);
  uint32_t result = report(parsed ? &*parsed : nullptr, in, out, out_cap, components);
  if (result == ADA_FFI_UNCHANGED && input_len <= MEMO_LIMIT) last_href = std::move(*parsed);
  return result;
}

uint32_t parse_with_base(const uint8_t* input, uint32_t input_len, const uint8_t* base, uint32_t base_len,
                         uint8_t* out, uint32_t out_cap, uint32_t* components) {
  std::optional<url> own_base;
  const url* base_url = parse_base(view(base, base_len), own_base);
  if (base_url == nullptr) return ADA_FFI_INVALID;
  std::string_view in = view(input, input_len);
  auto parsed = ada::parse<url>(in, base_url);
  return report(parsed ? &*parsed : nullptr, in, out, out_cap, components);
}

uint32_t can_parse(const uint8_t* input, uint32_t input_len) {
  return ada::can_parse(view(input, input_len)) ? 1u : 0u;
}

uint32_t can_parse_with_base(const uint8_t* input, uint32_t input_len, const uint8_t* base, uint32_t base_len) {
  std::string_view base_view = view(base, base_len);
  return ada::can_parse(view(input, input_len), &base_view) ? 1u : 0u;
}

uint32_t parse_block(uint8_t* block) {
  uint32_t header[ADA_FFI_BLOCK_TEXT / 4];
  std::memcpy(header, block, sizeof header);  // the block is caller memory: no aliasing assumptions
  uint8_t* text = block + ADA_FFI_BLOCK_TEXT;
  uint32_t input_len = header[ADA_FFI_BLOCK_INPUT_LEN];
  uint32_t base_len = header[ADA_FFI_BLOCK_BASE_LEN];
  uint32_t components[ADA_FFI_COMPONENT_COUNT];
  uint32_t result = base_len == ADA_FFI_NO_BASE
                        ? parse(text, input_len, text, header[ADA_FFI_BLOCK_TEXT_CAP], components)
                        : parse_with_base(text, input_len, text + input_len, base_len, text,
                                          header[ADA_FFI_BLOCK_TEXT_CAP], components);
  if (result != ADA_FFI_INVALID) {
    std::memcpy(block + 4 * ADA_FFI_BLOCK_COMPONENTS, components, sizeof components);
  }
  return result;
}

uint32_t can_parse_block(const uint8_t* block) {
  uint32_t header[ADA_FFI_BLOCK_TEXT / 4];
  std::memcpy(header, block, sizeof header);
  const uint8_t* text = block + ADA_FFI_BLOCK_TEXT;
  uint32_t input_len = header[ADA_FFI_BLOCK_INPUT_LEN];
  uint32_t base_len = header[ADA_FFI_BLOCK_BASE_LEN];
  return base_len == ADA_FFI_NO_BASE ? can_parse(text, input_len)
                                     : can_parse_with_base(text, input_len, text + input_len, base_len);
}

uint32_t set_block(uint8_t* block) {
  uint32_t header[ADA_FFI_BLOCK_TEXT / 4];
  std::memcpy(header, block, sizeof header);
  uint8_t* text = block + ADA_FFI_BLOCK_TEXT;
  // A setter always has a value: the parse blocks' "no base" is a caller's mistake here, not a 4 GiB value.
  if (header[ADA_FFI_BLOCK_BASE_LEN] == ADA_FFI_NO_BASE) return ADA_FFI_INVALID;
  std::string_view href = view(text, header[ADA_FFI_BLOCK_INPUT_LEN]);
  std::string_view value = view(text + href.size(), header[ADA_FFI_BLOCK_BASE_LEN]);
  std::optional<url> parsed = parse_href(href);
  if (!parsed) return ADA_FFI_INVALID;
  bool ok = true;
  switch (header[ADA_FFI_BLOCK_SETTER]) {
    case ADA_FFI_SET_HREF: ok = parsed->set_href(value); break;
    case ADA_FFI_SET_PROTOCOL: ok = parsed->set_protocol(value); break;
    case ADA_FFI_SET_USERNAME: ok = parsed->set_username(value); break;
    case ADA_FFI_SET_PASSWORD: ok = parsed->set_password(value); break;
    case ADA_FFI_SET_HOST: ok = parsed->set_host(value); break;
    case ADA_FFI_SET_HOSTNAME: ok = parsed->set_hostname(value); break;
    case ADA_FFI_SET_PORT: ok = parsed->set_port(value); break;
    case ADA_FFI_SET_PATHNAME: ok = parsed->set_pathname(value); break;
    case ADA_FFI_SET_SEARCH: parsed->set_search(value); break;
    case ADA_FFI_SET_HASH: parsed->set_hash(value); break;
    default: return ADA_FFI_INVALID;
  }
  if (!ok) return ADA_FFI_INVALID;
  // report() compares with the old href: UNCHANGED then means "the setter changed nothing".
  uint32_t components[ADA_FFI_COMPONENT_COUNT];
  uint32_t result = report(&*parsed, href, text, header[ADA_FFI_BLOCK_TEXT_CAP], components);
  if (result != ADA_FFI_INVALID) std::memcpy(block + 4 * ADA_FFI_BLOCK_COMPONENTS, components, sizeof components);
  return result;
}

uint32_t domain_to_ascii_block(uint8_t* block) {
  return write_domain(block, domain_to_ascii(block_input(block)));
}

uint32_t domain_to_unicode_block(uint8_t* block) {
  auto ascii = domain_to_ascii(block_input(block));
  if (!ascii) return ADA_FFI_INVALID;
  return write_domain(block, ada::idna::to_unicode(*ascii));
}

}  // namespace ada_ffi_internal

// The six exports of ada_ffi.h.
extern "C" {

uint32_t ada_ffi_abi_version(void) { return ADA_FFI_ABI_VERSION; }

uint32_t ada_ffi_ada_version(uint8_t* out, uint32_t out_cap) {
  static constexpr std::string_view version = ADA_VERSION;
  uint32_t len = static_cast<uint32_t>(version.size());
  if (len <= out_cap) std::memcpy(out, version.data(), len);
  return len;
}

uint32_t ada_ffi_block(uint8_t* block) {
  uint32_t operation;
  std::memcpy(&operation, block + ADA_FFI_BLOCK_OPERATION * 4, sizeof operation);  // 4-byte aligned, but no aliasing games
  switch (operation) {
    case ADA_FFI_OP_PARSE:
      return ada_ffi_internal::parse_block(block);
    case ADA_FFI_OP_CAN_PARSE:
      return ada_ffi_internal::can_parse_block(block);
    case ADA_FFI_OP_SET:
      return ada_ffi_internal::set_block(block);
    case ADA_FFI_OP_DOMAIN_TO_ASCII:
      return ada_ffi_internal::domain_to_ascii_block(block);
    case ADA_FFI_OP_DOMAIN_TO_UNICODE:
      return ada_ffi_internal::domain_to_unicode_block(block);
    case ADA_FFI_OP_URL_PATTERN_COMPILE:
      return ada_ffi_internal::url_pattern_compile_block(block);
    case ADA_FFI_OP_URL_PATTERN_PROCESS:
      return ada_ffi_internal::url_pattern_process_block(block);
    default:
      return ADA_FFI_INVALID;
  }
}

uint32_t ada_ffi_block_at(double address) {
  return ada_ffi_block(reinterpret_cast<uint8_t*>(static_cast<uintptr_t>(address)));  // exact below 2^53 (header)
}

uint32_t ada_ffi_block_string_at(double address, const char* input) {
  uint8_t* block = reinterpret_cast<uint8_t*>(static_cast<uintptr_t>(address));
  uint32_t header[ADA_FFI_BLOCK_TEXT_CAP + 1];
  std::memcpy(header, block, sizeof header);
  if (header[ADA_FFI_BLOCK_BASE_LEN] != ADA_FFI_NO_BASE) return ADA_FFI_RETRY;
  const uint32_t cap = header[ADA_FFI_BLOCK_TEXT_CAP];
  const size_t len = strnlen(input, static_cast<size_t>(cap) + 1);
  if (len > cap) return ADA_FFI_RETRY;
  if (utf16_units(input, len) != header[ADA_FFI_BLOCK_INPUT_LEN]) return ADA_FFI_RETRY;
  std::memcpy(block + ADA_FFI_BLOCK_TEXT, input, len);
  const uint32_t input_len = static_cast<uint32_t>(len);
  std::memcpy(block + ADA_FFI_BLOCK_INPUT_LEN * 4, &input_len, sizeof input_len);
  return ada_ffi_block(block);
}

uint32_t ada_ffi_parse_many(const uint8_t* inputs, const uint32_t* lengths, uint32_t count, const uint8_t* base,
                            uint32_t base_len, uint8_t* out, uint32_t out_cap, uint32_t* results) {
  std::optional<url> own_base;
  const url* base_url = nullptr;
  if (base_len != ADA_FFI_NO_BASE) {
    base_url = parse_base(view(base, base_len), own_base);
    if (base_url == nullptr) {
      for (uint32_t i = 0; i < count; i++) results[i * ADA_FFI_RESULT_STRIDE] = ADA_FFI_INVALID;
      return count;
    }
  }
  size_t in_at = 0;
  uint32_t out_at = 0;
  for (uint32_t i = 0; i < count; i++) {
    std::string_view in = view(inputs + in_at, lengths[i]);
    uint32_t* r = results + static_cast<size_t>(i) * ADA_FFI_RESULT_STRIDE;
    auto parsed = base_url ? ada::parse<url>(in, base_url) : ada::parse<url>(in);
    std::string_view href = parsed ? parsed->get_href() : std::string_view();
    if (!parsed || href.size() >= ADA_FFI_MAX_LENGTH) {
      r[0] = ADA_FFI_INVALID;
    } else if (href == in) {
      r[0] = ADA_FFI_UNCHANGED;
      write_components(*parsed, r + 1);
    } else {
      if (href.size() > out_cap - out_at) return i;  // out is full: the caller resumes at input i
      std::memcpy(out + out_at, href.data(), href.size());
      out_at += static_cast<uint32_t>(href.size());
      r[0] = static_cast<uint32_t>(href.size());
      write_components(*parsed, r + 1);
    }
    in_at += lengths[i];
  }
  return count;
}

}  // extern "C"
