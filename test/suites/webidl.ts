/** Errors, argument conversion and the WebIDL shape, as the runtimes' built-in URL behaves. */
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { inspect } from "node:util";
import type { Api } from "../support/api.ts";
import { GETTERS } from "../support/reference.ts";

/** The runtime's own URL classes (this process never installs ours globally: test/suites/global.ts forks). */
const RuntimeURL = globalThis.URL;
const RuntimeSearchParams = globalThis.URLSearchParams;

function thrown(fn: () => unknown): Error & Record<string, unknown> {
  try {
    fn();
  } catch (error) {
    return error as Error & Record<string, unknown>;
  }
  throw new Error("expected an exception");
}

/** The prototype methods of a URLSearchParams class, by name (for comparing their lengths). */
function methodsOf(cls: { prototype: object }): Record<string, unknown> {
  const names = ["append", "delete", "get", "getAll", "has", "set", "sort", "forEach", "entries", "keys", "values"];
  return Object.fromEntries(names.map((n) => [n, (cls.prototype as Record<string, unknown>)[n]]));
}

export function register(api: Api): void {
  const { URL } = api;
  const test = suite("URL: errors, conversion, WebIDL shape");

  test("invalid URL: TypeError 'Invalid URL' with code, input and base", () => {
    const e = thrown(() => new URL("not a url"));
    assert.instance(e, TypeError);
    // The runtime's own wording: "Invalid URL" (Node, Bun), "Invalid URL: 'not a url'" (Deno).
    assert.is(e.message, thrown(() => new RuntimeURL("not a url")).message);
    assert.is(
      thrown(() => new URL("x", "also not a url")).message,
      thrown(() => new RuntimeURL("x", "also not a url")).message,
    );
    assert.is(e.code, "ERR_INVALID_URL");
    assert.is(e.input, "not a url");
    assert.not.ok("base" in e);
    const withBase = thrown(() => new URL("x", "also not a url"));
    assert.is(withBase.input, "x");
    assert.is(withBase.base, "also not a url");
    assert.instance(thrown(() => new URL("")), TypeError);
  });

  test("missing argument and Symbol inputs are TypeErrors", () => {
    // deno-lint-ignore no-explicit-any
    const AnyURL = URL as any;
    assert.instance(thrown(() => new AnyURL()), TypeError);
    assert.instance(thrown(() => AnyURL.parse()), TypeError);
    assert.instance(thrown(() => AnyURL.canParse()), TypeError);
    assert.instance(thrown(() => new AnyURL(Symbol("x"))), TypeError);
    assert.instance(thrown(() => new AnyURL("http://a/", Symbol("x"))), TypeError);
    assert.instance(thrown(() => AnyURL.canParse(Symbol("x"))), TypeError);
  });

  test("inputs are converted with ToString; base may be a URL; undefined base means none", () => {
    // deno-lint-ignore no-explicit-any
    const AnyURL = URL as any;
    assert.is(new AnyURL({ toString: () => "http://obj.example/" }).href, "http://obj.example/");
    assert.is(new URL("b", new URL("http://x.example/a/")).href, "http://x.example/a/b");
    assert.is(new URL("http://x.example/", undefined).href, "http://x.example/");
    assert.is(new URL(new URL("HTTP://X.EXAMPLE")).href, "http://x.example/");
    // null is a base ("null"), which is not a valid URL: even an absolute input then fails, per spec.
    assert.instance(thrown(() => new AnyURL("a", null)), TypeError);
    assert.is(thrown(() => new AnyURL("http://a/", null)).base, "null");
    assert.instance(thrown(() => new AnyURL(undefined)), TypeError); // "undefined" is relative
  });

  test("lone surrogates become U+FFFD", () => {
    assert.is(new URL("http://a/\uD800?\uDC00#\uDBFF").href, "http://a/%EF%BF%BD?%EF%BF%BD#%EF%BF%BD");
    assert.is(new URL("http://a/\uD83D\uDE00").pathname, "/%F0%9F%98%80");
    assert.is(URL.canParse("http://a/\uD800"), true);
  });

  test("setter values: ToString (a Symbol throws), lone surrogates become U+FFFD, the same when given again", () => {
    const u = new URL("http://a/");
    const cases: [string, string, string][] = [
      ["pathname", "\uD800x\uDFFF", "/%EF%BF%BDx%EF%BF%BD"],
      ["search", "?\uDC00" + "q".repeat(20), "?%EF%BF%BD" + "q".repeat(20)], // longer than a loop-copied kept value
      ["hash", "\uD83D", "#%EF%BF%BD"],
      ["username", "\uD83D\uDE00\uDBFF", "%F0%9F%98%80%EF%BF%BD"],
    ];
    // deno-lint-ignore no-explicit-any
    const any = u as any;
    for (const [member, value, expected] of cases) {
      // Three times in a row: the third takes the value's UTF-8 from the kept copy (ffi/native_calls/kept_block.ts, encodeBase).
      for (let time = 0; time < 3; time++) {
        any[member] = value;
        assert.is(any[member], expected, `${member}, time ${time + 1}`);
      }
    }
    any.search = 5;
    assert.is(u.search, "?5");
    any.hash = { toString: () => "h" };
    assert.is(u.hash, "#h");
    assert.instance(thrown(() => (any.search = Symbol("x"))), TypeError);
    assert.is(u.href, "http://%F0%9F%98%80%EF%BF%BD@a/%EF%BF%BDx%EF%BF%BD?5#h");
  });

  test("parse / canParse", () => {
    assert.is(URL.parse("nope"), null);
    assert.instance(URL.parse("http://a/"), URL);
    assert.is(URL.parse("../c", "http://h/a/b")?.href, "http://h/c");
    assert.is(URL.canParse("http://a/"), true);
    assert.is(URL.canParse("a"), false);
    assert.is(URL.canParse("a", "http://h/"), true);
    assert.is(URL.canParse("a", "bad base"), false);
    assert.is(URL.canParse("http://[::1"), false);
  });

  test("toString, toJSON, JSON.stringify, String()", () => {
    const url = new URL("HTTP://Example.COM/ä?q=1#f");
    const href = "http://example.com/%C3%A4?q=1#f";
    assert.is(url.toString(), href);
    assert.is(url.toJSON(), href);
    assert.is(String(url), href);
    assert.is(`${url}`, href);
    assert.is(JSON.stringify({ url }), JSON.stringify({ url: href }));
  });

  test("members are enumerable accessors on the prototype; toStringTag is URL", () => {
    for (const name of GETTERS) {
      const d = Object.getOwnPropertyDescriptor(URL.prototype, name);
      assert.ok(d && typeof d.get === "function" && d.enumerable && d.configurable, name);
    }
    for (const name of ["toString", "toJSON"]) {
      assert.ok(Object.getOwnPropertyDescriptor(URL.prototype, name)?.enumerable, name);
    }
    assert.is(Object.prototype.toString.call(new URL("http://a/")), "[object URL]");
    assert.equal(Object.keys(new URL("http://a/")), []); // no own enumerable state
  });

  /** What the runtime's own URLSearchParams says for its method `key` on a foreign receiver (its wording for others). */
  const runtimeWording = (key: string, ours: PropertyDescriptor): string => {
    const d = Object.getOwnPropertyDescriptor(RuntimeSearchParams.prototype, key);
    // Bun's size getter says only "Type error": ours says what its methods say.
    const fn = ours.get !== undefined ? undefined : d?.value;
    if (typeof fn !== "function") {
      return "Bun" in globalThis
        ? `Can only call URLSearchParams.${key} on instances of URLSearchParams`
        : 'Value of "this" must be of type URLSearchParams';
    }
    return thrown(() => fn.call({}, "a", "b")).message;
  };

  test("every member on a foreign receiver throws TypeError with code ERR_INVALID_THIS", () => {
    const { URLSearchParams } = api;
    const cases: [object, string][] = [[URL.prototype, "URL"], [URLSearchParams.prototype, "URLSearchParams"]];
    let count = 0;
    for (const [prototype, type] of cases) {
      for (const key of Object.getOwnPropertyNames(prototype)) {
        if (key === "constructor") continue;
        const d = Object.getOwnPropertyDescriptor(prototype, key)!;
        const calls = [d.get, d.set, typeof d.value === "function" ? d.value : undefined].filter((f) =>
          f !== undefined
        );
        for (const fn of calls) {
          for (const receiver of [{}, new RuntimeURL("http://a/"), new RuntimeSearchParams("a=1")]) {
            const e = thrown(() => (fn as (...args: unknown[]) => unknown).call(receiver, "a", "b"));
            assert.instance(e, TypeError, `${type}.${key}`);
            assert.is(e.code, "ERR_INVALID_THIS", `${type}.${key}: ${e.message}`);
            if (type === "URL") assert.is(e.message, `Value of "this" must be of type ${type}`);
            else assert.is(e.message, runtimeWording(key, d), `${type}.${key}`); // Bun's names the member
            count++;
          }
        }
      }
    }
    assert.ok(count > 80, String(count));
    // origin needs no field of its own, and once returned "null" for anything.
    assert.is(thrown(() => Reflect.get(URL.prototype, "origin", {})).code, "ERR_INVALID_THIS");
  });

  test("lengths count required arguments, as the built-ins' do", () => {
    const { URLSearchParams } = api;
    const ours = [URL, URL.parse, URL.canParse, URLSearchParams, ...Object.values(methodsOf(URLSearchParams))];
    const theirs = [
      RuntimeURL,
      (RuntimeURL as unknown as { parse?: unknown }).parse ?? URL.parse, // Node 20 has no URL.parse
      RuntimeURL.canParse,
      RuntimeSearchParams,
      ...Object.values(methodsOf(RuntimeSearchParams)),
    ];
    assert.equal(ours.map((f) => (f as () => void).length), theirs.map((f) => (f as () => void).length));
    assert.equal([URL.length, URL.parse.length, URL.canParse.length], [1, 1, 1]);
  });

  test("argument errors carry Node's codes", () => {
    const { URLSearchParams } = api;
    assert.is(thrown(() => new (URL as unknown as new () => unknown)()).code, "ERR_MISSING_ARGS");
    assert.is(thrown(() => (URL.canParse as unknown as () => unknown)()).code, "ERR_MISSING_ARGS");
    assert.is(thrown(() => (new URLSearchParams().append as (n: string) => void)("a")).code, "ERR_MISSING_ARGS");
    const tuple = thrown(() => new URLSearchParams([["a"]] as unknown as [string, string][]));
    assert.equal([tuple.code, tuple.message], [
      "ERR_INVALID_TUPLE",
      "Each query pair must be an iterable [name, value] tuple",
    ]);
    assert.is(thrown(() => new URLSearchParams([1] as unknown as [string, string][])).code, "ERR_INVALID_TUPLE");
    const iterable = thrown(() => new URLSearchParams({ [Symbol.iterator]: 1 } as unknown as string));
    assert.equal([iterable.code, iterable.message], ["ERR_ARG_NOT_ITERABLE", "Query pairs must be iterable"]);
    const callback = thrown(() => new URLSearchParams("a=1").forEach(undefined as unknown as () => void));
    assert.is(callback.code, "ERR_INVALID_ARG_TYPE");
    assert.instance(callback, TypeError);
  });

  test("console output is the runtime's own format for its own URL (Node: util.inspect, Deno: Deno.inspect)", () => {
    const { URLSearchParams } = api;
    const href = "https://user:pw@example.com:8080/p?q=1&r=2#h";
    const deno = (globalThis as { Deno?: { inspect(v: unknown): string } }).Deno;
    const show = deno !== undefined ? (v: unknown) => deno.inspect(v) : (v: unknown) => inspect(v);
    if (deno !== undefined || typeof (globalThis as { Bun?: unknown }).Bun === "undefined") {
      assert.is(show(new URL(href)), show(new RuntimeURL(href)));
      assert.is(show(new URLSearchParams("q=1&r=2")), show(new RuntimeSearchParams("q=1&r=2")));
      assert.is(show(new URLSearchParams("q=1&r=2").keys()), show(new RuntimeSearchParams("q=1&r=2").keys()));
    } else {
      // Bun prints its own URLSearchParams as an object literal; ours keeps Node's format there.
      assert.is(show(new URLSearchParams("q=1&r=2")), "URLSearchParams { 'q' => '1', 'r' => '2' }");
    }
  });

  test("a subclass prints under its own name; iterators print what they have left", () => {
    const { URLSearchParams } = api;
    class MyURL extends URL {}
    assert.ok(inspect(new MyURL("http://a/")).startsWith("MyURL {"), inspect(new MyURL("http://a/")));
    const params = new URLSearchParams("x=1&y=2");
    assert.is(inspect(params.keys()), "URLSearchParams Iterator { 'x', 'y' }");
    assert.is(inspect(params.values()), "URLSearchParams Iterator { '1', '2' }");
    const entries = params.entries();
    entries.next();
    assert.is(inspect(entries), "URLSearchParams Iterator { [ 'y', '2' ] }");
    entries.next();
    assert.is(inspect(entries), "URLSearchParams Iterator {  }"); // Node's spacing (Node 20 to 26)
  });

  test("console output in Node's format", () => {
    const text = inspect(new URL("https://user:pw@example.com:8080/p?q#h"));
    assert.ok(text.startsWith("URL {"), text);
    for (
      const part of [
        "href: 'https://user:pw@example.com:8080/p?q#h'",
        "origin: 'https://example.com:8080'",
        "port: '8080'",
        "hash: '#h'",
      ]
    ) {
      assert.ok(text.includes(part), `${part} in ${text}`);
    }
    assert.ok(inspect({ nested: { url: new URL("http://a/") } }, { depth: 0 }).includes("[Object]"));
    assert.ok(inspect({ url: new URL("http://a/") }, { depth: 0 }).includes("URL {"));
  });

  test("origin: scheme, host and a non-default port, never credentials", () => {
    const cases: [string, string][] = [
      ["https://h.example/p?q#f", "https://h.example"],
      ["https://h.example:443/p", "https://h.example"],
      ["https://h.example:8443/p", "https://h.example:8443"],
      ["http://user@h.example:81/", "http://h.example:81"],
      ["http://user:pw@h.example/", "http://h.example"],
      ["http://:pw@h.example/", "http://h.example"],
      ["ws://[::1]:9/x", "ws://[::1]:9"],
      ["wss://xn--bcher-kva.example", "wss://xn--bcher-kva.example"],
      ["ftp://u@10.0.0.1:21/f", "ftp://10.0.0.1"],
      ["file:///etc/hosts", "null"],
      ["web+x://h.example/p", "null"],
      ["mailto:a@b.example", "null"],
    ];
    for (const [input, origin] of cases) assert.is(new URL(input).origin, origin, input);
  });

  test("blob: origins follow the inner URL only for http(s)", () => {
    assert.is(new URL("blob:https://a.com:443/x").origin, "https://a.com");
    assert.is(new URL("blob:http://u:p@a.com:81/x?y#z").origin, "http://a.com:81");
    assert.is(new URL("blob:ftp://a.com/x").origin, "null");
    assert.is(new URL("blob:file:///x").origin, "null");
    assert.is(new URL("blob:").origin, "null");
    assert.is(new URL("blob:d3958f5c-0777-0845-9dcf-2cb28783acaf").origin, "null");
    assert.is(new URL("file:///x").origin, "null");
    assert.is(new URL("data:text/plain,x").origin, "null");
  });

  test("adaVersion is the pinned ada", () => {
    assert.is(api.adaVersion(), "4.0.0");
  });

  test.run();
}
