/** parseMany: the same URLs as new URL / URL.parse, across chunk boundaries and every buffer path. */
import { suite } from "uvu";
import * as assert from "uvu/assert";
import type { Api } from "../support/api.ts";
import { readLines } from "../support/files.ts";
import { hostileCases } from "../support/hostile.ts";
import { GETTERS } from "../support/reference.ts";
import { canCollect, retainedBy } from "../support/memory.ts";

type AnyUrl = Record<(typeof GETTERS)[number], string>;

export function register(api: Api, seed: number): void {
  const { URL, parseMany } = api;
  const test = suite("parseMany (batch API)");

  /** Every result equals URL.parse of the same input, getter by getter. */
  function assertSameAsSingle(inputs: string[], base?: string) {
    const batch = parseMany(inputs, base);
    assert.is(batch.length, inputs.length);
    for (let i = 0; i < inputs.length; i++) {
      const single = URL.parse(inputs[i], base);
      const got = batch[i];
      if (single === null || got === null) {
        assert.is(got === null, single === null, `validity of ${JSON.stringify(inputs[i])}`);
        continue;
      }
      assert.instance(got, URL);
      for (const g of GETTERS) {
        assert.is(
          (got as unknown as AnyUrl)[g],
          (single as unknown as AnyUrl)[g],
          `${g} of ${JSON.stringify(inputs[i])}`,
        );
      }
    }
  }

  test("real URL lists: same as new URL, in order", () => {
    for (const file of ["bench/data/kasztp.txt", "bench/data/node_files.txt"]) assertSameAsSingle(readLines(file));
  });

  test("hostile inputs, with and without bases", () => {
    const cases = hostileCases(seed, 6000);
    assertSameAsSingle(cases.filter((c) => c.base === undefined).map((c) => c.input));
    for (const base of ["http://example.com/dir/page?q#h", "file:///C:/dir/file", "sc:opaque"]) {
      assertSameAsSingle(cases.filter((c) => c.base !== undefined).map((c) => c.input), base);
    }
  });

  test("no inputs: empty (an invalid base throws: test/suites/edges.ts)", () => {
    assert.equal(parseMany([]), []);
    assert.equal(parseMany([], "http://a/"), []);
  });

  test("non-string inputs are converted like new URL does", () => {
    const [a, b] = parseMany([new URL("HTTP://A/"), { toString: () => "http://b/" }]);
    assert.is(a?.href, "http://a/");
    assert.is(b?.href, "http://b/");
    assert.throws(() => parseMany([Symbol("x")]), (e: unknown) => e instanceof TypeError);
  });

  test("inputs changed by a conversion (an input's or the base's): the array as it is then, never a crash", () => {
    const hrefs = (urls: (InstanceType<typeof URL> | null)[]) => urls.map((u) => u?.href ?? null);
    // The base's toString shortens the array of strings and puts a number in it: the array as it is then.
    const strings: unknown[] = ["a", "b", "c"];
    const changing = { toString: () => ((strings.length = 2), (strings[1] = 42), "http://base/") };
    assert.equal(hrefs(parseMany(strings, changing as never)), ["http://base/a", "http://base/42"]);
    // An input's toString shortens the array: read to its end as it is at each step, as an array iterator would.
    const mixed: unknown[] = ["http://a/", { toString: () => ((mixed.length = 2), "http://b/") }, "http://c/"];
    assert.equal(hrefs(parseMany(mixed)), ["http://a/", "http://b/"]);
  });

  test("lone surrogates stay lone across neighbouring inputs", () => {
    const inputs = ["http://a/\uD800", "\uDC00http://b/", "http://c/\uD83D", "\uDE00"];
    assertSameAsSingle(inputs);
    assert.is(parseMany(inputs)[0]?.pathname, "/%EF%BF%BD");
  });

  test("hrefs that fill the output buffer: resumed, in order", () => {
    const inputs = Array.from({ length: 3000 }, (_, i) => `http://h/${"€".repeat(100 + (i % 7))}?${i}`);
    assertSameAsSingle(inputs);
  });

  test("short relative inputs against a long base: hrefs many times longer than the inputs", () => {
    const inputs = Array.from({ length: 2500 }, (_, i) => (i % 3 === 0 ? `?${i}` : `x${i}`));
    assertSameAsSingle(inputs, "http://h/" + "€/".repeat(120));
    assertSameAsSingle(inputs, "http://h/" + "d/".repeat(2000));
  });

  test("one href larger than the whole output buffer", () => {
    const inputs = ["http://x/a", "http://h/" + "€".repeat(200_000), "HTTP://Y/b"];
    const [x, big, y] = parseMany(inputs);
    assert.is(x?.href, "http://x/a");
    assert.is(big?.pathname.length, 1 + 9 * 200_000);
    assert.is(y?.href, "http://y/b");
  });

  test("many chunks: 20,000 inputs", () => {
    const inputs = Array.from(
      { length: 20_000 },
      (_, i) => (i % 5 === 0 ? `bad ${i}` : `HTTPS://Host${i % 97}.example/p/${i}`),
    );
    const out = parseMany(inputs);
    for (let i = 0; i < inputs.length; i++) {
      if (i % 5 === 0) assert.is(out[i], null);
      else assert.is(out[i]?.href, `https://host${i % 97}.example/p/${i}`);
    }
  });

  // Issue 36: after one 64 MB input the scratch buffers stayed at 3x its size for the life of the process (384 MiB).
  // How the memory is measured on each runtime: test/support/memory.ts.
  test("an oversized input or base: the scratch memory is given back; ordinary calls stay flat", async () => {
    assert.ok(canCollect(), "run with --expose-gc (npm test does)");
    const MiB = 2 ** 20;
    const ordinary = Array.from({ length: 3000 }, (_, i) => `https://h${i % 50}.example/p/${i}?q=${"é".repeat(i % 9)}`);
    const parseOrdinary = (times: number) => () => {
      for (let i = 0; i < times; i++) assert.is(parseMany(ordinary)[7]?.pathname, "/p/7");
    };
    parseOrdinary(3)();
    // In a function of its own: no frame of the test holds the 16 MiB string or the URLs.
    const oversized = () => {
      const huge = "https://h.example/" + "a".repeat(16 * MiB); // 16 MiB of UTF-8, 48 MiB of scratch each
      assert.is(parseMany([huge])[0]?.href.length, huge.length);
      assert.is(parseMany(["x"], huge + "/")[0]?.href.length, huge.length + 2);
    };
    if (api.nativeLibrary().ffi === "wasm") {
      // A WebAssembly memory grows and never shrinks: the first oversized call keeps what it grew (the module's
      // memory), and the test is that a second one reuses it instead of growing again.
      await retainedBy(oversized, Infinity);
      const again = await retainedBy(oversized, 24 * MiB);
      assert.ok(again <= 24 * MiB, `a second oversized call grew the Wasm memory by ${(again / MiB).toFixed(1)} MiB`);
    } else {
      const retained = await retainedBy(oversized, 24 * MiB);
      assert.ok(retained <= 24 * MiB, `external memory ${(retained / MiB).toFixed(1)} MiB above before`);
    }
    const grown = await retainedBy(parseOrdinary(20), 8 * MiB);
    assert.ok(grown <= 8 * MiB, `20 ordinary calls: ${(grown / MiB).toFixed(1)} MiB more`);
  });

  test.run();
}
