/**
 * The canonical-input fast path of URLPattern and URLPatternList (ffi/urlpattern/canonical_input.ts) accepts only
 * inputs that ada's parser returns unchanged, with every component equal: checked on every input of WPT's
 * urltestdata, kasztp.txt and node_files.txt (the real URL lists of the benchmark), a hostile corpus, and inputs
 * mutated one character at a time from canonical ones (more of them with ADA_FFI_TEST_FULL=1, which `npm test --
 * --full` sets). The reference is ada's parse through parseMany (a native call every time: `new URL` itself takes the
 * scan's way on a backend that asks for it, NativeBinding.parseCanonicalInJs); a path in a URLPatternInit is checked
 * against ada's parse of it under a host. The nine component words the scan writes for such a parse
 * (writeScannedComponents) are checked against the words ada writes for it (a parse through the Wasm module, in a
 * child process).
 */
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import process from "node:process";
import { suite } from "uvu";
import * as assert from "uvu/assert";
import type { Api } from "../support/api.ts";
import { readJson, readLines, ROOT } from "../support/files.ts";
import { runChild } from "../support/child_program.ts";
import { entryUrl, type Runtime, WASM_BINDING } from "../support/entries.ts";
import { hostileCases, random } from "../support/hostile.ts";
import {
  isCanonicalPathname,
  scanCanonical,
  scanCanonicalWithBase,
  valueOfScanned,
  writeScannedComponents,
} from "../../ffi/urlpattern/canonical_input.ts";

const scannedValues = () => [0, 1, 2, 3, 4, 5, 6, 7].map(valueOfScanned);
/** The fast way's eight values of an absolute URL string, or null where it leaves the input to ada. */
const canonicalValues = (input: string) => (scanCanonical(input) ? scannedValues() : null);
/** The same for a path against a base. */
const canonicalValuesWithBase = (input: string, base: string) =>
  scanCanonicalWithBase(input, base) ? scannedValues() : null;
/** The same for a URLPatternInit's members (protocol … hash, baseURL by field number): only a pathname. */
const canonicalPathnameValues = (members: (string | undefined)[]) =>
  members.every((m, k) => (k === 5 ? m !== undefined : m === undefined)) && isCanonicalPathname(members[5]!)
    ? ["", "", "", "", "", members[5]!, "", ""]
    : null;

type URLLike = {
  href: string;
  origin: string;
  protocol: string;
  username: string;
  password: string;
  hostname: string;
  port: string;
  pathname: string;
  search: string;
  hash: string;
};

/** Characters a mutation inserts or substitutes: every one the rule treats specially, and some it never sees. */
const MUTATIONS = [
  ..."!\"#$%&'()*+,-./0123456789:;<=>?@ABCXYZ[\\]^_`abcxyz{|}~",
  " ",
  "\t",
  "\n",
  "\r",
  "\u0000",
  "\u001f",
  "\u007f",
  "\u0080",
  "\u00e9",
  "\u0130",
  "\u2028",
  "\ufeff",
  "\ud800",
  "\udc00",
  "\ud83d\ude00",
  "%2e",
  "%2E",
  ".%2e",
  "..",
  "xn--",
  "xn--nxasmq6b",
  "0x",
  "0x7f",
  ":80",
  ":443",
  ":21",
  ":0",
  ":00",
  ":65535",
  ":65536",
  ":99999",
  "@",
  "user:pass@",
  "//",
  "/./",
  "/../",
  "%",
  "%zz",
  "%41",
  "HTTP",
  "1.2.3.4",
  "255",
  "256",
  "0",
  "01",
  ".0",
  "[::1]",
];

const SEEDS = [
  "https://api.example.com/users/42?page=2#top",
  "http://example.com/",
  "wss://a-b.c-d.example:8443/socket",
  "ftp://files.example.org:2121/pub/file.tar.gz",
  "https://x.org/a/b/c.d/e..f/.well-known/x?q=1&r=%20#frag!$&'()*+,;=:@/?",
  "https://h.example/%7Euser/caf%C3%A9/%2F?x=%2e%2e",
  "http://127.0.0.1:8000/api/items?x=1",
  "https://10.20.255.0/",
];

function mutate(input: string, rnd: () => number): string {
  const at = Math.floor(rnd() * (input.length + 1));
  const piece = MUTATIONS[Math.floor(rnd() * MUTATIONS.length)];
  switch (Math.floor(rnd() * 3)) {
    case 0:
      return input.slice(0, at) + piece + input.slice(at);
    case 1:
      return input.slice(0, at) + piece + input.slice(at + 1);
    default:
      return input.slice(0, at) + input.slice(at + 1);
  }
}

/**
 * The kept block's parse and the Wasm adapter, tsc's modules (one module graph: the program installs the module into
 * it), for the component-words check.
 */
const KEPT_BLOCK: Record<Runtime, string> = {
  node: "dist/ffi/native_calls/kept_block.js",
  deno: "ffi/native_calls/kept_block.ts",
  bun: "dist/ffi/native_calls/kept_block.js",
};

export function register(api: Api, runtime: Runtime, seed: number): void {
  const test = suite("canonical inputs: matched without ada only when ada returns them unchanged");
  /** Each accepted absolute input with the nine words writeScannedComponents wrote for it (checked by the last test). */
  const scannedWords: [string, number[]][] = [];
  const parseMany = api.parseMany as unknown as (inputs: string[], base?: string) => (URLLike | null)[];

  /** ada's parse of `input` (against `base`), or null: one native call, never the scan. */
  const parse = (input: string, base?: string): URLLike | null => {
    try {
      return (base === undefined ? parseMany([input]) : parseMany([input], base))[0];
    } catch {
      return null; // an invalid base
    }
  };
  /** The eight values URLPattern matches, from ada's URL. */
  const valuesOf = (url: URLLike) => [
    url.protocol.slice(0, -1),
    url.username,
    url.password,
    url.hostname,
    url.port,
    url.pathname,
    url.search.slice(1),
    url.hash.slice(1),
  ];

  /** Checks one input both ways; returns whether the fast way accepted it. */
  const check = (input: string, base?: string): boolean => {
    const fast = base === undefined ? canonicalValues(input) : canonicalValuesWithBase(input, base);
    if (fast === null) return false;
    const url = parse(input, base);
    const where = `${JSON.stringify(input)}${base === undefined ? "" : ` against ${JSON.stringify(base)}`}`;
    assert.ok(url !== null, `${where}: accepted, but ada refuses it`);
    if (base === undefined) {
      assert.is(url!.href, input, `${where}: accepted, but ada changes it`);
      const words = new Int32Array(9);
      writeScannedComponents(words);
      scannedWords.push([input, [...words]]);
    } else assert.is(url!.href, parse(base)!.origin + input, `${where}: accepted, but ada resolves it otherwise`);
    assert.equal(fast, valuesOf(url!), where);
    return true;
  };
  /** A URLPatternInit's pathname: accepted only when ada's parse of it under a host keeps it. */
  const checkPathname = (pathname: string): boolean => {
    const fast = canonicalPathnameValues([
      undefined,
      undefined,
      undefined,
      undefined,
      undefined,
      pathname,
      undefined,
      undefined,
      undefined,
    ]);
    if (fast === null) return false;
    const url = parse(`http://h${pathname}`);
    assert.ok(url !== null && url.pathname === pathname && url.search === "" && url.hash === "", pathname);
    assert.equal(fast, ["", "", "", "", "", pathname, "", ""]);
    return true;
  };

  test("WPT urltestdata: every input, with and without its base", () => {
    let accepted = 0, total = 0;
    for (const file of ["test/data/urltestdata.json", "test/data/urltestdata-javascript-only.json"]) {
      for (const c of readJson<unknown[]>(file)) {
        if (typeof c !== "object" || c === null) continue;
        const { input, base } = c as { input: string; base: string | null };
        total++;
        if (check(input)) accepted++;
        if (typeof base === "string" && check(input, base)) accepted++;
        if (check(input, "https://example.org/base/x?y#z")) accepted++;
        checkPathname(input);
      }
    }
    assert.ok(total > 800 && accepted > 20, `${accepted} accepted of ${total}`);
  });

  test("real URL lists (kasztp.txt, node_files.txt): every accepted one exactly, most web URLs accepted", () => {
    for (const file of ["bench/data/kasztp.txt", "bench/data/node_files.txt"]) {
      const lines = readLines(file);
      let accepted = 0;
      for (const line of lines) {
        if (check(line)) accepted++;
        const url = parse(line);
        if (url !== null && url.href === line) {
          const path = url.pathname + url.search + url.hash;
          check(path, url.origin);
          checkPathname(url.pathname);
        }
      }
      console.log(`  ${file}: ${accepted} of ${lines.length} taken the fast way`);
      // kasztp.txt's are web URLs, nearly all canonical; node_files.txt's are file: URLs, which the rule leaves to ada.
      if (file.includes("kasztp")) assert.ok(accepted > lines.length / 2, `${file}: ${accepted} of ${lines.length}`);
    }
  });

  test("a hostile corpus, and canonical inputs mutated one character at a time", () => {
    for (const c of hostileCases(seed, 4000)) {
      check(c.input, c.base);
      check(c.input);
      checkPathname(c.input);
    }
    const rnd = random(seed ^ 0xca90);
    const rounds = process.env.ADA_FFI_TEST_FULL === "1" ? 200_000 : 20_000;
    let accepted = 0;
    for (let i = 0; i < rounds; i++) {
      let input = SEEDS[i % SEEDS.length];
      const times = 1 + Math.floor(rnd() * 3);
      for (let k = 0; k < times; k++) input = mutate(input, rnd);
      if (check(input)) accepted++;
      const slash = input.indexOf("/", 8);
      if (slash !== -1) {
        check(input.slice(slash), "https://base.example:8080/x");
        checkPathname(input.slice(slash));
      }
    }
    assert.ok(accepted > rounds / 10, `${accepted} of ${rounds} mutants accepted: the mutations must keep some`);
  });

  test("edges of the rule, each side of the line", () => {
    const accepted = [
      "https://a/",
      "http://a.b-c.d/x",
      "http://1.2.example/",
      "http://example.1e3/",
      "http://h:0/",
      "http://h:65535/",
      "https://h:80/",
      "http://h:443/",
      "ftp://h:80/",
      "http://h//a//b/",
      "http://h/a/.b/..c/b./c../%2/%2f",
      "http://h/?",
      "http://h/#",
      "http://h/?a(b)!~#c'd",
      "http://ab--cd.example/",
      "http://-a-.example/",
      "http://1.2.3.4/",
      "http://127.0.0.1:8000/api?x=1",
      "https://255.255.255.255/",
      "http://0.0.0.0/",
      "ws://10.0.0.5:9000/socket",
    ];
    const refused = [
      "HTTP://h/",
      "http://H/",
      "http://h",
      "http://h:80/",
      "https://h:443/",
      "ws://h:80/",
      "wss://h:443/",
      "ftp://h:21/",
      "http://h:/",
      "http://h:080/",
      "http://h:65536/",
      "http://1.2.3/",
      "http://1.2.3.4.5/",
      "http://1.2.3.4./",
      "http://256.1.1.1/",
      "http://1.2.3.0255/",
      "http://01.2.3.4/",
      "http://1.2.03.4/",
      "http://1.2.3.00/",
      "http://1.2.3.0x4/",
      "http://a.2.3.4/",
      "http://1.2.3.4:80/",
      "http://4294967295/",
      "http://0x7f.1/",
      "http://example.0x/",
      "http://example.123/",
      "http://xn--nxasmq6b.com/",
      "http://a.xn--b/",
      "http://h/a/./b",
      "http://h/a/../b",
      "http://h/a/%2e/b",
      "http://h/a/%2E%2e",
      "http://h/a/.%2e?x",
      "http://h/a\\b",
      "http://h/a^b",
      "http://h/a b",
      "http://h/a\tb",
      "http://h/a{b}",
      "http://h/?a'b",
      "http://h/#a`b",
      "http://u@h/",
      "http://u:p@h/",
      "http://h..a/",
      "http://.h/",
      "http://h./",
      "file:///a",
      "foo://h/a",
      " http://h/",
      "http://h/ ",
      "http://h/é",
    ];
    for (const input of accepted) {
      assert.ok(check(input), `${input} should be taken the fast way`);
    }
    for (const input of refused) {
      assert.is(canonicalValues(input), null, `${input} must go through ada`);
      check(input); // and if the rule ever took it, it must still be exact
    }
    assert.is(canonicalValuesWithBase("//h/a", "https://b/"), null, "a scheme-relative reference names a host");
    // Hosts that end in a number, from parts around each edge of the IPv4 rule (length, leading zero, 255, hex): every
    // four of them, and 2, 3 or 5 of fewer. Each accepted one is checked against ada; the dotted decimal ones must be.
    const parts = "0 00 1 01 9 10 010 99 100 199 255 256 0255 999 0x1 1a".split(" ");
    const fewer = "0 1 01 255 256 0x1".split(" ");
    const decimal = /^(0|[1-9][0-9]{0,2})$/;
    let ipv4 = 0;
    for (const count of [2, 3, 4, 5]) {
      let hosts = [""];
      for (let k = 0; k < count; k++) {
        hosts = hosts.flatMap((h) => (count === 4 ? parts : fewer).map((p) => (h === "" ? p : `${h}.${p}`)));
      }
      for (const host of hosts) {
        const labels = host.split(".");
        const dotted = count === 4 && labels.every((p) => decimal.test(p) && Number(p) <= 255);
        const endsInNumber = /^([0-9]+|0x[0-9a-f]*)$/.test(labels[labels.length - 1]);
        const input = `http://${host}/p?q`;
        if (check(input) && endsInNumber) ipv4++;
        assert.is(canonicalValues(input) !== null, dotted || !endsInNumber, input);
      }
    }
    assert.ok(ipv4 > 100, `${ipv4} IPv4 hosts accepted`);
    assert.is(canonicalValuesWithBase("/a", "https://B/"), null, "the base must be canonical too");
    assert.ok(check("/a?b#c", "https://b.example:8443/x/y?z#w"));
  });

  test("hostile requests through a list: controls, lone surrogates, a % at the end, 1 MB, patterns added later", () => {
    const List = api.URLPatternList as unknown as new (p?: unknown[]) => {
      add(p: unknown): number;
      exec(u: string): { index: number; result: unknown } | null;
      match(u: string): { index: number; params: unknown } | null;
      test(u: string): boolean;
    };
    const Pattern = api.URLPattern as unknown as new (p: unknown) => { exec(u: string): unknown };
    const inits: unknown[] = [{ pathname: "/a/:x" }, { pathname: "/a/*" }, { hostname: "h", pathname: "/b/:y" }];
    const list = new List(inits);
    const patterns = inits.map((p) => new Pattern(p));
    const requests: string[] = ["https://h/a/x%", "https://h/a/%", "https://h/b/%zz", "https://h/a/x%2"];
    for (let c = 0; c < 0x20; c++) {
      requests.push(`https://h/a/x${String.fromCharCode(c)}y`, `https://h${String.fromCharCode(c)}/a/x`);
    }
    requests.push(
      "https://h/a/\ud800",
      "https://h/a/x\udc00y",
      "https://h/a/\u007f",
      `https://h/a/${"x".repeat(1 << 20)}`,
    );
    const expect = (url: string) => {
      for (let i = 0; i < patterns.length; i++) {
        const result = patterns[i].exec(url);
        if (result !== null) return { index: i, result };
      }
      return null;
    };
    for (const url of requests) {
      const where = JSON.stringify(url.slice(0, 40));
      // deno-lint-ignore no-control-regex
      const hasControl = /[\u0000-\u001f\u007f\ud800-\udfff]/.test(url);
      if (hasControl) assert.is(scanCanonical(url), false, `${where}: the scan must leave it to ada`);
      const theirs = expect(url);
      assert.equal(list.exec(url), theirs === null ? null : { ...theirs, pattern: patterns[theirs.index] }, where);
      assert.is(list.test(url), theirs !== null, where);
      assert.is(list.match(url)?.index ?? -1, theirs?.index ?? -1, where);
    }
    // A URL with a % at the end is canonical (the parser keeps a lone %) and taken the fast way.
    assert.ok(scanCanonical("https://h/a/x%"));
    // Patterns added after lookups answer from then on.
    assert.is(list.match("https://h/c/1"), null);
    assert.is(list.add({ pathname: "/c/:z" }), 3);
    assert.equal(list.match("https://h/c/1")?.params, { z: "1" });
  });

  // Last: the inputs the tests above accepted. ada's words come from a parse through the Wasm module in a child process
  // (one module graph of tsc's modules, no scan: parseCanonicalInJs unset), not from any rule of this file; a child,
  // so that nothing is installed into the modules this process's entry uses. Not under qemu-user (no child there).
  (process.env.ADA_FFI_TEST_IN_PROCESS === "1" ? test.skip : test)(
    "the nine component words the scan writes for an accepted input are ada's own (a parse through the Wasm module)",
    () => {
      assert.ok(scannedWords.length > 40_000, `${scannedWords.length} accepted inputs`);
      const run = runChild(runtime, (dir) => {
        writeFileSync(join(dir, "cases.json"), JSON.stringify(scannedWords));
        return [
          `import { readFileSync } from "node:fs";`,
          `import { installWasmBinding } from ${JSON.stringify(entryUrl(WASM_BINDING[runtime]))};`,
          `import { components, parseHref } from ${JSON.stringify(entryUrl(KEPT_BLOCK[runtime]))};`,
          `installWasmBinding(readFileSync(${
            JSON.stringify(join(ROOT, "dist", "runtimes", "wasm", "ada_ffi.wasm"))
          }));`,
          `const cases = JSON.parse(readFileSync(${JSON.stringify(join(dir, "cases.json"))}, "utf8"));`,
          `const differ = [];`,
          `for (const [input, words] of cases) {`,
          `  const href = parseHref(input, undefined);`,
          `  const ada = [...components];`,
          `  if (href !== input || ada.join() !== words.join()) differ.push([input, href, ada, words]);`,
          `}`,
          `console.log("RESULT " + JSON.stringify({ checked: cases.length, differ: differ.slice(0, 5), count: differ.length }));`,
        ].join("\n");
      });
      const line = run.stdout.split("\n").find((l) => l.startsWith("RESULT "));
      assert.ok(line, `${run.stdout}${run.stderr}`);
      const result = JSON.parse(line!.slice(7));
      assert.equal(result, { checked: scannedWords.length, differ: [], count: 0 });
    },
  );

  test.run();
}
