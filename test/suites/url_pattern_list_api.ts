/**
 * URLPatternList's API and hostile inputs: WebIDL-like edges (brand checks, errors with Node's codes, `length`,
 * inspect), the loop's semantics where they are easy to get wrong (order, add() after lookups, invalid input, an
 * empty list), realm safety, and sizes: 10,000 patterns, a catastrophic regexp group, a 1 MB request URL.
 */
import process from "node:process";
import { inspect } from "node:util";
import { suite } from "uvu";
import * as assert from "uvu/assert";
import type { Api } from "../support/api.ts";
import { timeLimit } from "../support/time_limit.ts";

type Pattern = InstanceType<Api["URLPattern"]>;

function throwsCode(fn: () => unknown, code: string, what: string): void {
  try {
    fn();
  } catch (error) {
    assert.instance(error, TypeError, what);
    assert.is((error as { code?: string }).code, code, `${what}: ${(error as Error).message}`);
    return;
  }
  assert.unreachable(`${what}: no error`);
}

/** The loop the list replaces: the first pattern whose exec() matches, and its result. */
function loop(patterns: Pattern[], ...args: unknown[]): { index: number; result: unknown } | null {
  for (let i = 0; i < patterns.length; i++) {
    const result = (patterns[i].exec as (...a: unknown[]) => unknown)(...args);
    if (result !== null) return { index: i, result };
  }
  return null;
}

function time(fn: () => void): number {
  const start = performance.now();
  fn();
  return performance.now() - start;
}

export function register(api: Api): void {
  const { URLPattern, URLPatternList } = api;
  const test = suite("URLPatternList: API and hostile inputs");

  test("the first match in insertion order, with the pattern's own result", () => {
    const list = new URLPatternList([
      { pathname: "/users/:id" },
      { pathname: "/users/me" },
      { hostname: "admin.example.com", pathname: "/users/:name" },
      "https://*.example.com/books/:id(\\d+)",
    ]);
    assert.is(list.length, 4);
    const me = list.exec("https://example.com/users/me")!;
    assert.is(me.index, 0); // order decides, not specificity
    assert.equal(me.result, new URLPattern({ pathname: "/users/:id" }).exec("https://example.com/users/me"));
    assert.is(list.exec("https://a.example.com/books/42")!.index, 3);
    assert.is(list.exec("https://a.example.com/books/x"), null);
    assert.is(list.test("https://a.example.com/books/x"), false);
    assert.is(list.test("https://a.example.com/users/1"), true);
    // Dot segments and percent-encoding are the URL parser's: the pattern sees the canonical pathname.
    assert.is(list.exec("https://x.org/books/../users/%6De")!.result.pathname.input, "/users/%6De");
    assert.is(list.exec("https://x.org/books/../users/%6De")!.index, 0);
  });

  test("inputs: strings with a base, URL objects (ours and the runtime's), dictionaries; invalid URLs do not match", () => {
    const patterns = [new URLPattern({ pathname: "/a/:x" }), new URLPattern({ protocol: "http", pathname: "/b" })];
    const list = new URLPatternList(patterns);
    assert.is(list.exec("1", "https://h.org/a/")!.index, 0);
    assert.equal(list.exec("1", "https://h.org/a/")!.result.inputs, ["1", "https://h.org/a/"]);
    assert.is(list.exec(new api.URL("http://h.org/b"))!.pattern, patterns[1]);
    assert.is(list.exec(new globalThis.URL("http://h.org/a/2"))!.index, 0);
    assert.equal(list.exec({ pathname: "/a/3" })!.result, patterns[0].exec({ pathname: "/a/3" }));
    for (const invalid of ["http://[", "/a/1", "", "https://exa mple.com/a/1"]) {
      assert.is(list.exec(invalid), null, invalid);
      assert.is(list.test(invalid), false, invalid);
    }
    assert.is(list.exec("/a/1", "not a base"), null);
  });

  test("add() after lookups: the new pattern answers from then on, in its place in the order", () => {
    const list = new URLPatternList();
    assert.is(list.exec("https://h.org/x/1"), null);
    assert.is(list.test("https://h.org/x/1"), false);
    assert.is(list.add({ pathname: "/x/:id(\\d+)" }), 0);
    assert.is(list.exec("https://h.org/x/1")!.index, 0);
    assert.is(list.add("/x/*", "https://h.org"), 1);
    assert.is(list.add("https://h.org/x/:y", { ignoreCase: true }), 2);
    assert.is(list.exec("https://h.org/x/1")!.index, 0);
    assert.is(list.exec("https://h.org/x/a/b")!.index, 1);
    assert.is(list.exec("https://H.org/X/a")!.index, 2);
    const pattern = new URLPattern({ pathname: "/z" });
    assert.is(list.add(pattern), 3);
    assert.is(list.exec("https://h.org/z")!.pattern, pattern);
    assert.is(list.length, 4);
  });

  test("bad arguments: TypeErrors with Node's codes, as URLPattern's", () => {
    const list = new URLPatternList([{ pathname: "/a" }]);
    const fake = Object.create(URLPatternList.prototype);
    throwsCode(() => Reflect.get(URLPatternList.prototype, "length", fake), "ERR_INVALID_THIS", "length");
    throwsCode(() => list.test.call(fake, "https://h/a"), "ERR_INVALID_THIS", "test");
    throwsCode(() => list.exec.call({}, "https://h/a"), "ERR_INVALID_THIS", "exec");
    throwsCode(() => list.add.call(fake, "/a"), "ERR_INVALID_THIS", "add");
    for (const bad of [5, "abc", {}, null, true]) {
      throwsCode(() => new URLPatternList(bad as never), "ERR_INVALID_ARG_TYPE", `patterns ${String(bad)}`);
    }
    throwsCode(() => new URLPatternList([], 5 as never), "ERR_INVALID_ARG_TYPE", "options");
    throwsCode(() => new URLPatternList(["("]), "ERR_INVALID_URL_PATTERN", "an invalid pattern");
    throwsCode(() => new URLPatternList([{ pathname: "/:x(" }]), "ERR_INVALID_URL_PATTERN", "an invalid regexp");
    throwsCode(() => (list.add as () => number)(), "ERR_MISSING_ARGS", "add()");
    throwsCode(() => list.add(new URLPattern({}), "https://h"), "ERR_INVALID_ARG_VALUE", "add(URLPattern, base)");
    throwsCode(() => list.add({ pathname: "/b" }, "https://h"), "ERR_INVALID_URL_PATTERN", "add(init, base)");
    assert.is(list.length, 1, "nothing was added by a failed add()");
    // A base URL with a dictionary input: the error URLPattern's exec() throws, under the same code.
    let patternCode: unknown;
    try {
      new URLPattern({ pathname: "/a" }).exec({ pathname: "/a" }, "https://h");
    } catch (error) {
      patternCode = (error as { code?: string }).code;
    }
    throwsCode(() => list.exec({ pathname: "/a" }, "https://h"), patternCode as string, "exec(init, base)");
    throwsCode(() => list.test({ pathname: "/a" }, "https://h"), patternCode as string, "test(init, base)");
    // The loop over no patterns calls nothing, so throws nothing.
    assert.is(new URLPatternList().exec({ pathname: "/a" }, "https://h"), null);
    // A non-iterable patterns argument is caught before any pattern is made; a generator works.
    const list2 = new URLPatternList((function* () {
      yield { pathname: "/g" };
      yield "https://h.org/k";
    })());
    assert.is(list2.length, 2);
    assert.is(list2.exec("https://h.org/k")!.index, 1);
  });

  test("WebIDL-like shape: members on the prototype, length a getter, toStringTag, inspect, not a global", () => {
    const list = new URLPatternList([{ pathname: "/a" }, { pathname: "/b/:c" }]);
    const descriptor = Object.getOwnPropertyDescriptor(URLPatternList.prototype, "length")!;
    assert.type(descriptor.get, "function");
    assert.is(descriptor.set, undefined);
    assert.is(descriptor.enumerable, true);
    assert.is(Object.prototype.toString.call(list), "[object URLPatternList]");
    assert.is(URLPatternList.length, 0);
    assert.is(URLPatternList.prototype.add.length, 1);
    assert.is(URLPatternList.prototype.exec.length, 0);
    const shown = inspect(list);
    assert.ok(shown.startsWith("URLPatternList {"), shown);
    assert.ok(shown.includes("length: 2") && shown.includes("'/b/:c'"), shown);
    assert.is((globalThis as Record<string, unknown>).URLPatternList, undefined);
    assert.equal(Object.keys(list), []);
  });

  test("realm safety: changing RegExp, Map and String prototypes after load changes no lookup's answer", () => {
    // Made before: constructing a pattern is ada_calls.ts's (it decodes ada's output with String methods). Not
    // changed: charCodeAt, which the strings' encoders call (ffi/native_calls/strings.ts, Deno's path).
    const list = new URLPatternList([{ pathname: "/users/:id(\\d+)" }, { pathname: "/users/:name" }]);
    list.add({ hostname: "h.org", pathname: "/late/:x" });
    list.add({ pathname: "/exact" });
    const saved = {
      exec: RegExp.prototype.exec,
      test: RegExp.prototype.test,
      get: Map.prototype.get,
      slice: String.prototype.slice,
      indexOf: String.prototype.indexOf,
    };
    const restore = () => {
      Object.assign(RegExp.prototype, { exec: saved.exec, test: saved.test });
      Object.assign(Map.prototype, { get: saved.get });
      Object.assign(String.prototype, { slice: saved.slice, indexOf: saved.indexOf });
    };
    try {
      RegExp.prototype.exec = () => null;
      RegExp.prototype.test = () => false;
      Map.prototype.get = () => undefined;
      String.prototype.slice = () => "";
      String.prototype.indexOf = () => -1;
      const found = list.exec("https://h.org/users/42");
      const named = list.exec("https://h.org/users/ann");
      const late = list.exec("https://h.org/late/1");
      const exact = list.exec("https://h.org/exact");
      // Matching calls RegExp's exec as it was at load, never the prototype's: test() too (the built-in test would
      // ask the prototype's exec).
      const tested = [list.test("https://h.org/users/42"), list.test("https://h.org/late/1")];
      restore();
      assert.is(found?.index, 0);
      assert.is(found?.result.pathname.groups.id, "42");
      assert.is(named?.index, 1);
      assert.is(late?.index, 2);
      assert.is(exact?.index, 3);
      assert.equal(tested, [true, true]);
    } finally {
      restore();
    }
  });

  test("realm safety: accessors on RegExp.prototype are never read by a lookup, and cannot start one inside it", () => {
    // A getter that makes a lookup of its own would overwrite the lookup under way (its prepared input and
    // candidates) if a lookup read RegExp.prototype.exec or .test while matching.
    const list = new URLPatternList([{ pathname: "/x/:id(\\d+)" }, { pathname: "/y/:id(\\d+)" }]);
    const other = new URLPatternList([{ hostname: "other.org", pathname: "/z/:id(\\d+)" }]);
    const saved = {
      exec: Object.getOwnPropertyDescriptor(RegExp.prototype, "exec")!,
      test: Object.getOwnPropertyDescriptor(RegExp.prototype, "test")!,
    };
    let reads = 0;
    const nested = () => {
      reads++;
      list.exec("https://h.org/x/1");
      other.test("https://other.org/z/2");
    };
    try {
      for (const name of ["exec", "test"] as const) {
        Object.defineProperty(RegExp.prototype, name, {
          configurable: true,
          get() {
            nested();
            return saved[name].value;
          },
        });
      }
      const found = list.exec("https://h.org/y/2");
      const tested = list.test("https://h.org/y/3");
      const alone = new URLPattern({ pathname: "/y/:id(\\d+)" });
      const one = [alone.exec("https://h.org/y/4")?.pathname.groups.id, alone.test("https://h.org/y/4")];
      Object.defineProperty(RegExp.prototype, "exec", saved.exec);
      Object.defineProperty(RegExp.prototype, "test", saved.test);
      assert.is(found?.index, 1);
      assert.is(found?.result.pathname.groups.id, "2");
      assert.is(tested, true);
      assert.equal(one, ["4", true]);
      assert.is(reads, 0, "RegExp.prototype's accessors were read while matching");
    } finally {
      Object.defineProperty(RegExp.prototype, "exec", saved.exec);
      Object.defineProperty(RegExp.prototype, "test", saved.test);
    }
  });

  test("realm safety: siblings added while Array.prototype[Symbol.iterator] is replaced are indexed as before", () => {
    // The seventh literal child of a node moves its children to a hash table: built without iterating an array.
    const paths = ["/a", "/b", "/c", "/d", "/e", "/f", "/g", "/h"];
    const patterns = paths.map((pathname) => new URLPattern({ pathname }));
    const list = new URLPatternList();
    const iterator = Array.prototype[Symbol.iterator];
    try {
      Array.prototype[Symbol.iterator] = function* () {} as unknown as typeof iterator;
      for (let k = 0; k < patterns.length; k++) list.add(patterns[k]);
    } finally {
      Array.prototype[Symbol.iterator] = iterator;
    }
    for (const path of [...paths, "/x"]) {
      assert.is(list.exec("https://h" + path)?.index ?? -1, loop(patterns, "https://h" + path)?.index ?? -1, path);
    }
  });

  test("realm safety: a runtime URLPattern added while String.prototype.slice is replaced is indexed as before", () => {
    // Adding one classifies its pathname into index keys (route_placement.ts's runtimePlacement), after user code ran.
    const Builtin = (globalThis as unknown as { URLPattern?: new (...a: unknown[]) => Pattern }).URLPattern;
    if (Builtin === undefined || Builtin === (URLPattern as unknown)) {
      console.log("  (skipped: this runtime has no URLPattern of its own)");
      return;
    }
    const theirs = [new Builtin({ pathname: "/R5-:id" }), new Builtin({ pathname: "/file{.:ext}?" })];
    const list = new URLPatternList();
    const slice = String.prototype.slice;
    try {
      String.prototype.slice = () => "";
      for (const pattern of theirs) list.add(pattern as never);
    } finally {
      String.prototype.slice = slice;
    }
    for (const input of ["https://h/R5-42", "https://h/r5-42", "https://h/file.txt", "https://h/file", "https://h/x"]) {
      assert.is(list.exec(input)?.index ?? -1, loop(theirs, input)?.index ?? -1, input);
    }
  });

  test("the runtime's own URLPattern objects are kept as they are: their own answers, ignoreCase included", () => {
    const Builtin = (globalThis as unknown as { URLPattern?: new (...a: unknown[]) => Pattern }).URLPattern;
    if (Builtin === undefined || Builtin === (URLPattern as unknown)) {
      console.log("  (skipped: this runtime has no URLPattern of its own)");
      return;
    }
    const theirs = new Builtin({ pathname: "/A/:id" }, { ignoreCase: true });
    const ours = new URLPattern({ pathname: "/b/:id" });
    const list = new URLPatternList([theirs, ours, { pathname: "/a/:id" }]);
    const cases: unknown[][] = [
      ["https://h/a/1"],
      ["https://h/A/2"],
      ["https://h/b/3"],
      ["/a/4", "https://h"],
      [{ pathname: "/a/5" }],
      [new globalThis.URL("https://h/a/6")],
      [new api.URL("https://h/a/7")],
      ["https://h/c/8"],
    ];
    const all = [theirs, ours, new URLPattern({ pathname: "/a/:id" })];
    for (const args of cases) {
      const got = (list.exec as (...a: unknown[]) => ReturnType<typeof list.exec>)(...args);
      const expected = loop(all, ...args);
      assert.is(got?.index ?? -1, expected?.index ?? -1, JSON.stringify(args));
      assert.is((list.test as (...a: unknown[]) => boolean)(...args), expected !== null);
      if (got !== null) {
        assert.is(got.pattern, all[got.index]);
        assert.equal(got.result, expected!.result);
      }
    }
    assert.is(list.add(theirs), 3);
    assert.throws(() => (list.add as (...a: unknown[]) => number)(theirs, { ignoreCase: true }), TypeError);
    // Its input converted by the runtime may run user code that makes lookups: the outer lookup's answer stands.
    // A lookup of the same list there merges candidate lists as the outer one does, which then goes on from where it
    // stood.
    let calls = 0;
    const both = new URLPatternList([theirs, ours]);
    const tricky = {
      get pathname() {
        calls++;
        list.exec("https://h/b/nested");
        assert.is(both.exec({ pathname: "/b/nested" })?.index, 1);
        return "/b/9";
      },
    };
    const found = both.exec(tricky as never);
    assert.is(found?.index, 1);
    assert.is(found?.result.pathname.groups.id, "9");
    assert.ok(calls >= 2, `${calls} conversions`);
  });

  test("a pathname that meets a candidate list at each of 40 depths: the loop's answers", () => {
    // `/*` tails at every depth, the deepest first: 40 lists merged, more than the merge's first buffer holds.
    const patterns: Pattern[] = [];
    for (let depth = 40; depth >= 1; depth--) {
      patterns.push(new URLPattern({ pathname: "/s".repeat(depth) + "/:x(\\d+)/*" }));
      patterns.push(new URLPattern({ pathname: "/s".repeat(depth) + "/*" }));
    }
    const list = new URLPatternList(patterns);
    for (const path of ["/s".repeat(45), "/s".repeat(20) + "/7/x", "/s".repeat(40) + "/1/y", "/t"]) {
      const url = "https://h" + path;
      const expected = loop(patterns, url);
      const got = list.exec(url);
      assert.is(got?.index ?? -1, expected?.index ?? -1, path);
      assert.equal(got?.result, expected?.result);
    }
  });

  test("10,000 patterns: construction and lookups stay fast, the answers are the loop's", () => {
    const patterns: Pattern[] = [];
    const made = time(() => {
      for (let i = 0; i < 10_000; i++) {
        const pathname = i % 10 === 9 ? `/r${i}/:id(\\d+)` : i % 3 === 0 ? `/r${i}/items/:id` : `/r${i}/list`;
        patterns.push(new URLPattern({ pathname }));
      }
    });
    let list!: InstanceType<typeof URLPatternList>;
    const built = time(() => (list = new URLPatternList(patterns)));
    const requests = Array.from({ length: 200 }, (_, k) => {
      const i = (k * 7919) % 10_000;
      return `https://h.org/r${i}/${i % 10 === 9 ? "12" : i % 3 === 0 ? "items/x" : "list"}${k % 5 === 4 ? "x" : ""}`;
    });
    // Every request compared with the loop, index and result (the loop costs ~10 ms a request here).
    const viaLoop: ({ index: number; result: unknown } | null)[] = [];
    const loopTime = time(() => {
      for (const r of requests) viaLoop.push(loop(patterns, r));
    });
    // The list's 200 lookups take a few ms: the best of 5 rounds, so that one GC pause on a loaded machine does not
    // pass for its cost (the loop's ~1 s absorbs such pauses).
    let viaList: ReturnType<typeof list.exec>[] = [];
    let listTime = Infinity;
    for (let round = 0; round < 5; round++) {
      viaList = [];
      listTime = Math.min(
        listTime,
        time(() => {
          for (const r of requests) viaList.push(list.exec(r));
        }),
      );
    }
    requests.forEach((r, k) => {
      const got = viaList[k], expected = viaLoop[k];
      assert.is(got?.index ?? -1, expected?.index ?? -1, r);
      assert.is(list.test(r), expected !== null, r);
      if (got === null) return;
      assert.is(got.pattern, patterns[got.index], r);
      assert.equal(got.result, expected!.result, r);
    });
    assert.ok(viaList.filter((x) => x === null).length >= 10, "misses too");
    assert.ok(viaList.filter((x) => x?.result.pathname.groups.id !== undefined).length >= 10, "groups too");
    const perLoop = loopTime / requests.length, perList = listTime / requests.length;
    console.log(
      `  10,000 patterns: made in ${made.toFixed(0)} ms, list built in ${built.toFixed(0)} ms; ` +
        `${(perList * 1000).toFixed(1)} µs a lookup (the loop: ${(perLoop * 1000).toFixed(0)} µs)`,
    );
    // 0.3-0.6 s natively; under qemu-user (test/prebuilt_check.mjs's arm64 run, which sets ADA_FFI_TEST_IN_PROCESS)
    // everything runs 4-6x slower: 2.06 s there once.
    const buildLimit = timeLimit(process.env.ADA_FFI_TEST_IN_PROCESS === "1" ? 8000 : 2000);
    assert.ok(built < buildLimit, `list built in ${built} ms`);
    assert.ok(perList * 20 < perLoop, `a list lookup ${perList} ms, a loop ${perLoop} ms`);
  });

  test("a catastrophic regexp group: the list runs it once, as the loop does", () => {
    // (a+)+b on a's and no b backtracks exponentially: grow the input until one run takes over 10 ms, so that two
    // runs (50% over the loop's one, plus 2 ms of slack) cannot pass for one.
    const slow = new URLPattern({ pathname: "/slow/:x((?:a+)+b)" });
    let input = "";
    for (let n = 14; n <= 30; n++) {
      input = `https://h.org/slow/${"a".repeat(n)}c`;
      if (time(() => slow.test(input)) > 10) break;
    }
    const patterns = [new URLPattern({ pathname: "/fast/:x" }), slow, new URLPattern({ pathname: "/slow/*" })];
    const list = new URLPatternList(patterns);
    let viaList: unknown, viaLoop: unknown;
    // The best of five alternating runs each: a machine under load slows single runs by several times.
    const best = { one: Infinity, list: Infinity, loop: Infinity };
    for (let round = 0; round < 5; round++) {
      best.one = Math.min(best.one, time(() => slow.exec(input)));
      best.list = Math.min(best.list, time(() => (viaList = list.exec(input)?.index)));
      best.loop = Math.min(best.loop, time(() => (viaLoop = loop(patterns, input)?.index)));
    }
    assert.is(viaList, 2);
    assert.is(viaLoop, 2);
    // Once, as the loop: twice would take two runs' time. Measured against the loop, which runs the same pattern's
    // exec() among the others, not against the pattern's exec() alone: under CI's load (Node 20, Wasm backend) the
    // best lone exec() once took half the best of both the loop and the list, which each run it once.
    assert.ok(best.list < best.loop * 1.5 + 2, `list ${best.list} ms, loop ${best.loop}, one exec() ${best.one}`);
  });

  test("a 1 MB request URL: the same answer as the loop, in reasonable time", () => {
    const patterns = [
      new URLPattern({ pathname: "/files/:name" }),
      new URLPattern({ pathname: "/deep/*" }),
      new URLPattern({ pathname: "/q", search: "k=:v" }),
    ];
    const list = new URLPatternList(patterns);
    const inputs = [
      `https://h.org/files/${"x".repeat(1 << 20)}`,
      `https://h.org/deep/${"a/".repeat(1 << 19)}`,
      `https://h.org/q?k=${"v".repeat(1 << 20)}`,
      `https://h.org/${"a/".repeat(1 << 19)}`,
    ];
    for (const input of inputs) {
      let viaList: unknown;
      const took = time(() => (viaList = list.exec(input)));
      const expected = loop(patterns, input);
      const got = viaList as { index: number; result: unknown } | null;
      assert.is(got?.index, expected?.index);
      assert.equal(got?.result, expected?.result);
      assert.ok(took < timeLimit(2000), `${took} ms`);
    }
  });

  test("a 16 MB path: the list gives the loop's outcome, its RangeError included where the engine's RegExp gives up", () => {
    // V8 (Node, Deno) throws a RangeError running `/:a`'s RegExp on a 16 MB pathname; the index alone would answer.
    const outcome = (f: () => unknown): string => {
      try {
        const value = f() as { index?: number; result?: unknown } | boolean | null;
        return JSON.stringify(value);
      } catch (error) {
        return `throws ${(error as Error).constructor.name}`;
      }
    };
    const path = `/${"a".repeat(16 << 20)}`;
    const input = `https://h.org${path}`;
    for (const pathname of ["/:a", "/:a/", "/*"]) {
      const pattern = new URLPattern({ pathname });
      const loopTest = outcome(() => pattern.test(input));
      const loopExec = outcome(() => {
        const result = pattern.exec(input);
        return result === null ? null : { index: 0, groups: result.pathname.groups.a?.length };
      });
      const list = new URLPatternList([pattern]);
      assert.is(outcome(() => list.test(input)), loopTest, `${pathname}: test()`);
      assert.is(
        outcome(() => {
          const found = list.exec(input);
          return found === null ? null : { index: found.index, groups: found.result.pathname.groups.a?.length };
        }),
        loopExec,
        `${pathname}: exec()`,
      );
      assert.is(
        outcome(() => {
          const found = list.match(input);
          return found === null ? null : { index: found.index, groups: found.params.a?.length };
        }),
        loopExec,
        `${pathname}: match()`,
      );
    }
  });

  test.run();
}
