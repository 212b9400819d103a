/** Inputs longer than the reused buffers, hrefs that outgrow them, and huge URLs. */
import { suite } from "uvu";
import * as assert from "uvu/assert";
import type { Api } from "../support/api.ts";
import { WASM_WRITER_AFTER } from "../../runtimes/deno/wasm_ascii_writer.ts";

export function register(api: Api): void {
  const { URL } = api;
  const test = suite("URL: buffer sizing");

  test("inputs longer than the reused input buffer", () => {
    for (const n of [4095, 4096, 4097, 100_000, 2_000_000]) {
      const href = "https://example.com/" + "a".repeat(n);
      const url = new URL(href);
      assert.is(url.href, href);
      assert.is(url.pathname.length, n + 1);
    }
    assert.is(new URL("http://small/").href, "http://small/");
    // Just inside the kept block, at 3 UTF-8 bytes per unit (65,427 bytes): koffi's C-string path at its largest.
    const wide = "http://h/" + "€".repeat(21_800);
    assert.is(new URL(wide).pathname, "/" + "%E2%82%AC".repeat(21_800));
    assert.ok(URL.canParse(wide));
    // The short path takes inputs of up to 21,824 units (what the kept block holds at 3 bytes a unit); one more goes
    // the general way.
    for (const units of [21_823, 21_824, 21_825]) {
      const input = "http://h/" + "€".repeat(units - 9);
      assert.is(input.length, units);
      assert.is(new URL(input).pathname, "/" + "%E2%82%AC".repeat(units - 9));
      assert.ok(URL.canParse(input));
      assert.not.ok(URL.canParse("http://[" + "€".repeat(units - 8)));
    }
  });

  test("inputs of every length around the encoders' switch (JS loop, then encodeInto), non-ASCII anywhere", () => {
    // ffi/native_calls/strings.ts copies short ASCII with a loop (up to 24 units, 64 on Deno) and hands the rest, or anything
    // non-ASCII, to encodeInto; the loop may have written part of a string when it meets a non-ASCII unit. On Deno the
    // kept block's input and base slots take the Wasm writer instead of the loop (runtimes/deno/wasm_ascii_writer.ts), which
    // may also have written part of the string.
    const { parseMany } = api;
    // Deno builds its Wasm writer after WASM_WRITER_AFTER encodes into the kept block: past them here.
    for (let i = 0; i <= WASM_WRITER_AFTER; i++) assert.ok(URL.canParse("http://h/" + i));
    const units: [string, string][] = [["é", "%C3%A9"], ["€", "%E2%82%AC"], ["😀", "%F0%9F%98%80"], [
      "\ud800",
      "%EF%BF%BD",
    ]];
    for (let n = 1; n <= 140; n++) {
      const ascii = "a".repeat(n);
      assert.is(new URL("http://h/" + ascii).pathname, "/" + ascii);
      for (const [unit, encoded] of units) {
        for (const at of new Set([0, n >> 1, n - 1])) {
          const raw = ascii.slice(0, at) + unit + ascii.slice(at + 1);
          const want = "/" + ascii.slice(0, at) + encoded + ascii.slice(at + 1);
          const input = "http://h/" + raw;
          assert.is(new URL(input).pathname, want, `${JSON.stringify(input)}`);
          assert.ok(URL.canParse(input));
          assert.is(new URL(raw, "http://h/").pathname, want); // the input slot with a base after it
          assert.is(new URL("x", "http://h/" + raw).pathname, "/x"); // the base slot
          const url = new URL("http://h/");
          url.pathname = raw; // a setter value
          assert.is(url.pathname, want);
          assert.is(parseMany([input, "http://h/" + ascii])[0]?.pathname, want);
        }
      }
    }
  });

  test("canParse and the domain conversions beyond the kept block (a block of their own)", () => {
    const { domainToASCII, domainToUnicode } = api;
    assert.ok(URL.canParse("http://h/" + "€".repeat(30_000)));
    assert.not.ok(URL.canParse("http://[" + "€".repeat(30_000)));
    assert.ok(URL.canParse("x".repeat(30_000), "http://h/" + "é".repeat(30_000)));
    assert.not.ok(URL.canParse("x".repeat(30_000), "http://[" + "é".repeat(30_000)));
    // A domain is sized for its worst case (12 bytes per unit): past ~5,450 units it gets a block of its own.
    const ascii = "a".repeat(6000) + ".example";
    assert.is(domainToASCII(ascii), ascii);
    assert.is(domainToUnicode(ascii), ascii);
    const unicode = "bücher-" + "x".repeat(6000) + ".example";
    const punycode = domainToASCII(unicode);
    assert.ok(punycode.startsWith("xn--bcher-" + "x".repeat(6000) + "-"), punycode.slice(0, 20));
    assert.ok(punycode.endsWith(".example"));
    assert.is(domainToUnicode(punycode), unicode);
    assert.is(domainToUnicode("xn--bcher-kva." + "a".repeat(6000)), "bücher." + "a".repeat(6000));
    assert.is(domainToASCII("a".repeat(6000) + "\u0000"), ""); // a forbidden code point, as a short domain
  });

  test("hrefs that outgrow the reused output buffer (9x per UTF-16 unit)", () => {
    for (const n of [400, 455, 456, 5000, 300_000]) {
      const url = new URL("http://h/" + "€".repeat(n) + "?" + "€".repeat(n));
      assert.is(url.pathname.length, 1 + 9 * n);
      assert.is(url.search.length, 1 + 9 * n);
      assert.is(url.pathname.slice(0, 10), "/%E2%82%AC");
    }
    const spaces = new URL("http://h/" + " ".repeat(5000) + "x");
    assert.is(spaces.pathname, "/" + "%20".repeat(5000) + "x");
  });

  test("long hrefs with every component: getters after new URL, URL.parse, parseMany and setters", () => {
    const { parseMany } = api;
    // Every component present; the path is padded so that the whole href has `length` units.
    const fixed = "https://user:pw@h.example:8080/?q=1#frag".length;
    const hrefOf = (length: number) => `https://user:pw@h.example:8080/${"p".repeat(length - fixed)}?q=1#frag`;
    const check = (url: InstanceType<typeof URL>, length: number) => {
      assert.is(url.href.length, length);
      assert.is(url.username, "user");
      assert.is(url.password, "pw");
      assert.is(url.host, "h.example:8080");
      assert.is(url.hostname, "h.example");
      assert.is(url.port, "8080");
      assert.is(url.origin, "https://h.example:8080");
      assert.is(url.pathname, "/" + "p".repeat(length - fixed));
      assert.is(url.search, "?q=1");
      assert.is(url.hash, "#frag");
      assert.is(url.searchParams.get("q"), "1");
    };
    for (const length of [100, 4_000, 70_000]) {
      check(new URL(hrefOf(length)), length);
      check(URL.parse(hrefOf(length))!, length);
      check(parseMany([hrefOf(length)])[0]!, length);
    }
    // Setters make the href long and short again; its searchParams follow.
    const url = new URL("https://user:pw@h.example:8080/?q=1#frag");
    const params = url.searchParams;
    for (const length of [70_000, 100, 4_000, 200_000, 60]) {
      url.pathname = "/" + "p".repeat(length - fixed);
      check(url, length);
      url.search = "?q=2";
      assert.is(params.get("q"), "2");
      params.set("q", "1");
      check(url, length);
    }
    url.href = "mailto:" + "m".repeat(40_000);
    assert.is(url.pathname.length, 40_000);
    assert.is([url.host, url.port, url.search, url.hash, url.username].join(""), "");
    assert.is(params.size, 0);
  });

  test("a base (or setter value) given again is copied from its kept bytes: every sequence keeps answers right", () => {
    const a = "https://a.example/dir/page?q#h";
    const b = "https://b.example/other/x"; // a different base, then the kept one again
    const sequence = [a, a, a, b, a, b, b, b, a, "http://ü.example/ä/", "http://ü.example/ä/", a];
    for (const base of sequence) {
      assert.is(new URL("../up?x", base).href, new globalThis.URL("../up?x", base).href); // simple inputs: every runtime agrees
    }
    assert.is(new URL("z", sequence[9]).href, "http://xn--tda.example/%C3%A4/z");
    assert.is(new URL("z", a).href, "https://a.example/dir/z");
    assert.is(new URL("z", b).href, "https://b.example/other/z");
    // A long base given twice is not kept (nor held), and still resolves.
    const long = "https://h/" + "d/".repeat(3000);
    assert.is(new URL("z", long).pathname.length, 1 + 2 * 3000 + 1);
    assert.is(new URL("z", long).pathname.length, 1 + 2 * 3000 + 1);
    assert.is(new URL("z", a).href, "https://a.example/dir/z");
    // The native side memoizes each thread's last base by its bytes: bases of one length that differ in one byte, an
    // invalid base given twice, and parseMany with another base in between all answer as fresh parses would.
    for (
      const [input, base, href] of [
        ["z", "https://m.example/aaaa/b", "https://m.example/aaaa/z"],
        ["z", "https://m.example/aaab/b", "https://m.example/aaab/z"],
        ["z", "https://m.example/aaab/b", "https://m.example/aaab/z"],
        ["z", "https://m.example/aaaa/b", "https://m.example/aaaa/z"],
        ["z", "https://m.example/aaaa", "https://m.example/z"],
        ["z", "https://bad host/", null],
        ["http://ok.example/", "https://bad host/", null],
        ["z", "https://m.example/aaaa/b", "https://m.example/aaaa/z"],
      ] as const
    ) {
      assert.is(URL.parse(input, base)?.href ?? null, href);
      assert.is(URL.canParse(input, base), href !== null);
      assert.equal(api.parseMany([input], "https://other.example/q/r").map((u) => u?.href), [
        new URL(input, "https://other.example/q/r").href,
      ]);
    }
    // Setter values share the slot.
    const u = new URL("https://h/p");
    for (const value of ["?x=1", "?x=1", "?y=2", "?x=1"]) {
      u.search = value;
      assert.is(u.href, `https://h/p${value}`);
    }
  });

  test("a string the call block already holds is not encoded again: every call that rewrites the block is seen", () => {
    const { domainToASCII, domainToUnicode, URLPattern } = api;
    const fresh = () => new URL("https://h.example/p?a#f"); // its href is its input: the block holds it
    const checks: [string, () => void][] = [
      ["another parse", () => new URL("https://other.example/longer/path/than/the/first/one")],
      ["a canParse", () => URL.canParse("https://zz.example/q/r/s/t")],
      ["an invalid parse", () => URL.parse("https://bad host/")],
      ["a relative parse", () => new URL("x/y", "https://base.example/a/b")],
      ["domainToASCII", () => domainToASCII("bücher.example")],
      ["domainToUnicode", () => domainToUnicode("xn--bcher-kva.example")],
      ["a URLPattern match", () => new URLPattern({ pathname: "/books/:id" }).exec("https://x.example/books/12")],
      ["a setter on another URL", () => (new URL("https://k.example/").hash = "zzzzzzzz")],
    ];
    for (const [what, interleave] of checks) {
      const u = fresh();
      interleave();
      u.search = "?q=1";
      assert.is(u.href, "https://h.example/p?q=1#f", what);
      interleave();
      u.hash = "g"; // the href the last setter decoded
      assert.is(u.href, "https://h.example/p?q=1#g", what);
    }
    // Back to back: a setter on a URL whose href was decoded, a second setter, a parse of the string just checked.
    const v = new URL("HTTPS://H.example/ä");
    v.pathname = "/b";
    v.search = "s";
    assert.is(v.href, "https://h.example/b?s");
    const s = "https://h.example/€?€";
    assert.ok(URL.canParse(s));
    assert.is(new URL(s).href, "https://h.example/%E2%82%AC?%E2%82%AC");
    assert.is(new URL(s, "https://ignored.example/").href, "https://h.example/%E2%82%AC?%E2%82%AC");
  });

  test("one value set on each URL just made (its href held, the value's bytes kept): the general path's answers", () => {
    const set = (url: object, setter: string, value: string) => {
      (url as Record<string, string>)[setter] = value;
    };
    const inputs = [
      "https://h.example/p?a#f",
      "http://user:pw@[::1]:8080/x/y",
      "file:///C:/dir/file.txt",
      "non-special://host/p?q",
      "mailto:someone@example.com",
      "https://xn--bcher-kva.example/ä", // an href that differs from its input: decoded, not held
      "http://h/" + "é".repeat(2000), // percent-encoded to 6,000 bytes
    ];
    const FIELDS = ["href", "protocol", "host", "pathname", "search", "hash"] as const;
    for (
      const [setter, values] of [
        ["search", ["?q=1", "", "?ü €", "x".repeat(3000)]],
        ["hash", ["#frag", "ä"]],
        ["pathname", ["/a/../b", "C:/x"]],
        ["host", ["other.example:81", "[::2]"]],
        ["protocol", ["http", "ftp:"]],
        ["username", ["me"]],
        ["port", ["8443", ""]],
      ] as const
    ) {
      for (const value of values) {
        // Each value three times over the inputs: from the second URL on it is kept, and each URL was just made.
        for (let round = 0; round < 3; round++) {
          for (const input of inputs) {
            // Another setter on another URL first, by the general path: the SETTER word must be written again.
            const other = new URL("https://other.example/");
            URL.canParse("x:");
            set(other, setter === "hash" ? "search" : "hash", "zz");
            const u = new URL(input);
            set(u, setter, value);
            const general = new URL(input);
            URL.canParse("x:"); // the block no longer holds general's href: the setter takes the general path
            set(general, setter, value);
            for (const field of FIELDS) {
              assert.is(u[field], general[field], `${setter} = ${value} on ${input}: ${field}`);
            }
          }
        }
      }
    }
    // A held href and a kept value that together outgrow the kept block: a block of their own. The pathname setter's
    // href is short again, so a value cut at the block's end would give a wrong answer that fits.
    for (
      const [length, setter, value, expected] of [
        [62_000, "search", "?" + "q".repeat(4000), (path: string) => `https://h/${path}?${"q".repeat(4000)}#x`],
        [65_457, "search", "?q=1", (path: string) => `https://h/${path}?q=1#x`],
        [65_459, "pathname", "/x/y/z", () => "https://h/x/y/z#x"],
        [65_459, "pathname", "/0123456789abcdef", () => "https://h/0123456789abcdef#x"],
      ] as const
    ) {
      for (const host of ["a", "b"]) {
        set(new URL(`https://${host}.example/`), setter, value); // given twice: kept
      }
      const u = new URL("https://h/" + "a".repeat(length));
      u.hash = "x"; // in the kept block: its new href is held
      set(u, setter, value);
      assert.is(u.href, expected("a".repeat(length)), `${setter} = ${value.length} units on ${length}`);
    }
  });

  test("relative inputs and setters whose href keeps the base's (or old href's) text, non-ASCII around it", () => {
    const cases: [string, string, string][] = [
      ["/x?y", "https://h.example/a/b?q#f", "https://h.example/x?y"],
      ["x.html", "https://h.example/a/b/c", "https://h.example/a/b/x.html"],
      ["?q", "https://h.example/a?old#f", "https://h.example/a?q"],
      ["#f", "https://h.example/a?q#old", "https://h.example/a?q#f"],
      ["//other.example/p", "https://h.example/", "https://other.example/p"],
      // Non-ASCII around the part taken from the base: units are not bytes there.
      ["x", "https://h.example/a/ü", "https://h.example/a/x"],
      ["x", "https://h.example/😀/ü", "https://h.example/%F0%9F%98%80/x"],
      ["#x", "https://h.example/p?€", "https://h.example/p?%E2%82%AC#x"],
      ["z", "http://ü.example/ä/", "http://xn--tda.example/%C3%A4/z"],
      ["/é", "https://h.example/", "https://h.example/%C3%A9"],
      ["/\uD800", "https://h.example/", "https://h.example/%EF%BF%BD"],
      ["../x", "https://h.example/a/b/", "https://h.example/a/x"],
    ];
    for (const [input, base, want] of cases) assert.is(new URL(input, base).href, want, `${input} against ${base}`);
    const setters: [string, "search" | "hash" | "pathname" | "href", string, string][] = [
      ["https://h.example/p?q#h", "search", "?x=1", "https://h.example/p?x=1#h"],
      ["https://h.example/p#f", "search", "?p", "https://h.example/p?p#f"],
      ["https://h.example/p?q#h", "search", "x=1", "https://h.example/p?x=1#h"],
      ["https://h.example/p", "search", "é", "https://h.example/p?%C3%A9"],
      ["https://h.example/€?q#h", "search", "?x", "https://h.example/%E2%82%AC?x#h"],
      ["https://h.example/p?q", "hash", "#€", "https://h.example/p?q#%E2%82%AC"],
      ["https://h.example/p?q", "hash", "#h", "https://h.example/p?q#h"],
      ["https://h.example/p?q#h", "pathname", "/a/b", "https://h.example/a/b?q#h"],
      ["https://h.example/p", "href", "https://z.example/", "https://z.example/"],
    ];
    for (const [href, name, value, want] of setters) {
      const url = new URL(href);
      url[name] = value;
      assert.is(url.href, want, `${name} = ${value} on ${href}`);
      assert.is(url.toString(), want);
    }
  });

  test("a long base and a relative input", () => {
    const base = "http://base.example/" + "d/".repeat(50_000);
    const url = new URL("../x?" + "q".repeat(10_000), base);
    assert.is(url.pathname, "/" + "d/".repeat(49_999) + "x");
    assert.is(url.search.length, 10_001);
  });

  test("10 MB URL, canonical and percent-encoded", () => {
    const n = 10 * 1024 * 1024;
    const canonical = "https://example.com/" + "x".repeat(n);
    assert.is(new URL(canonical).href.length, canonical.length);
    assert.is(URL.canParse(canonical), true);
    const grown = new URL("https://example.com/" + " ".repeat(n / 10 - 1) + "x"); // trailing spaces are trimmed
    assert.is(grown.pathname.length, 1 + 3 * (n / 10 - 1) + 1);
  });

  test("alternating huge and small parses keep answers right", () => {
    for (let i = 0; i < 20; i++) {
      const big = new URL("http://b/" + "é".repeat(100_000 + i));
      const small = new URL("HTTP://S/" + i);
      assert.is(big.pathname.length, 1 + 6 * (100_000 + i));
      assert.is(small.href, "http://s/" + i);
    }
  });

  test.run();
}
