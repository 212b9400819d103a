/**
 * Concurrency, memory and size limits: Workers parsing in parallel (each loading the library itself),
 * RSS kept flat across millions of operations, a 100 MB URL.
 */
import process from "node:process";
import { suite } from "uvu";
import * as assert from "uvu/assert";
import type { Api } from "../support/api.ts";
import { readLines } from "../support/files.ts";
import { hostileCases } from "../support/hostile.ts";
import type { Runtime } from "../support/entries.ts";
import { relativeBase, type RelativeWork, runParseWorker } from "../support/parse_workers.ts";

export function register(api: Api, runtime: Runtime, seed: number): void {
  const { URL, parseMany } = api;
  const test = suite(`stress (${runtime})`);

  test("4 Workers at once (each loads the library) give the main thread's answers", async () => {
    const real = readLines("bench/data/kasztp.txt").slice(0, 5000);
    const hostile = hostileCases(seed + 1, 5000).filter((c) => c.base === undefined).map((c) => c.input);
    const inputs = [...real, ...hostile];
    const expected = inputs.map((s) => URL.parse(s)?.href ?? null);
    const expectedSetters = inputs.map((s) => {
      const url = URL.parse(s);
      if (url === null) return null;
      url.search = "?worker=1";
      url.hash = "w";
      return url.href;
    });
    // Relative inputs against bases that change every three inputs, each Worker starting at another base: every
    // thread's native memo of its last base holds a different one at the same time.
    const relativeInputs = [
      ...real.slice(0, 2000).map((s) => URL.parse(s)).filter((u) => u !== null).map((u) => u.pathname + u.search),
      ...hostileCases(seed + 2, 1000).filter((c) => c.base !== undefined).map((c) => c.input),
    ];
    const bases = [
      ...real.slice(0, 7),
      ...hostileCases(seed + 3, 200).map((c) => c.base).filter((b) => b !== undefined).slice(0, 7),
    ];
    const work = (shift: number): RelativeWork => ({ inputs: relativeInputs, bases, shift });
    const results = await Promise.all([0, 1, 2, 3].map((shift) => runParseWorker(runtime, inputs, work(shift))));
    for (const [shift, r] of results.entries()) {
      assert.equal(r.single, expected);
      assert.equal(r.batch, expected);
      assert.equal(r.setters, expectedSetters);
      const w = work(shift);
      assert.equal(r.relative, relativeInputs.map((s, i) => URL.parse(s, relativeBase(w, i))?.href ?? null));
    }
  });

  test("memory stays flat over millions of parses, setters and batch calls", () => {
    const urls = readLines("bench/data/kasztp.txt").filter((s) => URL.canParse(s));
    const round = () => {
      let acc = 0;
      for (let i = 0; i < 400_000; i++) acc += new URL(urls[i % urls.length]).pathname.length;
      for (let i = 0; i < 100_000; i++) {
        const url = new URL(urls[i % urls.length]);
        url.search = "?q=" + i;
        url.searchParams.append("x", "y");
        acc += url.href.length;
      }
      for (let i = 0; i < 4; i++) acc += parseMany(urls).length;
      return acc;
    };
    // A full GC before each reading, else the JS heap's own growth shows up as a "leak".
    const g = globalThis as { gc?: () => void; Bun?: { gc(sync: boolean): void } };
    const collect = () => (g.Bun ? g.Bun.gc(true) : g.gc?.());
    assert.ok(g.Bun || g.gc, "run with --expose-gc (npm test does)");
    const measure = () => {
      collect();
      const m = process.memoryUsage();
      return { rss: m.rss, heap: m.heapUsed, heapTotal: m.heapTotal, external: m.external };
    };
    round(); // warm up: buffers, JIT, heap growth
    round();
    const before = measure();
    // RSS after each round, less what V8 reserved for its own heap meanwhile (V8 keeps pages it grew into;
    // under CPU load it grows more): what is left is native memory, where a leak of ours would show. The
    // median of the last three readings, so that one step of the allocator does not decide.
    const native: number[] = [];
    let after = before;
    for (let i = 0; i < 6; i++) {
      round();
      after = measure();
      native.push((after.rss - before.rss) - Math.max(0, after.heapTotal - before.heapTotal));
    }
    const late = native.slice(-3).sort((a, b) => a - b)[1];
    const mb = (n: number) => (n / (1 << 20)).toFixed(1);
    // 6 rounds = 2.4M parses, 600k setters, 1.15M batch URLs: 30 bytes kept per operation would be 120 MB.
    assert.ok(after.heap - before.heap < 16 << 20, `JS heap grew by ${mb(after.heap - before.heap)} MB`);
    assert.ok(
      late < 96 << 20,
      `native memory grew by ${mb(late)} MB (RSS ${mb(after.rss - before.rss)} MB, V8 heap reserved ` +
        `${mb(after.heapTotal - before.heapTotal)} MB; per round: ${native.map(mb).join(", ")})`,
    );
  });

  test("a 100 MB URL, canonical and one that grows through percent-encoding", () => {
    const n = 100 * 1024 * 1024;
    const canonical = "https://example.com/" + "a".repeat(n);
    const url = new URL(canonical);
    assert.is(url.href.length, canonical.length);
    assert.is(url.hostname, "example.com");
    const repeats = Math.floor(n / 30);
    const spaces = new URL("https://example.com/?" + "b c".repeat(repeats));
    assert.is(spaces.search.length, 1 + 5 * repeats);
    assert.equal(parseMany([canonical, "HTTP://X/"]).map((u) => u?.href.length), [canonical.length, 9]);
  });

  test("NUL bytes and non-string inputs", () => {
    assert.is(new URL("http://a/\u0000b").pathname, "/%00b");
    assert.throws(() => new URL("http://a\u0000b/"), (e: unknown) => e instanceof TypeError);
    // deno-lint-ignore no-explicit-any
    const AnyURL = URL as any;
    assert.is(new AnyURL(["http://arr/"]).href, "http://arr/");
    assert.throws(() => new AnyURL(12345), (e: unknown) => e instanceof TypeError);
    assert.throws(() =>
      new AnyURL({
        toString() {
          throw new RangeError("no");
        },
      }), (e: unknown) => e instanceof RangeError);
  });

  test.run();
}
