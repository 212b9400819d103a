// ada_ffi_url_pattern.cpp — the URLPattern operations of ada_ffi_url_pattern.h, over ada::parse_url_pattern.
// ada runs with a regex provider that runs nothing: it records each regular expression's source for the
// caller's engine, and answers ada's one construction-time question (does the protocol pattern match a
// special scheme?) from the caller's answers.
#include "ada_ffi_operations.h"

#include <array>
#include <cstring>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "ada.h"

namespace {

constexpr std::array<std::string_view, 6> special_schemes = {"http", "https", "ws", "wss", "ftp", "file"};

struct recorded_regex {
  std::string source;
  bool ignore_case = false;
};

struct answer {
  std::string_view source;
  bool ignore_case;
  uint8_t matches;  // bit i: special_schemes[i] matches
};

// One compile call's answers and the questions it could not answer. Set only for the duration of a call
// on the calling thread (ada's provider interface is static functions).
struct question_context {
  std::vector<answer> answers;
  std::vector<recorded_regex> questions;
};
ADA_FFI_THREAD_LOCAL question_context* current_context = nullptr;

class recording_regex_provider {
 public:
  using regex_type = recorded_regex;

  static std::optional<regex_type> create_instance(std::string_view source, bool ignore_case) {
    return regex_type{std::string(source), ignore_case};
  }

  // Matching happens in the caller's engine; ada reaches this only from its exec/test/match, which this
  // library never calls.
  static std::optional<std::vector<std::optional<std::string>>> regex_search(std::string_view,
                                                                             const regex_type&) {
    return std::nullopt;
  }

  // Called by ada only to ask whether a protocol pattern matches one of the special schemes.
  static bool regex_match(std::string_view input, const regex_type& regex) {
    question_context* context = current_context;
    size_t scheme = 0;
    while (scheme < special_schemes.size() && special_schemes[scheme] != input) scheme++;
    if (context == nullptr || scheme == special_schemes.size()) return false;  // not reached (see above)
    for (const answer& a : context->answers) {
      if (a.ignore_case == regex.ignore_case && a.source == regex.source) return (a.matches >> scheme) & 1u;
    }
    for (const recorded_regex& q : context->questions) {
      if (q.ignore_case == regex.ignore_case && q.source == regex.source) return false;
    }
    context->questions.push_back(regex);
    return false;  // provisional: the call reports questions, and its pattern is discarded
  }
};

using pattern = ada::url_pattern<recording_regex_provider>;

uint32_t word(const uint8_t* block, uint32_t index) {
  uint32_t value;
  std::memcpy(&value, block + 4 * index, 4);
  return value;
}

void set_word(uint8_t* block, uint32_t index, uint32_t value) { std::memcpy(block + 4 * index, &value, 4); }

// Well-formed UTF-8 (no overlong forms, surrogates or code points past U+10FFFF): ada's URLPattern code
// requires it, so other input is refused before ada sees it.
bool valid_utf8(std::string_view s) {
  const auto* p = reinterpret_cast<const unsigned char*>(s.data());
  size_t n = s.size();
  for (size_t i = 0; i < n;) {
    unsigned char c = p[i];
    if (c < 0x80) {
      i++;
      continue;
    }
    size_t len;
    unsigned char lo = 0x80, hi = 0xBF;  // the allowed range of the second byte
    if (c >= 0xC2 && c <= 0xDF) {
      len = 2;
    } else if (c >= 0xE0 && c <= 0xEF) {
      len = 3;
      if (c == 0xE0) lo = 0xA0;
      if (c == 0xED) hi = 0x9F;
    } else if (c >= 0xF0 && c <= 0xF4) {
      len = 4;
      if (c == 0xF0) lo = 0x90;
      if (c == 0xF4) hi = 0x8F;
    } else {
      return false;
    }
    if (n - i < len || p[i + 1] < lo || p[i + 1] > hi) return false;
    for (size_t k = 2; k < len; k++) {
      if ((p[i + k] & 0xC0) != 0x80) return false;
    }
    i += len;
  }
  return true;
}

// UTF-16 code units of valid UTF-8: one per leading byte, two for a four-byte sequence.
uint32_t utf16_length(std::string_view s) {
  uint32_t units = 0;
  for (unsigned char c : s) {
    if ((c & 0xC0) != 0x80) units++;
    if (c >= 0xF0) units++;
  }
  return units;
}

// The output format of the header: a uint32 table, then the strings it measures.
class output_writer {
 public:
  void number(uint32_t value) { table_.push_back(value); }
  void string(std::string_view s) {
    table_.push_back(utf16_length(s));
    bytes_.append(s);
  }
  void raw_string(std::string_view s) { bytes_.append(s); }  // measured by the caller's own table words

  // Writes the table's head (its size, the strings' bytes and UTF-16 units), the table and the strings to
  // the block's text area, when they fit.
  uint32_t finish(uint8_t* block) {
    size_t table_words = table_.size() + 3;
    size_t size = 4 * table_words + bytes_.size();
    if (size >= ADA_FFI_MAX_LENGTH) return ADA_FFI_INVALID;
    if (size <= word(block, ADA_FFI_BLOCK_TEXT_CAP)) {
      uint8_t* text = block + ADA_FFI_BLOCK_TEXT;
      set_word(text, 0, static_cast<uint32_t>(table_words));
      set_word(text, 1, static_cast<uint32_t>(bytes_.size()));
      set_word(text, 2, utf16_length(bytes_));
      if (!table_.empty()) std::memcpy(text + 12, table_.data(), 4 * table_.size());
      if (!bytes_.empty()) std::memcpy(text + 4 * table_words, bytes_.data(), bytes_.size());
    }
    return static_cast<uint32_t>(size);
  }

 private:
  std::vector<uint32_t> table_;
  std::string bytes_;
};

// The dictionary form's members (they must be copied: ada takes ownership of a url_pattern_init).
// Returns the byte offset just past them, or nothing when a member is not valid UTF-8.
std::optional<size_t> read_init(const uint8_t* block, ada::url_pattern_init& init) {
  std::optional<std::string>* members[] = {&init.protocol, &init.username, &init.password,
                                           &init.hostname, &init.port,     &init.pathname,
                                           &init.search,   &init.hash,     &init.base_url};
  const char* text = reinterpret_cast<const char*>(block + ADA_FFI_BLOCK_TEXT);
  size_t at = 0;
  for (uint32_t field = 0; field <= ADA_FFI_FIELD_BASE_URL; field++) {
    uint32_t len = word(block, ADA_FFI_PATTERN_FIELDS + field);
    if (len == ADA_FFI_ABSENT) continue;
    if (!valid_utf8(std::string_view(text + at, len))) return std::nullopt;
    members[field]->emplace(text + at, len);
    at += len;
  }
  return at;
}

// The most capture groups a JavaScript engine compiles in one regular expression (V8 32767, JavaScriptCore
// 32768). A component with more groups can never be matched anywhere, so it is refused before ada parses it:
// ada's parser compares each new group's name with every earlier one, which is quadratic (a 1 MB pattern of
// "/*" took minutes).
constexpr size_t max_groups_per_component = 32768;

// The groups a component's pattern string makes, by the standard's "parse a pattern string": each name, regexp
// and asterisk token, a name and the regexp right after it counting once. A string that does not tokenize
// counts 0 (ada refuses it itself).
size_t group_count(const std::optional<std::string>& pattern) {
  using ada::url_pattern_helpers::token_type;
  // A group takes at least one byte: only a longer string can hold too many (tokenizing costs ~8% of a compile).
  if (!pattern || pattern->size() <= max_groups_per_component) return 0;
  auto tokens = ada::url_pattern_helpers::tokenize(*pattern, ada::url_pattern_helpers::token_policy::strict);
  if (!tokens) return 0;
  size_t groups = 0;
  bool after_name = false;
  for (const auto& token : *tokens) {
    if (token.type == token_type::NAME || token.type == token_type::ASTERISK ||
        (token.type == token_type::REGEXP && !after_name)) {
      groups++;
    }
    after_name = token.type == token_type::NAME;
  }
  return groups;
}

bool too_many_groups(const ada::url_pattern_init& init) {
  for (const auto* member : {&init.protocol, &init.username, &init.password, &init.hostname, &init.port,
                             &init.pathname, &init.search, &init.hash}) {
    if (group_count(*member) > max_groups_per_component) return true;
  }
  return false;
}

uint32_t component_type(ada::url_pattern_component_type type) {
  switch (type) {
    case ada::url_pattern_component_type::EMPTY: return ADA_FFI_COMPONENT_EMPTY;
    case ada::url_pattern_component_type::EXACT_MATCH: return ADA_FFI_COMPONENT_EXACT_MATCH;
    case ada::url_pattern_component_type::FULL_WILDCARD: return ADA_FFI_COMPONENT_FULL_WILDCARD;
    case ada::url_pattern_component_type::REGEXP: return ADA_FFI_COMPONENT_REGEXP;
  }
  return ADA_FFI_COMPONENT_REGEXP;
}

void write_component(output_writer& out, const ada::url_pattern_component<recording_regex_provider>& c) {
  uint32_t type = component_type(c.type);
  out.number(type);
  out.number((c.has_regexp_groups ? 1u : 0u) | (c.regexp.ignore_case ? 2u : 0u));
  out.number(static_cast<uint32_t>(c.group_name_list.size()));
  out.string(c.pattern);
  out.string(type == ADA_FFI_COMPONENT_REGEXP ? std::string_view(c.regexp.source) : std::string_view());
  out.string(type == ADA_FFI_COMPONENT_EXACT_MATCH ? std::string_view(c.exact_match_value) : std::string_view());
  for (const std::string& name : c.group_name_list) out.string(name);
}

// Reads the answer records after the input bytes (views into the block, valid for this call).
bool read_answers(const uint8_t* block, size_t input_end, std::vector<answer>& answers) {
  uint32_t count = word(block, ADA_FFI_PATTERN_ANSWERS);
  uint32_t cap = word(block, ADA_FFI_BLOCK_TEXT_CAP);
  const uint8_t* text = block + ADA_FFI_BLOCK_TEXT;
  size_t at = input_end;
  for (uint32_t i = 0; i < count; i++) {
    if (cap < 5 || at > cap - 5) return false;
    const uint8_t* record = text + at;
    uint32_t len = record[0] | (record[1] << 8) | (record[2] << 16) | (static_cast<uint32_t>(record[3]) << 24);
    uint8_t bits = text[at + 4];
    at += 5;
    if (len > cap - at) return false;
    answers.push_back({std::string_view(reinterpret_cast<const char*>(text + at), len), (bits & 0x80) != 0,
                       static_cast<uint8_t>(bits & 0x3F)});
    at += len;
  }
  return true;
}

}  // namespace

namespace ada_ffi_internal {

uint32_t url_pattern_compile_block(uint8_t* block) {
  uint32_t flags = word(block, ADA_FFI_PATTERN_FLAGS);
  ada::url_pattern_options options{.ignore_case = (flags & ADA_FFI_PATTERN_IGNORE_CASE) != 0};
  const char* text = reinterpret_cast<const char*>(block + ADA_FFI_BLOCK_TEXT);

  ada::url_pattern_init init;
  std::string_view input;  // the string form's
  std::optional<std::string_view> base;
  size_t input_end;
  bool string_form = (flags & ADA_FFI_PATTERN_INIT) == 0;
  if (!string_form) {
    auto end = read_init(block, init);
    if (!end) return ADA_FFI_INVALID;
    input_end = *end;
  } else {
    uint32_t input_len = word(block, ADA_FFI_BLOCK_INPUT_LEN);
    uint32_t base_len = word(block, ADA_FFI_BLOCK_BASE_LEN);
    input = std::string_view(text, input_len);
    if (!valid_utf8(input)) return ADA_FFI_INVALID;
    input_end = input_len;
    if (base_len != ADA_FFI_NO_BASE) {
      base = std::string_view(text + input_len, base_len);
      if (!valid_utf8(*base)) return ADA_FFI_INVALID;
      input_end += base_len;
    }
  }

  question_context context;
  if (!read_answers(block, input_end, context.answers)) return ADA_FFI_INVALID;
  current_context = &context;
  // The string form's steps of ada::parser::parse_url_pattern_impl, done here so that the group counts of
  // its components can be checked before ada parses them: parse the constructor string into a URLPatternInit,
  // require a protocol or a base, and take the base as its baseURL.
  bool valid = true;
  if (string_form) {
    auto parsed = ada::url_pattern_helpers::constructor_string_parser<recording_regex_provider>::parse(input);
    if (parsed && (parsed->protocol || base)) {
      init = std::move(*parsed);
      if (base) init.base_url = std::string(*base);
    } else {
      valid = false;
    }
  }
  tl::expected<pattern, ada::errors> compiled = tl::unexpected(ada::errors::type_error);
  if (valid && !too_many_groups(init)) {
    compiled = ada::parse_url_pattern<recording_regex_provider>(std::move(init), nullptr, &options);
  }
  current_context = nullptr;

  output_writer out;
  if (!context.questions.empty()) {
    // Asked before any TypeError could be decided for sure: the answers may change the outcome.
    set_word(block, ADA_FFI_PATTERN_OUTPUT, ADA_FFI_OUTPUT_QUESTIONS);
    out.number(static_cast<uint32_t>(context.questions.size()));
    for (const recorded_regex& q : context.questions) {
      out.number(q.ignore_case ? 1 : 0);
      out.number(static_cast<uint32_t>(q.source.size()));
      out.number(utf16_length(q.source));
    }
    for (const recorded_regex& q : context.questions) out.raw_string(q.source);
    return out.finish(block);
  }
  if (!compiled) return ADA_FFI_INVALID;
  set_word(block, ADA_FFI_PATTERN_OUTPUT, ADA_FFI_OUTPUT_PATTERN);
  for (const auto* component :
       {&compiled->protocol_component, &compiled->username_component, &compiled->password_component,
        &compiled->hostname_component, &compiled->port_component, &compiled->pathname_component,
        &compiled->search_component, &compiled->hash_component}) {
    write_component(out, *component);
  }
  return out.finish(block);
}

uint32_t url_pattern_process_block(uint8_t* block) {
  if ((word(block, ADA_FFI_PATTERN_FLAGS) & ADA_FFI_PATTERN_INIT) == 0) return ADA_FFI_INVALID;
  ada::url_pattern_init init;
  if (!read_init(block, init)) return ADA_FFI_INVALID;
  // test() and exec(): "process a URLPatternInit" for "url" with every default the empty string.
  std::string_view empty;
  auto processed = ada::url_pattern_init::process(init, ada::url_pattern_init::process_type::url, empty, empty,
                                                  empty, empty, empty, empty, empty, empty);
  if (!processed) return ADA_FFI_INVALID;
  // Every member is present after processing with those defaults; views into `processed`, which outlives them.
  auto value = [](const std::optional<std::string>& member) {
    return member ? std::string_view(*member) : std::string_view();
  };
  std::string_view search = value(processed->search);
  if (search.starts_with('?')) search.remove_prefix(1);
  output_writer out;
  for (std::string_view v : {value(processed->protocol), value(processed->username), value(processed->password),
                             value(processed->hostname), value(processed->port), value(processed->pathname), search,
                             value(processed->hash)}) {
    out.string(v);
  }
  return out.finish(block);
}

}  // namespace ada_ffi_internal
