/** Errors, argument conversion and the WebIDL shape, as the runtimes' built-in URL behaves. */
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { inspect } from "node:util";
import type { Api } from "../support/api.ts";
import { GETTERS } from "../support/reference.ts";

function thrown(fn: () => unknown): Error & Record<string, unknown> {
  try {
    fn();
  } catch (error) {
    return error as Error & Record<string, unknown>;
  }
  throw new Error("expected an exception");
}

export function register(api: Api): void {
  const { URL } = api;
  const test = suite("URL: errors, conversion, WebIDL shape");

  test("invalid URL: TypeError 'Invalid URL' with code, input and base", () => {
    const e = thrown(() => new URL("not a url"));
    assert.instance(e, TypeError);
    assert.is(e.message, "Invalid URL");
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

  test("getters on a foreign receiver throw TypeError", () => {
    const get = Object.getOwnPropertyDescriptor(URL.prototype, "href")!.get!;
    assert.instance(thrown(() => get.call({})), TypeError);
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
