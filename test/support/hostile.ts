/**
 * A seeded generator of hostile URL inputs: controls, tabs and newlines, backslashes, percent
 * sequences, IPv4/IPv6 forms, IDNA, lone surrogates, odd ports and credentials, relative references.
 * The same seed gives the same cases on every runtime.
 */
import { type Case, SETTERS } from "./reference.ts";

/** mulberry32: small, fast, and identical on every engine. */
export function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const SCHEMES = [
  "http:",
  "https:",
  "HTTP:",
  "ws:",
  "wss:",
  "ftp:",
  "file:",
  "blob:",
  "blob:https:",
  "blob:ftp:",
  "mailto:",
  "javascript:",
  "data:",
  "web+x:",
  "sc:",
  "a1+-.:",
  "h\ttp:",
  "",
  "1http:",
  "non-spec:",
];
const SLASHES = ["//", "/", "", "\\\\", "/\\", "///", "\\", "//\n/"];
const CREDENTIALS = [
  "",
  "",
  "",
  "user@",
  "user:pass@",
  ":pass@",
  ":@",
  "@",
  "a@b@",
  "us%40er:p%3Ass@",
  "ü:ü@",
  "a b:c@",
];
const HOSTS = [
  "example.com",
  "EXAMPLE.COM",
  "127.0.0.1",
  "0x7f.1",
  "0177.0.0.1",
  "1.2.3",
  "4294967295",
  "4294967296",
  "999.1.1.1",
  "1.2.3.4.",
  "[::1]",
  "[1:2::3]",
  "[::ffff:1.2.3.4]",
  "[0:0::0:0:8]",
  "[::1",
  "[g::1]",
  "bücher.de",
  "xn--bcher-kva.de",
  "xn--a.com",
  "ＥＸＡＭＰＬＥ．ｃｏｍ",
  "%41.com",
  "a%2eb",
  "a..b",
  "",
  " ",
  "a\u0000b",
  "a<b",
  "ex\u00ADample.com",
  "faß.de",
  "\u0661.com",
  "example.com.",
  "localhost",
  "0",
  "0x",
  "09",
  "\uD800.com",
  "a.b.c.d.e",
  "x".repeat(70) + ".com",
  "täst.☃.com",
  "%E2%98%83",
  "[::127.0.0.1]",
];
const PORTS = [
  "",
  "",
  ":",
  ":0",
  ":80",
  ":443",
  ":21",
  ":8080",
  ":65535",
  ":65536",
  ":080",
  ":-1",
  ":1a",
  ":99999999999",
];
const SEGMENTS = [
  "a",
  "..",
  ".",
  "%2e",
  "%2E%2e",
  "a b",
  "%zz",
  "%",
  "%4",
  "%41",
  "ü",
  "€",
  "\uD800",
  "\uDC00x",
  "\t",
  "\n",
  "\\",
  "|",
  "C:",
  "c|",
  ";x=1",
  "~",
  "'\"<>`",
  "{}",
  "\u0001",
  "\u007f",
  "😀",
  "\uFFFF",
  "a%00b",
  "",
];
const QUERIES = ["", "", "?", "?a=1&b=2", "?a b", "?%zz", "?'", "?ü", "?\uD800", "??", "?a=1#", "?\t\n"];
const HASHES = ["", "", "#", "#frag", "#a b", "#%zz", "#ü", "#\uDBFF", "##", "#`", "#\u0000"];
const RELATIVE = ["", "?x", "#y", "../a", "./b/../c", "//other.host/p", "\\\\x\\y", "/abs", "a:b", "..", "\t/p", "?#"];
const BASES = [
  "http://example.com/dir/page?q#h",
  "https://user:pw@host:8443/a/b/c",
  "file:///C:/dir/file",
  "file://host/share/x",
  "mailto:someone",
  "web+x://h/p",
  "sc:opaque",
  "blob:https://a.com/x",
  "about:blank",
  "not a base",
  "",
];
const WRAPPERS = ["", "", "", " ", "\t", "\u0000", "\n", "\u001f"];

function pick<T>(rnd: () => number, list: readonly T[]): T {
  return list[Math.floor(rnd() * list.length)];
}

function path(rnd: () => number): string {
  let p = "";
  const n = Math.floor(rnd() * 5);
  for (let i = 0; i < n; i++) p += "/" + pick(rnd, SEGMENTS);
  return p;
}

const SETTER_VALUES = [
  "",
  "?",
  "#",
  "x",
  "a b",
  "%zz",
  "\uD800",
  "ü",
  "€",
  "😀",
  "\t\n",
  "\u0000",
  "/",
  "\\",
  "..",
  "a:b",
  "@",
  ":",
  "8080",
  "65536",
  "0",
  "-1",
  "1a",
  "https",
  "file",
  "web+x",
  "HTTP:",
  "[::1]",
  "1.2.3.4",
  "0x7f.1",
  "xn--a",
  "bücher.de",
  "a@b",
  "u:p",
  "?a=1&b=2",
  "#frag",
  "/p/../q",
  "C:",
  "%2e%2E",
  " ",
  "x".repeat(300),
];
/**
 * `count` setter cases from `seed`: a hostile URL (absolute, so mostly valid) and a setter with a
 * hostile value (sometimes a whole hostile URL, for href).
 */
export function hostileSetterCases(seed: number, count: number): Case[] {
  const rnd = random(seed ^ 0x5e77e2);
  const urls = hostileCases(seed, count * 2).filter((c) => c.base === undefined);
  const cases: Case[] = [];
  for (let i = 0; i < count; i++) {
    const setter = pick(rnd, SETTERS);
    let value = rnd() < 0.3
      ? pick(rnd, urls).input
      : pick(rnd, SETTER_VALUES) + (rnd() < 0.3 ? pick(rnd, SETTER_VALUES) : "");
    if (rnd() < 0.1) value = pick(rnd, WRAPPERS) + value + pick(rnd, WRAPPERS);
    cases.push({ input: urls[i % urls.length].input, set: { setter, value } });
  }
  return cases;
}

/** `count` cases from `seed`; about a quarter are relative references against a base. */
export function hostileCases(seed: number, count: number): Case[] {
  const rnd = random(seed);
  const cases: Case[] = [];
  for (let i = 0; i < count; i++) {
    const wrap = pick(rnd, WRAPPERS);
    if (rnd() < 0.25) {
      const input = wrap + pick(rnd, RELATIVE) + path(rnd) + pick(rnd, QUERIES) + pick(rnd, HASHES) + wrap;
      cases.push({ input, base: pick(rnd, BASES) });
      continue;
    }
    let input = pick(rnd, SCHEMES) + pick(rnd, SLASHES) + pick(rnd, CREDENTIALS) + pick(rnd, HOSTS) +
      pick(rnd, PORTS) + path(rnd) + pick(rnd, QUERIES) + pick(rnd, HASHES);
    if (rnd() < 0.1) {
      // Splice a random code unit anywhere, lone surrogates and controls included.
      const at = Math.floor(rnd() * (input.length + 1));
      input = input.slice(0, at) + String.fromCharCode(Math.floor(rnd() * 0x10000)) + input.slice(at);
    }
    cases.push({ input: wrap + input + wrap });
  }
  return cases;
}
