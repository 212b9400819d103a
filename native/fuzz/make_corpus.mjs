#!/usr/bin/env node
// Writes the fuzz_abi seed corpus from the WPT data in test/data: one file per case, in the harness's
// layout (op, capacity class, setter, then input 0xFF second-string). Usage: make_corpus.mjs <dir>
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";

const dir = process.argv[2];
if (!dir) throw new Error("usage: make_corpus.mjs <dir>");
mkdirSync(dir, { recursive: true });
const root = new URL("../../", import.meta.url);
const read = (name) => JSON.parse(readFileSync(new URL(`test/data/${name}`, root), "utf8"));
const encoder = new TextEncoder();
const SETTERS = ["href", "protocol", "username", "password", "host", "hostname", "port", "pathname", "search", "hash"];

let n = 0;
function seed(op, capClass, setter, first, second) {
  const parts = [Uint8Array.of(op, capClass, setter), encoder.encode(first)];
  if (second !== undefined) parts.push(Uint8Array.of(0xff), encoder.encode(second));
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
console.log(`wrote ${n} seeds to ${dir}`);
