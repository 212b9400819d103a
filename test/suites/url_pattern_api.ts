/**
 * URLPattern beyond WPT: WebIDL conversions and overloads, the result's shape, errors, the special-scheme
 * question, and hostile input (huge patterns and inputs, group bombs, deep nesting, invalid regexes, lone
 * surrogates, non-ASCII names) — a TypeError or the right answer, quickly, never a crash or hang.
 */
import { suite } from "uvu";
import * as assert from "uvu/assert";
import type { Api } from "../support/api.ts";
import { timeLimit } from "../support/time_limit.ts";

type Pattern = InstanceType<Api["URLPattern"]>;
const MB = 1 << 20;
/** URLPatternInit's component members in WebIDL's (lexicographic) order. */
const COMPONENTS_SORTED = ["hash", "hostname", "password", "pathname", "port", "protocol", "search", "username"];

/** What `f` throws (undefined when it returns). */
function thrown(f: () => unknown): unknown {
  try {
    f();
  } catch (error) {
    return error;
  }
  return undefined;
}

export function register(api: Api): void {
  const { URLPattern } = api;
  const make = (...args: unknown[]) => new (URLPattern as unknown as new (...a: unknown[]) => Pattern)(...args);
  const isTypeError = (e: unknown) => e instanceof TypeError;
  const test = suite("URLPattern API");

  test("WebIDL shape: lengths, enumerable members, toStringTag", () => {
    assert.is(URLPattern.length, 0);
    assert.is(URLPattern.prototype.test.length, 0);
    assert.is(URLPattern.prototype.exec.length, 0);
    const members = Object.keys(URLPattern.prototype);
    for (const name of ["protocol", "hostname", "pathname", "hash", "hasRegExpGroups", "test", "exec"]) {
      assert.ok(members.includes(name), name);
    }
    assert.is(Object.prototype.toString.call(new URLPattern()), "[object URLPattern]");
    assert.is(new URLPattern().pathname, "*");
  });

  test("overloads: (string, base, options), (input, options); a dictionary with a base is refused", () => {
    assert.is(make("/a/:x", "https://h").hostname, "h");
    assert.is(make("/A", "https://h", { ignoreCase: true }).test("https://h/a"), true);
    assert.is(make({ pathname: "/A" }, { ignoreCase: true }).test("https://h/a"), true);
    assert.is(make("https://h/A", { ignoreCase: true }).test("https://h/a"), true);
    assert.is(make({ pathname: "/A" }, null).test("https://h/a"), false);
    assert.throws(() => make({ pathname: "/a" }, "https://h"), isTypeError);
    // Three arguments always mean (input, baseURL, options): an undefined base is the string "undefined".
    assert.throws(() => make("/a", undefined, {}), isTypeError);
    assert.throws(() => make({}, {}, "not a dictionary"), isTypeError);
    assert.throws(() => make({}, 5 as unknown), isTypeError); // 5 is a base URL "5" for a dictionary input
    assert.throws(() => make("/a"), isTypeError); // relative without a base
    const error = thrown(() => make("(")) as TypeError & { code?: string };
    assert.ok(error instanceof TypeError);
    assert.is(error!.code, "ERR_INVALID_URL_PATTERN");
  });

  test("dictionary members are read in WebIDL's (lexicographic) order, once each", () => {
    const read: string[] = [];
    make(new Proxy({}, { get: (_t, key) => (read.push(String(key)), undefined) }));
    assert.equal(read, ["baseURL", ...COMPONENTS_SORTED]);
    assert.throws(() => make({ pathname: Symbol("x") }), isTypeError);
    assert.throws(() =>
      make({
        get pathname() {
          throw new RangeError("boom");
        },
      }), (e: unknown) => e instanceof RangeError);
  });

  test("error codes as Node's built-in (24, 26): a Symbol argument, a base URL beside a URLPatternInit", () => {
    const pattern = new URLPattern({ pathname: "/x" });
    const list = new api.URLPatternList([{ pathname: "/x" }]);
    const cases: [string, () => unknown, string][] = [
      ["exec(init, base)", () => pattern.exec({ pathname: "/x" }, "http://h/"), "ERR_OPERATION_FAILED"],
      ["test(init, base)", () => pattern.test({ pathname: "/x" }, "http://h/"), "ERR_OPERATION_FAILED"],
      ["list.exec(init, base)", () => list.exec({ pathname: "/x" }, "http://h/"), "ERR_OPERATION_FAILED"],
      ["list.test(init, base)", () => list.test({ pathname: "/x" }, "http://h/"), "ERR_OPERATION_FAILED"],
      ["list.match(init, base)", () => list.match({ pathname: "/x" }, "http://h/"), "ERR_OPERATION_FAILED"],
      ["exec(Symbol)", () => pattern.exec(Symbol("s") as never), "ERR_INVALID_ARG_TYPE"],
      ["test(Symbol)", () => pattern.test(Symbol("s") as never), "ERR_INVALID_ARG_TYPE"],
      ["exec(url, Symbol)", () => pattern.exec("http://h/x", Symbol("s") as never), "ERR_INVALID_ARG_TYPE"],
      ["list.exec(Symbol)", () => list.exec(Symbol("s") as never), "ERR_INVALID_ARG_TYPE"],
      ["list.test(Symbol)", () => list.test(Symbol("s") as never), "ERR_INVALID_ARG_TYPE"],
      ["list.match(url, Symbol)", () => list.match("http://h/x", Symbol("s") as never), "ERR_INVALID_ARG_TYPE"],
      ["new URLPattern(Symbol)", () => make(Symbol("s")), "ERR_INVALID_ARG_TYPE"],
      ["new URLPattern(string, Symbol)", () => make("/x", Symbol("s")), "ERR_INVALID_ARG_TYPE"],
      ["new URLPattern(init, base)", () => make({ pathname: "/x" }, "http://h/"), "ERR_INVALID_URL_PATTERN"],
    ];
    for (const [what, f, code] of cases) {
      const error = thrown(f) as { code?: string } | undefined;
      assert.instance(error, TypeError, what);
      assert.is(error!.code, code, `${what}: ${(error as Error).message}`);
    }
    // Where the runtime is Node with a URLPattern of its own, its codes are the reference.
    const Builtin = (globalThis as unknown as { URLPattern?: new (...a: unknown[]) => Pattern }).URLPattern;
    const onNode = typeof process !== "undefined" && process.release?.name === "node" && !("Deno" in globalThis) &&
      !("Bun" in globalThis);
    if (onNode && Builtin !== undefined && Builtin !== (URLPattern as unknown)) {
      const builtin = new Builtin({ pathname: "/x" });
      const builtinCases: [string, () => unknown, string][] = [
        ["exec(init, base)", () => builtin.exec({ pathname: "/x" }, "http://h/"), "ERR_OPERATION_FAILED"],
        ["exec(Symbol)", () => builtin.exec(Symbol("s") as never), "ERR_INVALID_ARG_TYPE"],
        ["exec(url, Symbol)", () => builtin.exec("http://h/x", Symbol("s") as never), "ERR_INVALID_ARG_TYPE"],
        ["new URLPattern(Symbol)", () => new Builtin(Symbol("s")), "ERR_INVALID_ARG_TYPE"],
        ["new URLPattern(init, base)", () => new Builtin({ pathname: "/x" }, "http://h/"), "ERR_INVALID_URL_PATTERN"],
      ];
      for (const [what, f, code] of builtinCases) {
        assert.is((thrown(f) as { code?: string } | undefined)?.code, code, `Node's built-in ${what}`);
      }
    }
  });

  test("members on a foreign receiver throw ERR_INVALID_THIS", () => {
    for (const name of ["protocol", "pathname", "hasRegExpGroups"]) {
      const getter = Object.getOwnPropertyDescriptor(URLPattern.prototype, name)!.get!;
      assert.throws(
        () => getter.call({}),
        (e: unknown) => isTypeError(e) && (e as { code?: string }).code === "ERR_INVALID_THIS",
      );
    }
    assert.throws(() => URLPattern.prototype.test.call({}, "https://h/"), isTypeError);
    assert.throws(() => URLPattern.prototype.exec.call(new URL("https://h/"), "https://h/"), isTypeError);
  });

  test("exec(): lexicographic members, inputs as given, undefined for a group that did not take part", () => {
    const p = make({ pathname: "/:a/:b?" });
    const r = p.exec("https://h/y")!;
    assert.equal(Object.keys(r), [
      "hash",
      "hostname",
      "inputs",
      "password",
      "pathname",
      "port",
      "protocol",
      "search",
      "username",
    ]);
    assert.equal(Object.keys(r.pathname), ["groups", "input"]);
    assert.equal(r.inputs, ["https://h/y"]);
    assert.equal(Object.keys(r.pathname.groups), ["a", "b"]);
    assert.is(r.pathname.groups.b, undefined);
    assert.equal(r.hostname, { groups: { 0: "h" }, input: "h" });
    assert.equal(p.exec("/x", "https://h/")!.inputs, ["/x", "https://h/"]);
    assert.is(p.exec("https://h/x", "not a base"), null);
    assert.is(p.test("not a url"), false);
    assert.throws(() => p.exec({ pathname: "/x" }, "https://h/"), isTypeError);
    // A dictionary input: reported as converted (strings, only the members given).
    assert.equal(make({ pathname: "/x" }).exec({ pathname: "/x", search: 3 } as never)!.inputs, [{
      pathname: "/x",
      search: "3",
    }]);
    // test() is test({}): a default pattern matches it.
    assert.is(new URLPattern().test(), true);
    assert.is(make({ pathname: "/x" }).test(), false);
    // A URL object is a dictionary of its components.
    const viaUrl = make({ pathname: "/b/:id" }).exec(new api.URL("https://h/b/7?q#f") as never)!;
    assert.is(viaUrl.pathname.groups.id, "7");
    assert.equal(Object.keys(viaUrl.inputs[0] as object).sort(), COMPONENTS_SORTED);
  });

  test("ignoreCase applies to pathname, search and hash", () => {
    assert.equal(make({ search: "Q=:v" }, { ignoreCase: true }).exec("https://h/?q=1")!.search, {
      groups: { v: "1" },
      input: "q=1",
    });
    assert.is(make({ hash: "TOP" }, { ignoreCase: true }).test("https://h/#top"), true);
    assert.is(make({ hash: "TOP" }).test("https://h/#top"), false);
  });

  test("a protocol given as a regular expression: the engine answers whether it matches a special scheme", () => {
    // Special: the pathname is canonicalized as a path ("./" removed); not special: kept as it is.
    assert.is(make({ protocol: "(https?)", pathname: "a/./b" }).pathname, "a/b");
    assert.is(make({ protocol: "(foo)", pathname: "a/./b" }).pathname, "a/./b");
    assert.is(make("http{s}?://h/x").test("https://h/x"), true);
    assert.is(make("http{s}?://h/x").test("ftp://h/x"), false);
    assert.throws(() => make({ protocol: "([a)", pathname: "/x" }), isTypeError);
  });

  test("components with and without a regexp group of their own (RegExps made now or on first use) together", () => {
    // Found by the differential test: a RegExp made at construction shifted the ones made later by one.
    const p = make({ pathname: "/(foo|bar)/:a?/books", search: "q=:q", hash: ":h(\\d+)" });
    const r = p.exec("https://h/bar/a/books?q=1#7")!;
    assert.equal([r.pathname.groups, r.search.groups, r.hash.groups], [{ 0: "bar", a: "a" }, { q: "1" }, { h: "7" }]);
    assert.is(p.test("https://h/bar/a/books?q=1#x"), false);
  });

  test("regular expressions run in this engine with the v flag (also [^] on Node 20)", () => {
    assert.equal(make({ pathname: "/:a([^]+)" }).exec("https://h/ab/c")!.pathname.groups, { a: "ab/c" });
    assert.is(make({ pathname: "/([\\p{L}--[a-z]]+)" }).test("https://h/%C3%A9"), false); // set subtraction parses
    const invalid = thrown(() => make({ pathname: "/(a[)" })) as TypeError;
    assert.ok(invalid instanceof TypeError && invalid.cause instanceof SyntaxError, String(invalid));
  });

  const hostile = suite("URLPattern hostile input");
  const quickly = (what: string, f: () => void, ms = 5000) => {
    const start = performance.now();
    f();
    const took = performance.now() - start;
    assert.ok(took < timeLimit(ms), `${what} took ${took.toFixed(0)} ms`);
  };
  hostile("a 1 MB literal pattern, a 1 MB constructor string, a 1 MB input", () => {
    quickly("literal", () => assert.is(make({ pathname: "/" + "a".repeat(MB) }).pathname.length, MB + 1));
    quickly("string", () => assert.is(make("https://h/" + "x".repeat(MB)).pathname.length, MB + 1));
    const p = make({ pathname: "/:a/*" });
    quickly("input", () => assert.is(p.exec("https://h/" + "b".repeat(MB) + "/c")!.pathname.groups.a!.length, MB));
    quickly("dictionary input", () => assert.is(p.test({ pathname: "/" + "b".repeat(MB) + "/c" }), true));
  });
  hostile("more groups in a component than any engine compiles: a TypeError, without ada's quadratic parse", () => {
    quickly("1 MB of /*", () => assert.throws(() => make({ pathname: "/*".repeat(MB / 2) }), isTypeError), 2000);
    quickly("32769 named groups", () =>
      assert.throws(
        () => make({ pathname: Array.from({ length: 32769 }, (_, i) => `/:g${i}`).join("") }),
        isTypeError,
      ));
    // 4000 groups split over components are fine.
    quickly("4000 groups", () =>
      assert.is(
        make({ pathname: "/:a(x)".repeat(1) + "/*".repeat(2000), search: "*&".repeat(1999) + "*" }).hasRegExpGroups,
        true,
      ));
  });
  hostile("deep nesting, invalid regexes, lone surrogates, NUL, non-ASCII names", () => {
    quickly(
      "braces",
      () => assert.throws(() => make({ pathname: "{".repeat(10000) + "a" + "}".repeat(10000) }), isTypeError),
    );
    quickly("nested regex", () => {
      try {
        const p = make({ pathname: "/(" + "(?:".repeat(20000) + "a" + ")".repeat(20000) + ")" });
        assert.is(p.test("https://h/a"), true);
      } catch (e) {
        assert.ok(isTypeError(e), String(e)); // an engine may refuse the depth (JavaScriptCore does)
      }
    });
    assert.throws(() => make({ pathname: "/([a&&&b])" }), isTypeError);
    assert.throws(() => make({ pathname: "/(\u00e9)" }), isTypeError); // regexp groups take ASCII only
    assert.is(make({ pathname: "/\uD800:x" }).pathname, "/%EF%BF%BD:x");
    assert.is(make({ pathname: "/:a\uD800b" }).pathname, "/:a%EF%BF%BDb");
    assert.is(make({ pathname: "/a\u0000b" }).pathname, "/a%00b");
    assert.equal(make({ pathname: "/:café/:名前" }).exec("https://h/1/2")!.pathname.groups, { café: "1", 名前: "2" });
    assert.is(make({ pathname: "/x" }).test("https://h/\uD800"), false);
    assert.is(make({ pathname: "/%EF%BF%BD" }).test("https://h/\uD800"), true);
    // exec() reports its input as WebIDL converted it (a lone surrogate is U+FFFD), as the built-ins do.
    assert.equal(make({ pathname: "/*" }).exec("https://h/a\uD800")!.inputs, ["https://h/a\uFFFD"]);
    assert.equal(make({ pathname: "/*" }).exec("/x\uDC00", "https://h")!.inputs, ["/x\uFFFD", "https://h"]);
  });

  test.run();
  hostile(
    "exec(): a protocol or hostname that rules the input out stops a slow pathname RegExp, as test() does",
    () => {
      // (?:a+)+b on a's and no b backtracks exponentially. Grow the input until the pathname RegExp alone takes over
      // 20 ms; exec() and test() with a hostname that does not match must answer without running it (the standard's
      // match looks at the components in order, and the built-ins stop at the first that fails).
      const time = (fn: () => unknown) => {
        const start = performance.now();
        fn();
        return performance.now() - start;
      };
      // Fresh patterns for every run: an engine may switch a RegExp that backtracked too much to a linear-time
      // matcher, after which a second run says nothing.
      const slowPath = "/slow/:x((?:a+)+b)";
      let input = "";
      let alone = 0;
      for (let n = 14; n <= 32 && alone <= 20; n++) {
        input = `https://www.example.com/slow/${"a".repeat(n)}c`;
        const anyHost = make({ pathname: slowPath });
        alone = time(() => anyHost.exec(input));
      }
      assert.ok(alone > 20, `the pathname RegExp alone took ${alone} ms`);
      // The best of three: one run on a loaded machine can be slow for reasons of its own.
      let worst = Infinity;
      for (let round = 0; round < 3; round++) {
        const byHost = [
          make({ hostname: "admin.example.com", pathname: slowPath }),
          make({ hostname: "admin.example.com", pathname: slowPath }),
          make({ hostname: "admin.example.com", pathname: slowPath }),
        ];
        const byProtocol = make({ protocol: "wss", pathname: slowPath });
        worst = Math.min(
          worst,
          Math.max(
            time(() => assert.is(byHost[0].exec(input), null)),
            time(() => assert.is(byProtocol.exec(input), null)),
            time(() => assert.is(byHost[1].test(input), false)),
            time(() =>
              assert.is(byHost[2].exec({ hostname: "www.example.com", pathname: new URL(input).pathname }), null)
            ),
          ),
        );
      }
      assert.ok(worst < alone / 4, `exec() with a mismatching hostname took ${worst} ms, the RegExp alone ${alone}`);
    },
  );

  hostile('a group named "__proto__" is a group like any other', () => {
    for (const pattern of [{ pathname: "/:a/:__proto__" }, { pathname: "/:a/:__proto__(\\d+)" }]) {
      const groups = make(pattern).exec("https://h/x/42")!.pathname.groups;
      assert.equal(Object.keys(groups), ["a", "__proto__"], JSON.stringify(pattern));
      assert.is(Object.getOwnPropertyDescriptor(groups, "__proto__")?.value, "42");
      assert.is(Object.getPrototypeOf(groups), Object.prototype);
      const Builtin = (globalThis as unknown as { URLPattern?: new (init: unknown) => Pattern }).URLPattern;
      if (Builtin !== undefined && Builtin !== (URLPattern as unknown)) {
        const theirs = new Builtin(pattern).exec("https://h/x/42")!.pathname.groups;
        // The same members (Node 26's built-in lists "__proto__" first: the order is not compared with it).
        assert.equal(Object.keys(groups).sort(), Object.keys(theirs).sort(), "the runtime's built-in");
        assert.is(Object.getOwnPropertyDescriptor(theirs, "__proto__")?.value, "42");
      }
    }
  });

  hostile.run();
}
