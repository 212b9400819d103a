/**
 * The edges around the answers (issue 30): brand checks of every member, Node's error wording, stacks that start at
 * the user's call, member order, realm safety against a user's changes to built-in prototypes, and parseMany's
 * arguments.
 */
import { suite } from "uvu";
import * as assert from "uvu/assert";
import type { Api } from "../support/api.ts";

type Thrown = Error & Record<string, unknown>;

function thrown(fn: () => unknown): Thrown {
  try {
    fn();
  } catch (error) {
    return error as Thrown;
  }
  throw new Error("expected an exception");
}

/** Every member of a prototype, as functions to call on a receiver: methods, getters and setters. */
function membersOf(prototype: object): [string, (self: unknown) => unknown][] {
  const members: [string, (self: unknown) => unknown][] = [];
  for (const key of Object.getOwnPropertyNames(prototype)) {
    if (key === "constructor") continue;
    const d = Object.getOwnPropertyDescriptor(prototype, key)!;
    if (typeof d.value === "function") members.push([key, (self) => Reflect.apply(d.value, self, ["http://a/"])]);
    if (d.get) members.push([`get ${key}`, (self) => Reflect.apply(d.get!, self, [])]);
    if (d.set) members.push([`set ${key}`, (self) => Reflect.apply(d.set!, self, ["x"])]);
  }
  return members;
}

/** The first frame of a stack (the line after the message), V8's and JSC's formats alike. */
function firstFrame(error: Error): string {
  const lines = (error.stack ?? "").split("\n").map((line) => line.trim());
  return lines.find((line) => line.startsWith("at ") || /^\S*@/.test(line)) ?? "";
}

/** Runs `f` with `object[key]` replaced by `value`, then puts the original back. */
function withReplaced<T extends object>(object: T, key: PropertyKey, value: unknown, f: () => void): void {
  const original = Object.getOwnPropertyDescriptor(object, key)!;
  Object.defineProperty(object, key, { ...original, value });
  try {
    f();
  } finally {
    Object.defineProperty(object, key, original);
  }
}

export function register(api: Api): void {
  const { URL, URLPattern, parseMany } = api;
  // deno-lint-ignore no-explicit-any
  const AnyURL = URL as any;
  // deno-lint-ignore no-explicit-any
  const anyParseMany = parseMany as any;
  const test = suite("edges: brand checks, Node's wording, stacks, member order, realm safety, parseMany");

  test("every URL and URLPattern member on a wrong receiver: ERR_INVALID_THIS naming the class", () => {
    const receivers: unknown[] = [undefined, null, 1, "http://a/", Symbol("s"), true, {}, () => {}, new URLPattern()];
    for (const [Class, name] of [[URL, "URL"], [URLPattern, "URLPattern"]] as const) {
      for (const [member, call] of membersOf(Class.prototype)) {
        for (const receiver of Class === URLPattern ? [...receivers.slice(0, -1), new URL("http://a/")] : receivers) {
          const e = thrown(() => call(receiver));
          assert.instance(e, TypeError, `${name} ${member}`);
          assert.is(e.message, `Value of "this" must be of type ${name}`, `${name} ${member} on ${String(receiver)}`);
          assert.is(e.code, "ERR_INVALID_THIS", `${name} ${member}`);
        }
      }
    }
    // An unbound method, as a user passes it around.
    const { exec, test: matches } = new URLPattern({ pathname: "/a" });
    assert.is(thrown(() => exec({})).code, "ERR_INVALID_THIS");
    assert.is(thrown(() => matches("http://x/a")).code, "ERR_INVALID_THIS");
    const { toString } = new URL("http://a/");
    assert.is(thrown(() => toString()).code, "ERR_INVALID_THIS");
  });

  // URL's and URLSearchParams' own missing-argument errors are the runtime's wording: test/suites/builtin_wording.ts.
  test("Node's wording where no built-in has the member: ERR_MISSING_ARGS names the argument, 'Received undefined'", () => {
    const e = thrown(() => anyParseMany());
    assert.is(e.message, 'The "inputs" argument must be specified');
    assert.is(e.code, "ERR_MISSING_ARGS");
    const received = (value: unknown) => String(thrown(() => anyParseMany(value)).message).split(". Received ")[1];
    assert.is(received(undefined), "undefined");
    assert.is(received(null), "null");
    assert.is(received(1), "type number (1)");
    assert.is(received(-0), "type number (-0)");
    assert.is(received("http://a/"), "type string ('http://a/')");
    assert.is(received("it's a very long string, longer than 28"), `type string ("it's a very long string, ...")`);
    assert.is(received(10n), "type bigint (10n)");
    assert.is(received({}), "an instance of Object");
    assert.is(received(function named() {}), "function named");
    assert.is(thrown(() => anyParseMany(undefined)).code, "ERR_INVALID_ARG_TYPE");
    assert.is(
      thrown(() => new URLPattern("http://a/*", "http://b/", 1 as unknown as undefined)).message,
      'The "options" argument must be of type object. Received type number (1)',
    );
  });

  test("a Symbol argument: V8's message on every engine (Bun's own URL uses it too), but in new URL on Bun, and URLPattern's", () => {
    const symbol = Symbol("x");
    const message = "Cannot convert a Symbol value to a string";
    // `new URL` converts with a template literal: a check for symbols first cost 30 bytes of V8's inlining budget,
    // which `new URL` then no longer fitted (bench --check). JavaScriptCore words that conversion its own way.
    const inConstructor = "Bun" in globalThis ? "Cannot convert a symbol to a string" : message;
    assert.is(thrown(() => new AnyURL(symbol)).message, inConstructor);
    assert.is(thrown(() => new AnyURL("http://a/", symbol)).message, inConstructor);
    assert.is(thrown(() => AnyURL.parse(symbol)).message, message);
    assert.is(thrown(() => AnyURL.canParse("x", symbol)).message, message);
    assert.is(thrown(() => (new URL("http://a/").pathname = symbol as unknown as string)).message, message);
    assert.is(thrown(() => (new URL("http://a/").href = symbol as unknown as string)).message, message);
    // A dictionary member is converted as WebIDL says; a Symbol where URLPattern takes its input or base URL is refused
    // with Node's built-in's code (ERR_INVALID_ARG_TYPE) and a message of ours (url_pattern_api's error codes test).
    assert.is(thrown(() => new URLPattern({ pathname: symbol as unknown as string })).message, message);
    const refused = "the input must be a string or a URLPatternInit, not a Symbol";
    assert.ok(thrown(() => new URLPattern(symbol as unknown as string)).message.endsWith(refused));
    assert.ok(thrown(() => new URLPattern().test(symbol as unknown as string)).message.endsWith(refused));
    assert.is(thrown(() => parseMany([symbol])).message, message);
    assert.is(thrown(() => parseMany(["x"], symbol as unknown as string)).message, message);
  });

  test("stacks start at the user's call, not in the error helpers", () => {
    // No call in tail position (an array around it): Bun's transpiler and JSC's tail calls would drop the frame.
    function userMakesAUrl() {
      return [new URL("nope")];
    }
    function userParsesMany() {
      return [parseMany(["x"], "nope")];
    }
    function userSetsHref() {
      new URL("http://a/").href = "nope";
    }
    function userCallsParse() {
      return [AnyURL.parse()];
    }
    function userMakesAPattern() {
      return [new URLPattern({ pathname: "/(a" })];
    }
    for (const f of [userMakesAUrl, userParsesMany, userSetsHref, userCallsParse, userMakesAPattern]) {
      const frame = firstFrame(thrown(f));
      assert.ok(frame.includes(f.name), `${f.name}: ${frame}`);
    }
  });

  test("a frozen Error (a hardened realm): errors are still ours, with their code", () => {
    const descriptor = Object.getOwnPropertyDescriptor(Error, "stackTraceLimit");
    if (descriptor === undefined || !descriptor.configurable) return;
    Object.defineProperty(Error, "stackTraceLimit", { ...descriptor, writable: false });
    try {
      const e = thrown(() => new URL("nope"));
      assert.is(e.code, "ERR_INVALID_URL");
      assert.is(thrown(() => parseMany(["x"], "nope")).code, "ERR_INVALID_URL");
    } finally {
      Object.defineProperty(Error, "stackTraceLimit", descriptor);
    }
  });

  test("for…in over a URL and a URLPattern lists the members in the runtime's own order", () => {
    const keys = (value: object) => {
      const list: string[] = [];
      for (const key in value) list.push(key);
      return list;
    };
    assert.equal(keys(new URL("http://a/")), keys(new globalThis.URL("http://a/")));
    const RuntimePattern = (globalThis as { URLPattern?: new () => object }).URLPattern;
    if (RuntimePattern !== undefined) assert.equal(keys(new URLPattern()), keys(new RuntimePattern()));
  });

  test("a replaced RegExp.prototype.exec/test, Array iterator or String.prototype method changes no match", () => {
    const pattern = new URLPattern({ pathname: "/books/:id(\\d+)", search: "*" });
    const url = "https://example.com/books/42?x=1";
    const expected = JSON.stringify(pattern.exec(url));
    const { URLPattern: Pattern } = api;
    const matches = () => {
      assert.is(pattern.test(url), true);
      assert.is(pattern.test("https://example.com/books/x"), false);
      assert.is(JSON.stringify(pattern.exec(url)), expected);
      assert.is(
        JSON.stringify(pattern.exec({ pathname: "/books/42", search: "x=1" })?.pathname),
        '{"groups":{"id":"42"},"input":"/books/42"}',
      );
      assert.is(new Pattern({ protocol: "(https?)", pathname: "/:x" }).exec("http://h/y")?.pathname.groups.x, "y");
      assert.is(new Pattern({ protocol: "(https?)" }).test("ftp://h/"), false);
      assert.is(new Pattern("http://a/\uD800").pathname, "/%EF%BF%BD");
      assert.is(pattern.test("https://example.com/books/42\uD800"), false);
    };
    const everything = () => {
      matches();
      // URL's getters call String.prototype at run time, as Node's own URL does (the cost of not: see README).
      const u = new URL("https://user:pw@example.com:8080/p?q#h");
      assert.equal(
        [u.protocol, u.username, u.password, u.host, u.port, u.pathname, u.search, u.hash, u.origin],
        ["https:", "user", "pw", "example.com:8080", "8080", "/p", "?q", "#h", "https://example.com:8080"],
      );
      const set = new Set<string>().add("http://a/").add("b"); // not from an array: its iterator may be replaced
      assert.equal(parseMany(set, "http://c/").map((x) => x?.href), ["http://a/", "http://c/b"]);
    };
    withReplaced(RegExp.prototype, "exec", () => null, everything);
    withReplaced(RegExp.prototype, "test", () => false, everything);
    withReplaced(Array.prototype, Symbol.iterator, function* () {}, everything);
    for (const name of ["slice", "indexOf", "charCodeAt", "isWellFormed", "toWellFormed", "startsWith", "includes"]) {
      withReplaced(String.prototype, name, () => {
        throw new Error(`String.prototype.${name} called`);
      }, matches);
    }
    const u = new URL("http://a/");
    withReplaced(String.prototype, "isWellFormed", () => true, () => {
      u.pathname = "/\uD800";
      u.href = "http://b/\uD800";
    });
    assert.is(u.href, "http://b/%EF%BF%BD");
  });

  test("an invalid URLPattern says which component, where (a caret) and why; the engine's SyntaxError is the cause", () => {
    const message = (...args: unknown[]) =>
      String(thrown(() => new (URLPattern as unknown as new (...a: unknown[]) => object)(...args)).message);
    const cases: [unknown[], string][] = [
      [
        [{ pathname: "/(a" }],
        'Failed to parse pathname from "/(a": invalid regex: missing closing ) (at char 1)\n\n  /(a\n   ^',
      ],
      [["http://a/(b"], 'Failed to parse URLPattern from "http://a/(b": invalid regex: missing closing ) (at char 9)'],
      [[{ pathname: "/:" }], 'Failed to parse pathname from "/:": invalid name; must be at least length 1 (at char 1)'],
      [[{ hash: "a\\" }], 'Failed to parse hash from "a\\\\": a backslash at the end escapes nothing (at char 1)'],
      [[{ pathname: "/:a/:a" }], 'duplicate group name "a" (first at char 1) (at char 4)\n\n  /:a/:a\n      ^'],
      [[{ pathname: "/{a" }], 'Failed to parse pathname from "/{a": missing closing "}" (at char 1)'],
      [[{ search: "a}" }], 'Failed to parse search from "a}": a "}" closes no "{" group (at char 1)'],
      [[{ pathname: "/a?" }], 'a "?" modifier must follow a group'],
      [[{ pathname: "/(?:a)" }], 'a regexp group cannot start with "?"'],
      [[{ pathname: "/(a(b))" }], "a group nested in a regexp group must be non-capturing"],
      [[{ pathname: "/()" }], "the regexp group is empty (at char 1)"],
      [
        [{ hostname: "exa mple.com" }],
        `Failed to parse hostname from "exa mple.com": its fixed text cannot be a URL's hostname`,
      ],
      [[{ port: "abc" }], `Failed to parse port from "abc": its fixed text cannot be a URL's port`],
      [[{ baseURL: "nope", pathname: "/a" }], 'the baseURL "nope" is not a valid URL'],
      [["/a", "nope"], 'the base URL "nope" is not a valid URL'],
      [["/books/:id"], 'Failed to parse URLPattern from "/books/:id": a relative pattern needs a base URL'],
    ];
    for (const [args, expected] of cases) {
      const got = message(...args);
      assert.ok(got.startsWith("Failed to construct 'URLPattern': "), got);
      assert.ok(got.includes(expected), `${JSON.stringify(args)}: ${got}`);
    }
    const refused = thrown(() => new URLPattern({ pathname: "/(a[)" }));
    assert.is(refused.code, "ERR_INVALID_URL_PATTERN");
    assert.instance(refused.cause, SyntaxError);
    assert.ok(
      refused.message.includes('Failed to parse pathname from "/(a[)": this engine refused its regular expression: '),
      refused.message,
    );
  });

  test("parseMany: any iterable; arrays as before; strings and non-iterables refused", () => {
    const hrefs = (list: (InstanceType<typeof URL> | null)[]) => list.map((u) => u?.href ?? null);
    assert.equal(hrefs(parseMany(new Set(["http://a/", "nope"]))), ["http://a/", null]);
    function* generate() {
      yield "http://g/";
      yield new URL("http://h/");
    }
    assert.equal(hrefs(parseMany(generate())), ["http://g/", "http://h/"]);
    assert.equal(hrefs(parseMany(new Map([["http://k/", 1]]).keys())), ["http://k/"]);
    const arrayLike = { length: 1, 0: "http://a/", [Symbol.iterator]: [][Symbol.iterator] };
    assert.equal(hrefs(parseMany(arrayLike as Iterable<string>)), ["http://a/"]);
    for (const value of ["http://a/", new String("ab"), 1, {}, { length: 1, 0: "http://a/" }, null, () => {}]) {
      const e = thrown(() => anyParseMany(value));
      assert.instance(e, TypeError);
      assert.is(e.code, "ERR_INVALID_ARG_TYPE", String(value));
    }
  });

  test("parseMany: an invalid base throws as new URL(x, base) does", () => {
    for (const inputs of [["a", "http://a/"], []]) {
      const e = thrown(() => parseMany(inputs, "not a base"));
      assert.instance(e, TypeError);
      assert.is(e.code, "ERR_INVALID_URL");
      assert.is(e.base, "not a base");
      assert.is(e.message, thrown(() => new URL("not a base")).message);
    }
    assert.equal(parseMany(["x"], new URL("http://a/b/")).map((u) => u?.href), ["http://a/b/x"]);
  });

  test.run();
}
