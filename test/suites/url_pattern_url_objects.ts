/**
 * Our own URL objects as URLPattern / URLPatternList input. WebIDL reads a URL object's members as a
 * URLPatternInit; for our URLs the values come straight from the object, with no native crossing
 * (ffi/urlpattern/pattern_input.ts). Here the answers are checked against that dictionary path itself: each URL's
 * members copied into a plain object (which takes the dictionary path, processed by ada), on URLs of every kind
 * (special and not, opaque paths, IPv4 and IPv6, credentials, empty "?" and "#", ports, file:, IDNA, seeded
 * hostile ones, URLs changed by their setters) and on patterns that capture or constrain every component.
 */
import { suite } from "uvu";
import * as assert from "uvu/assert";
import type { Api } from "../support/api.ts";
import { hostileCases } from "../support/hostile.ts";

type Pattern = InstanceType<Api["URLPattern"]>;

const MEMBERS = ["hash", "hostname", "password", "pathname", "port", "protocol", "search", "username"] as const;

/** URLs of every kind the fast path reads. */
const URLS = [
  "https://example.com/",
  "https://example.com/a/b?x=1#top",
  "https://example.com/a/b?#",
  "https://example.com/?",
  "https://example.com/??",
  "https://example.com/???a#",
  "https://example.com/p??q=1##h",
  "file:///x???#?",
  "https://example.com/#",
  "https://example.com/p?q#",
  "https://example.com/p?#h",
  "https://user@example.com/",
  "https://user:pa%20ss@example.com:8443/x",
  "https://:pass@example.com/",
  "https://u:@example.com/",
  "http://example.com:80/default-port",
  "http://example.com:8080/other-port",
  "ws://h:81/",
  "wss://h:443/",
  "ftp://u:p@h:21/f",
  "https://[::1]/ipv6",
  "https://[2001:db8::8:800:200c:417a]:8080/p?q#f",
  "http://192.168.0.1:3000/ipv4",
  "http://0x7f.1/hex-ipv4",
  "https://BÜCHER.example/idna",
  "https://xn--bcher-kva.example/",
  "https://h/a/../b/./c/%2e%2E/d",
  "https://h/%7Euser/a%2Fb?a=%20b&c=d#%20f",
  "https://h/space in path?q u#h a",
  "https://h/ünïcode/路径?ключ=значение#片段",
  "file:///C:/Windows/x.txt",
  "file://server/share/f",
  "file:///",
  "file:///tmp/a?b#c",
  "foo://host/path?q#f",
  "foo://host:8080/",
  "foo://u:p@host/",
  "foo://[::1]:99/x",
  "foo:///triple",
  "foo://",
  "foo://EXAMPLE.com/Case",
  "web+x:/.//p",
  "mailto:someone@example.com",
  "mailto:a b?subject=hi#x",
  "data:text/plain,hello%20world",
  "javascript:alert(1)",
  "urn:isbn:0451450523",
  "blob:https://example.com/uuid",
  "sc:\\../",
  "non-spec:/.//p",
  "non-spec:opaque path ?q #h",
];

/** Patterns that capture or constrain each component (a full wildcard captures the value as group "0"). */
const PATTERNS: [unknown, unknown?][] = [
  [{}],
  [{ search: "" }],
  [{ hash: "" }],
  [{ search: "*", hash: "*" }],
  [{ protocol: "http{s}?", pathname: "/:a/*" }],
  [{ protocol: "foo" }],
  [{ protocol: "(.*)", username: ":user", password: ":pass" }],
  [{ hostname: "[\\:\\:1]" }],
  [{ hostname: "{:sub.}?example.com" }],
  [{ port: "" }],
  [{ port: "(\\d+)" }],
  [{ pathname: "/:first/*" }],
  [{ pathname: "*", search: "q" }],
  [{ pathname: "/A/*" }, { ignoreCase: true }],
  [{ username: "", password: "" }],
  ["https://*:*@*:*/*?*#*"],
  ["file:///*"],
];

/** The members of a URL, copied into a plain object: the dictionary WebIDL makes of it, taking that path. */
function membersOf(url: Record<string, string>): Record<string, string> {
  const init: Record<string, string> = {};
  for (const name of MEMBERS) init[name] = url[name];
  return init;
}

function outcome(run: () => unknown): unknown {
  try {
    return { value: run() };
  } catch (error) {
    return { error: (error as Error)?.name, code: (error as { code?: string })?.code };
  }
}

/** Own keys, recursively, in order (deep equality ignores key order; exec's results have a fixed one). */
function keyOrder(value: unknown): unknown {
  if (typeof value !== "object" || value === null) return null;
  return Object.keys(value).map((k) => [k, keyOrder((value as Record<string, unknown>)[k])]);
}

export function register(api: Api, seed: number): void {
  const { URL, URLPattern, URLPatternList } = api;
  const test = suite("URLPattern with our URL objects = the dictionary of their members");
  const make = (args: [unknown, unknown?]) =>
    new (URLPattern as unknown as new (...a: unknown[]) => Pattern)(...args.filter((a) => a !== undefined));
  const patterns = PATTERNS.map(make);

  /** Our URL objects of every kind: the fixed list, seeded hostile ones, and some changed by a setter. */
  function urls(): InstanceType<typeof URL>[] {
    const out = [];
    for (const s of URLS) {
      const url = URL.parse(s);
      assert.ok(url !== null, s);
      out.push(url!);
    }
    for (const c of hostileCases(seed, 300)) {
      const url = URL.parse(c.input, c.base);
      if (url !== null) out.push(url);
    }
    const changed: [string, string, string][] = [
      ["https://h/p?q#f", "search", "?"],
      ["https://h/p?q#f", "hash", ""],
      ["https://h/p", "search", "?a b"],
      ["https://h/p", "port", "8443"],
      ["https://h/p", "username", "us er"],
      ["https://h/p", "hostname", "[::2]"],
      ["foo://h/p", "pathname", "/x/../y"],
      ["https://h/p", "href", "mailto:x@y?s#f"],
    ];
    for (const [href, member, value] of changed) {
      const url = new URL(href);
      (url as unknown as Record<string, string>)[member] = value;
      out.push(url);
    }
    return out;
  }

  test("test() and exec() on a URL object answer as on the dictionary of its members (inputs too)", () => {
    let matched = 0;
    for (const url of urls()) {
      const init = membersOf(url as unknown as Record<string, string>);
      for (let p = 0; p < patterns.length; p++) {
        const pattern = patterns[p];
        const where = `${url.href} with pattern ${JSON.stringify(PATTERNS[p])}`;
        const viaUrl = outcome(() => pattern.exec(url as never));
        const viaInit = outcome(() => pattern.exec(init as never));
        assert.equal(viaUrl, viaInit, where);
        assert.equal(keyOrder(viaUrl), keyOrder(viaInit), where);
        assert.equal(outcome(() => pattern.test(url as never)), outcome(() => pattern.test(init as never)), where);
        if ((viaUrl as { value?: unknown }).value) matched++;
      }
    }
    assert.ok(matched > 500, `only ${matched} matches: the comparison would prove little`);
  });

  test("URLPatternList: exec() and test() on a URL object answer as on the dictionary", () => {
    const list = new URLPatternList(patterns.slice(1)); // without {}, so that order and misses decide
    for (const url of urls()) {
      const init = membersOf(url as unknown as Record<string, string>);
      const viaUrl = outcome(() => list.exec(url as never));
      const viaInit = outcome(() => list.exec(init as never));
      assert.equal(viaUrl, viaInit, url.href);
      assert.equal(outcome(() => list.test(url as never)), outcome(() => list.test(init as never)), url.href);
    }
  });

  test("exec() reports the URL as the dictionary WebIDL made of it, a fresh one each call", () => {
    const url = new URL("https://u:p@h.org:8080/a?b#c");
    const pattern = new URLPattern({});
    const first = pattern.exec(url as never)!;
    assert.equal(first.inputs, [{
      hash: "#c",
      hostname: "h.org",
      password: "p",
      pathname: "/a",
      port: "8080",
      protocol: "https:",
      search: "?b",
      username: "u",
    }]);
    assert.equal(Object.keys(first.inputs[0] as object), [...MEMBERS]);
    assert.is.not(pattern.exec(url as never)!.inputs[0], first.inputs[0]);
    assert.equal(first.search, { groups: { 0: "b" }, input: "b" });
    assert.equal(first.protocol, { groups: { 0: "https" }, input: "https" });
  });

  test("a URL object is read as WebIDL reads a dictionary: getters as they are now, own properties, baseURL", () => {
    // The direct read (no crossing) is taken only where it equals WebIDL's: a changed getter on URL.prototype, an own
    // property or an inherited baseURL must be seen, as the built-ins see them. Each case is compared with the
    // plain dictionary of what WebIDL reads, and with the runtime's built-in URLPattern given the built-in URL
    // changed the same way, where the runtime has one.
    const proto = URL.prototype as unknown as object;
    const original = Object.getOwnPropertyDescriptor(proto, "pathname")!;
    let reads = 0;
    Object.defineProperty(proto, "pathname", {
      ...original,
      get(this: unknown) {
        reads++;
        return `/changed${original.get!.call(this)}`;
      },
    });
    try {
      const pattern = new URLPattern({ pathname: "/changed/a/:id" });
      const list = new URLPatternList([{ pathname: "/a/:id" }, pattern]);
      for (const href of ["https://h/a/1?x#y", "file:///a/1", "ws://h:99/a/1", "foo://h/a/1"]) {
        const url = new URL(href);
        assert.is(pattern.exec(url as never)!.pathname.groups.id, "1", href);
        assert.is(pattern.test(url as never), true);
        assert.is(list.exec(url as never)!.index, 1);
        assert.is(list.test(url as never), true);
      }
      assert.ok(reads >= 16, `${reads} reads of the changed getter`);
    } finally {
      Object.defineProperty(proto, "pathname", original);
    }
    // The getter restored: the direct read again, and the same answers as before the change.
    assert.is(new URLPattern({ pathname: "/a/:id" }).test(new URL("https://h/a/1") as never), true);

    // An own data property, an own getter, an own baseURL, an inherited baseURL: each read as WebIDL reads it.
    const ownValue = new URL("https://h/a/1");
    Object.defineProperty(ownValue, "pathname", { value: "/b/2" });
    const ownGetter = new URL("https://h/a/1");
    Object.defineProperty(ownGetter, "hostname", { get: () => "other.example" });
    const ownBase = new URL("https://h/a/1");
    Object.defineProperty(ownBase, "baseURL", { value: "https://base.example/" });
    const cases: [unknown, Record<string, string>, boolean][] = [
      [ownValue, { pathname: "/b/:id" }, true],
      [ownValue, { pathname: "/a/:id" }, false],
      [ownGetter, { hostname: "other.example", pathname: "/a/:id" }, true],
      [ownGetter, { hostname: "h" }, false],
    ];
    for (const [input, init, expected] of cases) {
      const p = new URLPattern(init as never);
      assert.is(p.test(input as never), expected, JSON.stringify(init));
      assert.is(p.exec(input as never) !== null, expected);
      assert.is(new URLPatternList([p]).test(input as never), expected);
      assert.is(new URLPatternList([p]).exec(input as never) !== null, expected);
    }
    // A baseURL member is read too: WebIDL's dictionary then processes the members against it, as for any
    // dictionary with these members (compared with exactly that dictionary, not with a fixed answer).
    const dictionaryOf = (url: unknown, baseURL: string) => {
      const u = url as Record<string, string>;
      return {
        baseURL,
        hash: u.hash,
        hostname: u.hostname,
        password: u.password,
        pathname: u.pathname,
        port: u.port,
        protocol: u.protocol,
        search: u.search,
        username: u.username,
      };
    };
    const basePattern = new URLPattern({ pathname: "/a/:id" });
    const viaOwn = basePattern.exec(ownBase as never);
    const viaDictionary = basePattern.exec(dictionaryOf(ownBase, "https://base.example/") as never);
    assert.equal(viaOwn && { ...viaOwn, inputs: undefined }, viaDictionary && { ...viaDictionary, inputs: undefined });
    const Builtin = (globalThis as { URLPattern?: new (init: unknown) => { test(input: unknown): boolean } })
      .URLPattern;
    const builtin = Builtin !== undefined && Builtin !== (URLPattern as unknown)
      ? new Builtin({ pathname: "/a/:id" })
      : undefined;
    const objectProto = Object.prototype as Record<string, unknown>;
    objectProto.baseURL = "not a URL";
    try {
      // Object.prototype.baseURL polluted: every dictionary read, a URL object's included, sees it.
      const polluted = new URL("https://h/a/1");
      assert.equal(
        outcome(() => basePattern.test(polluted as never)),
        outcome(() => basePattern.test(dictionaryOf(polluted, "not a URL") as never)),
      );
      if (builtin !== undefined) {
        assert.equal(
          outcome(() => basePattern.test(polluted as never)),
          outcome(() => builtin.test(new globalThis.URL("https://h/a/1"))),
          "the runtime's built-in, with the same pollution",
        );
      }
    } finally {
      delete objectProto.baseURL;
    }
  });

  test("a subclass that keeps URL's getters is read directly; one that overrides a getter through it", () => {
    class Plain extends URL {}
    const pattern = new URLPattern({ pathname: "/a/:id" });
    assert.is(pattern.exec(new Plain("https://h/a/7") as never)!.pathname.groups.id, "7");
    assert.is(new URLPatternList([pattern]).exec(new Plain("https://h/a/7") as never)!.index, 0);
  });

  test("a subclass's getters, a base URL, and objects that only look like URLs take the dictionary path", () => {
    class Rerouted extends URL {
      override get pathname(): string {
        return "/rerouted";
      }
    }
    const pattern = new URLPattern({ pathname: "/rerouted" });
    assert.is(pattern.test(new Rerouted("https://h/original") as never), true);
    assert.is(pattern.exec(new Rerouted("https://h/original") as never)!.pathname.input, "/rerouted");
    // A base URL with a dictionary (a URL object is one) throws, as before.
    assert.throws(
      () => pattern.exec(new URL("https://h/rerouted") as never, "https://h/"),
      (e: unknown) => e instanceof TypeError,
    );
    // An object with URL.prototype but no URL inside: its getters throw, as the dictionary path reads them.
    const fake = Object.create(URL.prototype);
    assert.throws(() => pattern.test(fake), (e: unknown) => e instanceof TypeError);
    assert.throws(() => new URLPatternList([pattern]).exec(fake), (e: unknown) => e instanceof TypeError);
  });

  test.run();
}
