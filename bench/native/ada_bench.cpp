// ada_bench — the native floor for `npm run bench`: the same workloads as the JavaScript benchmark,
// with ada's C++ API directly (no FFI). Prints one JSON object: { "workload": median ns per URL, ... }.
//
// Usage: ada_bench <urls-file> [rounds]
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <fstream>
#include <string>
#include <vector>

#include "ada.h"

namespace {

volatile size_t sink;  // keeps results alive so the optimizer cannot drop the work

template <typename F>
double median_ns_per_url(const std::vector<std::string>& urls, int rounds, F&& body) {
  std::vector<double> samples;
  for (int r = 0; r < rounds; r++) {
    auto start = std::chrono::steady_clock::now();
    size_t acc = 0;
    for (const std::string& s : urls) acc += body(s);
    auto end = std::chrono::steady_clock::now();
    sink = acc;
    samples.push_back(std::chrono::duration<double, std::nano>(end - start).count() / urls.size());
  }
  std::sort(samples.begin(), samples.end());
  return samples[samples.size() / 2];
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 2) {
    std::fprintf(stderr, "usage: ada_bench <urls-file> [rounds]\n");
    return 2;
  }
  int rounds = argc > 2 ? std::atoi(argv[2]) : 15;
  std::ifstream in(argv[1]);
  std::vector<std::string> urls;
  for (std::string line; std::getline(in, line);) {
    if (!line.empty() && line.back() == '\r') line.pop_back();
    if (!line.empty()) urls.push_back(line);
  }
  if (urls.empty()) {
    std::fprintf(stderr, "ada_bench: no URLs in %s\n", argv[1]);
    return 1;
  }
  auto base = *ada::parse<ada::url_aggregator>("https://example.com/dir/page?q#h");

  struct Result { const char* name; double ns; };
  std::vector<Result> results;
  results.push_back({"href", median_ns_per_url(urls, rounds, [](const std::string& s) -> size_t {
    auto u = ada::parse<ada::url_aggregator>(s);
    return u ? u->get_href().size() : 0;
  })});
  results.push_back({"getters4", median_ns_per_url(urls, rounds, [](const std::string& s) -> size_t {
    auto u = ada::parse<ada::url_aggregator>(s);
    if (!u) return 0;
    return u->get_hostname().size() + u->get_pathname().size() + u->get_search().size() + u->get_protocol().size();
  })});
  results.push_back({"getters11", median_ns_per_url(urls, rounds, [](const std::string& s) -> size_t {
    auto u = ada::parse<ada::url_aggregator>(s);
    if (!u) return 0;
    return u->get_href().size() + u->get_origin().size() + u->get_protocol().size() + u->get_username().size() +
           u->get_password().size() + u->get_host().size() + u->get_hostname().size() + u->get_port().size() +
           u->get_pathname().size() + u->get_search().size() + u->get_hash().size();
  })});
  results.push_back({"canParse", median_ns_per_url(urls, rounds, [](const std::string& s) -> size_t {
    return ada::can_parse(s) ? 1 : 0;
  })});
  results.push_back({"setSearch", median_ns_per_url(urls, rounds, [](const std::string& s) -> size_t {
    auto u = ada::parse<ada::url_aggregator>(s);
    if (!u) return 0;
    u->set_search("?q=1");
    return u->get_href().size();
  })});
  // Relative references: each URL's path and query, resolved against a fixed base (prepared untimed,
  // as the JavaScript side does).
  std::vector<std::string> relatives;
  for (const std::string& s : urls) {
    auto u = ada::parse<ada::url_aggregator>(s);
    if (u) relatives.push_back(std::string(u->get_pathname()) + std::string(u->get_search()));
  }
  results.push_back({"relative", median_ns_per_url(relatives, rounds, [&base](const std::string& s) -> size_t {
    auto r = ada::parse<ada::url_aggregator>(s, &base);
    return r ? r->get_href().size() : 0;
  })});

  std::printf("{\"urls\":%zu,\"rounds\":%d", urls.size(), rounds);
  for (const Result& r : results) std::printf(",\"%s\":%.1f", r.name, r.ns);
  std::printf("}\n");
  return 0;
}
