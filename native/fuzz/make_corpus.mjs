#!/usr/bin/env node
// Writes the fuzz_abi seed corpus from the WPT data in test/data: one file per case, in the harness's
// layout (op, capacity class, setter, then input 0xFF second-string). Usage: make_corpus.mjs <dir>
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";

const dir = process.argv[2];
if (!dir) throw new Error("usage: make_corpus.mjs <dir>");
mkdirSync(dir, { recursive: true });
const root = new URL("../..", import.meta.url);
const read = (name) => JSON.parse(readFileSync(new URL(`test/data/${name}`, root), "utf8"));
const encoder = new TextEncoder();
const SETTERS = ["href", "protocol", "username", "password", "host", "hostname", "port", "pathname", "search", "hash"];

let n = 0;
/** `second` may be a list: its strings are joined with the byte 0xFE (undefined ones become the byte 0xFD). */
function seed(op, capClass, setter, first, second) {
  const bytesOf = (s) => s === undefined ? Uint8Array.of(0xfd) : encoder.encode(s);
  const parts = [Uint8Array.of(op, capClass, setter), bytesOf(first)];
  if (typeof second === "string") parts.push(Uint8Array.of(0xff), encoder.encode(second));
  if (Array.isArray(second)) {
    parts.push(Uint8Array.of(0xff));
    second.forEach((s, i) => parts.push(...(i === 0 ? [] : [Uint8Array.of(0xfe)]), bytesOf(s)));
  }
  const bytes = new Uint8Array(parts.reduce((k, p) => k + p.length, 0));
  let at = 0;
  for (const p of parts) {
    bytes.set(p, at);
    at += p.length;
  }
  writeFileSync(join(dir, `seed-${n++}`), bytes);
}

for (const c of read("urltestdata.json")) {
  if (typeof c === "string") continue;
  if (c.base === null) seed(0, n % 4, 0, c.input);
  else seed(1, n % 4, 0, c.input, c.base);
}
const setters = read("setters_tests.json");
for (const [name, cases] of Object.entries(setters)) {
  if (name === "comment") continue;
  for (const c of cases) seed(2, 3, SETTERS.indexOf(name), c.href, c.new_value);
}
for (const c of read("toascii.json")) if (typeof c !== "string") seed(4, 3, 0, c.input);
seed(3, 2, 0, "https://a.com/x", "HTTP://B/\u00fe\u00ferelative"); // parse_many shape
// URLPattern: string patterns (mode 1: with the base), dictionaries (mode 4: members split at 0xFE), and
// the same members processed as test()/exec() inputs.
const FIELDS = ["protocol", "username", "password", "hostname", "port", "pathname", "search", "hash", "baseURL"];
for (const c of read("urlpatterntestdata.json")) {
  const [input, base, options] = c.pattern;
  const ignoreCase = (typeof base === "object" ? base : options)?.ignoreCase ? 2 : 0;
  if (typeof input === "string") {
    if (typeof base === "string") seed(5, 3, 1 | ignoreCase, input, base);
    else seed(5, 3, ignoreCase, input);
  } else if (input && typeof input === "object") {
    const values = FIELDS.map((f) => input[f]);
    seed(5, 3, 4 | ignoreCase, values[0], values.slice(1));
  }
  for (const given of c.inputs ?? []) {
    if (given && typeof given === "object") {
      const values = FIELDS.map((f) => given[f]);
      seed(6, 3, 0, values[0], values.slice(1));
    }
  }
}
console.log(`wrote ${n} seeds to ${dir}`);
