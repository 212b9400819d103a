/** URLSearchParams: every method, the WebIDL conversions, and the live link with URL both ways. */
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { inspect } from "node:util";
import type { Api } from "../support/api.ts";
import { timeLimit } from "../support/time_limit.ts";

export function register(api: Api): void {
  const { URL, URLSearchParams } = api;
  const test = suite("URLSearchParams");
  // deno-lint-ignore no-explicit-any
  const AnyParams = URLSearchParams as any;

  test("constructor: string (leading ? stripped), pairs, record, another instance", () => {
    assert.equal([...new URLSearchParams("?a=1&b=2&a=3")], [["a", "1"], ["b", "2"], ["a", "3"]]);
    assert.equal([...new URLSearchParams("??a=1")], [["?a", "1"]]);
    assert.equal([...new URLSearchParams([["x", "1"], ["y", "2"]])], [["x", "1"], ["y", "2"]]);
    assert.equal([...new URLSearchParams({ k: "v", n: 1 as unknown as string })], [["k", "v"], ["n", "1"]]);
    const copy = new URLSearchParams(new URLSearchParams("a=1&a=2"));
    assert.equal([...copy], [["a", "1"], ["a", "2"]]);
    assert.equal([...new URLSearchParams()], []);
    assert.equal([...new AnyParams(null)], [["null", ""]]);
    assert.equal([...new AnyParams(new Map([["m", "1"]]))], [["m", "1"]]);
  });

  test("constructor errors: pairs of the wrong length, symbols, non-iterable pairs", () => {
    assert.throws(() => new AnyParams([["a"]]), (e: unknown) => e instanceof TypeError);
    assert.throws(() => new AnyParams([["a", "b", "c"]]), (e: unknown) => e instanceof TypeError);
    assert.throws(() => new AnyParams([1]), (e: unknown) => e instanceof TypeError);
    assert.throws(() => new AnyParams(Symbol("s")), (e: unknown) => e instanceof TypeError);
    assert.throws(() => new AnyParams({ [Symbol("s")]: "x" }), (e: unknown) => e instanceof TypeError);
    assert.throws(() => new AnyParams({ [Symbol.iterator]: 1 }), (e: unknown) => e instanceof TypeError);
  });

  test("parsing: + is space, %20 too, invalid percent sequences stay, bad UTF-8 becomes U+FFFD", () => {
    const p = new URLSearchParams("a=b+c&d=e%20f&g=%zz&h=%&i=%4&j=%C3%A9&k=%FF&=empty&novalue&&l==x");
    assert.is(p.get("a"), "b c");
    assert.is(p.get("d"), "e f");
    assert.is(p.get("g"), "%zz");
    assert.is(p.get("h"), "%");
    assert.is(p.get("i"), "%4");
    assert.is(p.get("j"), "é");
    assert.is(p.get("k"), "\uFFFD");
    assert.is(p.get(""), "empty");
    assert.is(p.get("novalue"), "");
    assert.is(p.get("l"), "=x");
    assert.is(p.size, 10);
    assert.is(new URLSearchParams("a=%2B").get("a"), "+");
    assert.is(new URLSearchParams("%EF%BB%BFbom=1").has("\uFEFFbom"), true); // no BOM stripping
  });

  test("serialization: space as +, the form-urlencoded percent-encode set", () => {
    const p = new URLSearchParams();
    p.append("a b", "c+d");
    p.append("*-._", "~!'()");
    p.append("é", "☃");
    p.append("&=", "%");
    assert.is(p.toString(), "a+b=c%2Bd&*-._=%7E%21%27%28%29&%C3%A9=%E2%98%83&%26%3D=%25");
    assert.is(new URLSearchParams("a=%20").toString(), "a=+");
  });

  test("lone surrogates become U+FFFD in names and values", () => {
    const p = new URLSearchParams([["\uD800", "\uDC00x"]]);
    assert.equal([...p], [["\uFFFD", "\uFFFDx"]]);
    p.set("\uDBFF", "1"); // the same name as U+FFFD: replaces the first pair's value
    assert.equal([...p], [["\uFFFD", "1"]]);
    assert.is(p.toString(), "%EF%BF%BD=1");
  });

  test("append, get, getAll, has(name, value), delete(name, value), set keeps position", () => {
    const p = new URLSearchParams("a=1&b=2&a=3&c=4&a=5");
    assert.equal(p.getAll("a"), ["1", "3", "5"]);
    assert.is(p.get("zz"), null);
    assert.is(p.has("a"), true);
    assert.is(p.has("a", "3"), true);
    assert.is(p.has("a", "4"), false);
    assert.is(p.has("a", undefined), true); // undefined value means no value given
    p.delete("a", "3");
    assert.equal(p.getAll("a"), ["1", "5"]);
    p.set("a", "X");
    assert.is(p.toString(), "a=X&b=2&c=4");
    p.set("new", "1");
    assert.is(p.toString(), "a=X&b=2&c=4&new=1");
    p.delete("b");
    assert.is(p.toString(), "a=X&c=4&new=1");
    p.delete("a", undefined);
    assert.is(p.toString(), "c=4&new=1");
    assert.is(p.size, 2);
  });

  test("missing arguments throw TypeError", () => {
    const p = new AnyParams("");
    for (
      const call of [
        () => p.append("a"),
        () => p.set("a"),
        () => p.get(),
        () => p.getAll(),
        () => p.has(),
        () => p.delete(),
      ]
    ) {
      assert.throws(call, (e: unknown) => e instanceof TypeError);
    }
    assert.throws(() => p.forEach(1), (e: unknown) => e instanceof TypeError);
  });

  test("sort: by UTF-16 code units, stable for equal names", () => {
    const p = new URLSearchParams("z=1&a=2&z=0&\uFFFD=3&\uD83D\uDE00=4&a=1&B=5");
    p.sort();
    // U+1F600 is the surrogate pair D83D DE00, which sorts before U+FFFD by code units.
    assert.equal([...p], [["B", "5"], ["a", "2"], ["a", "1"], ["z", "1"], ["z", "0"], ["\uD83D\uDE00", "4"], [
      "\uFFFD",
      "3",
    ]]);
  });

  test("sort: past 16 pairs (the engine's sort), the same stable order as sorting the pairs by code units", () => {
    const names = ["z", "a", "\uFFFD", "\uD83D\uDE00", "B", "a", "", "z"];
    const pairs: [string, string][] = [];
    for (let i = 0; i < 41; i++) pairs.push([names[(i * 5) % names.length], `${i}`]);
    const p = new URLSearchParams(pairs);
    p.sort();
    // The reference: equal names keep their order (the index breaks ties); `<` on strings compares code units.
    const expected = pairs.map((pair, i) => ({ pair, i }))
      .sort((x, y) => x.pair[0] < y.pair[0] ? -1 : x.pair[0] > y.pair[0] ? 1 : x.i - y.i)
      .map((x) => x.pair);
    assert.equal([...p], expected);
    assert.is(p.size, 41);
  });

  test("sort and serialize 200,000 entries quickly (n log n)", () => {
    const pairs: [string, string][] = [];
    for (let i = 0; i < 200_000; i++) pairs.push([`k${(i * 7919) % 200_000}`, `${i}`]);
    const p = new URLSearchParams(pairs);
    const start = performance.now();
    p.sort();
    const text = p.toString();
    const elapsed = performance.now() - start;
    assert.ok(text.startsWith("k0="), text.slice(0, 20));
    assert.ok(elapsed < timeLimit(3000), `sort + toString took ${elapsed.toFixed(0)} ms`);
    const parsed = new URLSearchParams(text);
    assert.is(parsed.size, 200_000);
  });

  test("iteration is live: appended pairs are reached, deleting while iterating skips like the built-in", () => {
    const p = new URLSearchParams("a=1&b=2&c=3");
    const seen: string[] = [];
    for (const [k] of p) {
      seen.push(k);
      if (k === "a") p.append("d", "4");
    }
    assert.equal(seen, ["a", "b", "c", "d"]);
    const q = new URLSearchParams("a=1&b=2&c=3&d=4");
    const walked: string[] = [];
    q.forEach((_v, k) => {
      walked.push(k);
      if (k === "a") q.delete("a"); // the list shifts left: "b" is skipped, as with every built-in
    });
    assert.equal(walked, ["a", "c", "d"]);
    assert.equal([...new URLSearchParams("x=1&y=2").keys()], ["x", "y"]);
    assert.equal([...new URLSearchParams("x=1&y=2").values()], ["1", "2"]);
    const it = new URLSearchParams("x=1").entries();
    assert.is(it[Symbol.iterator](), it);
    assert.is(Object.prototype.toString.call(it), "[object URLSearchParams Iterator]");
    assert.equal(it.next(), { value: ["x", "1"], done: false });
    assert.equal(it.next(), { value: undefined, done: true });
  });

  test("forEach passes value, name, params and thisArg", () => {
    const p = new URLSearchParams("a=1");
    const self = {};
    p.forEach(function (this: unknown, value, name, params) {
      assert.is(value, "1");
      assert.is(name, "a");
      assert.is(params, p);
      assert.is(this, self);
    }, self);
  });

  test("WebIDL shape and console output", () => {
    assert.is(Object.prototype.toString.call(new URLSearchParams()), "[object URLSearchParams]");
    assert.is(URLSearchParams.prototype[Symbol.iterator], URLSearchParams.prototype.entries);
    for (const name of ["append", "delete", "get", "getAll", "has", "set", "sort", "toString", "forEach", "size"]) {
      assert.ok(Object.getOwnPropertyDescriptor(URLSearchParams.prototype, name)?.enumerable, name);
    }
    assert.is(inspect(new URLSearchParams()), "URLSearchParams {}");
    assert.is(inspect(new URLSearchParams("a=1&b=2")), "URLSearchParams { 'a' => '1', 'b' => '2' }");
  });

  test("a record's keys that are equal after USVString conversion overwrite in place (WPT)", () => {
    // Two distinct keys (lone surrogates) that are one name after conversion: the point of the test.
    // deno-lint-ignore no-dupe-keys
    const params = new URLSearchParams({ "\uD835x": "1", "xx": "2", "\uD83Dx": "3" });
    assert.equal([...params], [["\uFFFDx", "3"], ["xx", "2"]]);
  });

  test("toJSON() on every runtime, as Bun's: by name, an array for a repeated name", () => {
    const params = new URLSearchParams("a=1&b=2&a=3");
    assert.equal(params.toJSON(), { a: ["1", "3"], b: "2" });
    assert.is(JSON.stringify(params), '{"a":["1","3"],"b":"2"}');
    assert.equal(new URLSearchParams().toJSON(), {});
    if (typeof (globalThis as { Bun?: unknown }).Bun !== "undefined") {
      const builtin = new globalThis.URLSearchParams("a=1&b=2&a=3") as unknown as { toJSON(): unknown; length: number };
      assert.equal(params.toJSON(), builtin.toJSON());
      assert.is((params as unknown as { length: number }).length, builtin.length); // Bun only
    }
  });

  test("toJSON(): every name an own data property, as Bun's: __proto__ too, and no Object.prototype setter called", () => {
    const params = new URLSearchParams("__proto__=1&a=2&taken=3&taken=4");
    let called = 0;
    Object.defineProperty(Object.prototype, "taken", {
      set() {
        called++;
      },
      configurable: true,
    });
    // A `get` there too: a property descriptor inheriting it would describe an accessor (defining it would throw).
    Object.defineProperty(Object.prototype, "get", { value: () => "inherited", writable: true, configurable: true });
    let json: Record<string, unknown>;
    try {
      json = params.toJSON();
    } finally {
      delete (Object.prototype as unknown as Record<string, unknown>).get;
      delete (Object.prototype as unknown as Record<string, unknown>).taken;
    }
    assert.is(called, 0);
    assert.is(Object.getPrototypeOf(json!), Object.prototype);
    assert.equal(Object.keys(json!), ["__proto__", "a", "taken"]);
    assert.equal(Object.getOwnPropertyDescriptor(json!, "__proto__"), {
      value: "1",
      writable: true,
      enumerable: true,
      configurable: true,
    });
    assert.equal(json!.taken, ["3", "4"]);
    assert.is(JSON.stringify(params), '{"__proto__":"1","a":"2","taken":["3","4"]}');
    if (typeof (globalThis as { Bun?: unknown }).Bun !== "undefined") {
      const builtin = new globalThis.URLSearchParams("__proto__=1&a=2&taken=3&taken=4") as unknown as {
        toJSON(): unknown;
      };
      assert.is(JSON.stringify(builtin.toJSON()), JSON.stringify(json!));
    }
  });

  test.run();

  const sync = suite("URL <-> searchParams");

  sync("iterating searchParams while search or href is replaced yields the new pairs (WPT For-of Check)", () => {
    const url = new URL("http://localhost/query?param0=0&param1=1&param2=2");
    const seen: string[] = [];
    for (const [name, value] of url.searchParams) {
      seen.push(`${name}=${value}`);
      if (name === "param0") url.search = "x=1&y=2&z=3";
    }
    assert.equal(seen, ["param0=0", "y=2", "z=3"]);
    const again = new URL("http://a/?a=1&b=2");
    const keys = again.searchParams.keys();
    keys.next();
    again.href = "http://a/?c=3&d=4&e=5";
    assert.equal([...keys], ["d", "e"]);
  });

  sync("[SameObject], and created lazily from the query", () => {
    const url = new URL("https://h/?a=1");
    assert.is(url.searchParams, url.searchParams);
    assert.is(url.searchParams.get("a"), "1");
  });

  sync("mutating the params rewrites search; an empty list removes the '?'", () => {
    const url = new URL("https://h/p?a=1#frag");
    url.searchParams.append("b", "x y");
    assert.is(url.href, "https://h/p?a=1&b=x+y#frag");
    url.searchParams.delete("a");
    url.searchParams.delete("b");
    assert.is(url.href, "https://h/p#frag");
    assert.is(url.search, "");
    url.searchParams.set("c", "é");
    assert.is(url.search, "?c=%C3%A9");
    url.searchParams.sort();
    assert.is(url.href, "https://h/p?c=%C3%A9#frag");
  });

  sync("setting search or href refreshes the same params object", () => {
    const url = new URL("https://h/?a=1");
    const params = url.searchParams;
    url.search = "?b=2&b=3";
    assert.is(params, url.searchParams);
    assert.equal(params.getAll("b"), ["2", "3"]);
    url.href = "https://other/?c=4";
    assert.is(params.get("c"), "4");
    assert.is(params.has("b"), false);
    url.search = "";
    assert.is(params.size, 0);
    assert.is(url.href, "https://other/");
  });

  sync("'?' is left alone when only the hash changes; '?' alone reads as empty search", () => {
    const url = new URL("https://h/p?");
    url.hash = "x";
    assert.is(url.href, "https://h/p?#x");
    assert.is(url.search, "");
    url.hash = "";
    assert.is(url.href, "https://h/p?");
    url.search = "";
    assert.is(url.href, "https://h/p");
  });

  sync("+ vs %20: the params serialize a space as +, the search setter keeps %20", () => {
    const url = new URL("https://h/?q=a%20b");
    assert.is(url.searchParams.get("q"), "a b");
    url.searchParams.set("q", "a b");
    assert.is(url.search, "?q=a+b");
    url.search = "q=a b";
    assert.is(url.search, "?q=a%20b");
    assert.is(url.searchParams.get("q"), "a b");
  });

  sync("opaque paths: a trailing space before the query is kept (percent-encoded, current spec)", () => {
    const url = new URL("data:space ?x");
    assert.is(url.href, "data:space%20?x");
    url.searchParams.delete("x");
    assert.is(url.href, "data:space%20");
  });

  sync("setters: failures leave the URL unchanged, only href throws", () => {
    const url = new URL("https://h:81/p?q#f");
    url.port = "99999";
    url.protocol = "file";
    url.hostname = "";
    url.host = "a b";
    assert.is(url.href, "https://h:81/p?q#f");
    assert.throws(() => {
      url.href = "not a url";
    }, (e: unknown) => e instanceof TypeError && (e as { code?: string }).code === "ERR_INVALID_URL");
    assert.is(url.href, "https://h:81/p?q#f");
    url.port = "";
    url.username = "u s";
    url.password = "p@ss";
    assert.is(url.href, "https://u%20s:p%40ss@h/p?q#f");
  });

  sync("1 MB setter values and hrefs that outgrow the call block", () => {
    const url = new URL("https://h/");
    url.pathname = "/" + "é".repeat(500_000);
    assert.is(url.pathname.length, 1 + 6 * 500_000);
    url.search = "x".repeat(1_000_000);
    assert.is(url.search.length, 1_000_001);
    url.hash = "#" + "€".repeat(30_000);
    assert.is(url.hash.length, 1 + 9 * 30_000);
    assert.is(url.hostname, "h");
  });

  sync("createObjectURL / revokeObjectURL use the runtime's registry", () => {
    const blobUrl = URL.createObjectURL(new Blob(["hi"]));
    assert.ok(blobUrl.startsWith("blob:"), blobUrl);
    assert.is(new URL(blobUrl).protocol, "blob:");
    URL.revokeObjectURL(blobUrl);
  });

  sync.run();
}
