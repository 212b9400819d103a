/**
 * Errors worded as the runtime's own built-ins word them (issue 36): a member called with too few arguments (Node's
 * `The "url" argument must be specified`, Deno's `Failed to construct 'URL': 1 argument required, but only 0
 * present`, Bun's `Not enough arguments`), setters called with no value through their descriptors (Deno's refuse
 * it), the object-URL statics, and structuredClone's DataCloneError. Each case runs on ours and on the runtime's
 * built-in, and compares the error's class, name, message and code (or what the call returned).
 */
import { suite } from "uvu";
import * as assert from "uvu/assert";
import type { Api } from "../support/api.ts";

type Outcome = { value?: unknown; error?: { class: string; name: unknown; message: unknown; code: unknown } };
type AnyClass = new (...args: unknown[]) => Record<string, (...args: unknown[]) => unknown>;

const RuntimeURL = globalThis.URL as unknown as AnyClass & Record<string, (...args: unknown[]) => unknown>;
const RuntimeParams = globalThis.URLSearchParams as unknown as AnyClass;
const RuntimePattern = (globalThis as { URLPattern?: unknown }).URLPattern as AnyClass | undefined;

function outcome(f: () => unknown): Outcome {
  try {
    const value = f();
    return { value: value === undefined ? "undefined" : JSON.parse(JSON.stringify(value)) };
  } catch (error) {
    const e = error as Error & { code?: unknown };
    return { error: { class: e?.constructor?.name, name: e?.name, message: e?.message, code: e?.code } };
  }
}

const SETTERS = ["href", "protocol", "username", "password", "host", "hostname", "port", "pathname", "search", "hash"];

export function register(api: Api): void {
  const URL = api.URL as unknown as AnyClass & Record<string, (...args: unknown[]) => unknown>;
  const Params = api.URLSearchParams as unknown as AnyClass;
  const Pattern = api.URLPattern as unknown as AnyClass;
  const test = suite("errors worded as the runtime's built-ins word them");

  const same = (what: string, call: (classes: { URL: typeof URL; Params: AnyClass }) => unknown) => {
    const ours = outcome(() => call({ URL, Params }));
    const theirs = outcome(() => call({ URL: RuntimeURL, Params: RuntimeParams }));
    assert.equal(ours, theirs, what);
    return ours;
  };

  test("URL: new URL(), URL.parse() and URL.canParse() with no argument", () => {
    const cases: [string, (c: { URL: typeof URL }) => unknown][] = [
      ["new URL()", (c) => new c.URL()],
      ["URL.parse()", (c) => c.URL.parse()],
      ["URL.canParse()", (c) => c.URL.canParse()],
    ];
    for (const [what, call] of cases) {
      const ours = same(what, call);
      assert.is(ours.error?.class, "TypeError", what);
    }
  });

  test("URL.createObjectURL and URL.revokeObjectURL: the runtime's own errors, with no argument or a wrong one", () => {
    for (const args of [[], [undefined], ["x"], [{ toString: () => "blob:nothing" }], [Symbol("s")]]) {
      same(`createObjectURL(${args.map(String)})`, (c) => c.URL.createObjectURL(...args));
      same(`revokeObjectURL(${args.map(String)})`, (c) => c.URL.revokeObjectURL(...args));
    }
    const blob = new Blob(["x"]);
    const href = URL.createObjectURL(blob) as unknown as string;
    assert.ok(href.startsWith("blob:"), href);
    URL.revokeObjectURL(href);
  });

  test("URL's setters called with no value: the runtime's error where its setter refuses that, else 'undefined'", () => {
    for (const name of SETTERS) {
      same(`set ${name}()`, (c) => {
        const url = new c.URL("http://u:p@h.example:81/p?q#f");
        Reflect.apply(Object.getOwnPropertyDescriptor(c.URL.prototype, name)!.set!, url, []);
        return url.href;
      });
    }
  });

  test("URLSearchParams: every method with too few arguments", () => {
    const cases: [string, unknown[]][] = [
      ["append", []],
      ["append", ["a"]],
      ["delete", []],
      ["get", []],
      ["getAll", []],
      ["has", []],
      ["set", []],
      ["set", ["a"]],
      ["forEach", []],
    ];
    for (const [method, args] of cases) {
      const ours = same(`${method}(${args})`, (c) => new c.Params("a=1")[method](...args));
      assert.is(ours.error?.class, "TypeError", method);
    }
    same("new URLSearchParams()", (c) => [...(new c.Params() as unknown as Iterable<unknown>)]);
  });

  test("URLPattern with no arguments: WebIDL's optional input (Deno's built-in requires one for test and exec)", () => {
    const calls: [string, (P: AnyClass) => unknown][] = [
      ["new URLPattern()", (P) => (new P(), "made")],
      ["test()", (P) => new P({ pathname: "/a" }).test()],
      ["exec()", (P) => new P({ pathname: "/a" }).exec()],
    ];
    for (const [what, call] of calls) {
      const ours = outcome(() => call(Pattern));
      assert.is(ours.error, undefined, what);
      if (RuntimePattern === undefined) continue;
      const theirs = outcome(() => call(RuntimePattern));
      if ("Deno" in globalThis && what !== "new URLPattern()") {
        assert.is(
          theirs.error?.message,
          `Failed to execute '${what.slice(0, -2)}' on 'URLPattern': 1 argument required, but only 0 present`,
        );
        continue;
      }
      assert.equal(ours.error, theirs.error, what);
    }
  });

  test("an invalid URL with lone surrogates: the error's input and base are USVStrings, its message the built-in's", () => {
    const invalid = (f: () => unknown) => {
      try {
        f();
      } catch (error) {
        const e = error as Error & { input?: unknown; base?: unknown };
        return { message: e.message, input: e.input, base: e.base };
      }
    };
    const cases: [string, string | undefined][] = [["\uD800", undefined], ["a\uDC00", "b\uD800:"], ["x", "\uDBFF"]];
    for (const [input, base] of cases) {
      const ours = invalid(() => new URL(input, base))!;
      const theirs = invalid(() => new RuntimeURL(input, base))!;
      assert.is(ours.message, theirs.message, `${input} ${base}`);
      // Deno's built-in sets neither.
      if (theirs.input !== undefined) assert.equal(ours, theirs, `${input} ${base}`);
      assert.is(ours.input, input.toWellFormed());
      assert.is(ours.base, base?.toWellFormed());
    }
    // The href setter's value is a USVString too (Node's setter reports it unconverted; Bun's converted).
    const setHref = (url: object) => () => Reflect.set(url, "href", "\uD800");
    const setter = invalid(setHref(new URL("http://h.example/")))!;
    assert.is(setter.input, "\uFFFD");
    if ("Bun" in globalThis) assert.equal(setter, invalid(setHref(new RuntimeURL("http://h.example/"))));
  });

  test("stacks of the runtime-worded errors start at the user's call", () => {
    function userMakesAUrlOfNothing() {
      return [new URL()];
    }
    function userAppendsNothing() {
      return [new Params().append()];
    }
    for (const f of [userMakesAUrlOfNothing, userAppendsNothing]) {
      const stack = String(
        (outcome as unknown as (f: () => unknown) => unknown,
          (() => {
            try {
              f();
            } catch (error) {
              return (error as Error).stack;
            }
          })()),
      );
      const frame = stack.split("\n").map((line) => line.trim()).find((line) =>
        line.startsWith("at ") || /^\S*@/.test(line)
      );
      assert.ok(frame?.includes(f.name), `${f.name}: ${stack}`);
    }
  });

  test("structuredClone of a URL or a URLSearchParams: what it does with the runtime's own (its DataCloneError)", () => {
    const ours = [new URL("http://h.example/?a=1"), new Params("a=1")];
    const theirs = [new RuntimeURL("http://h.example/?a=1"), new RuntimeParams("a=1")];
    for (let i = 0; i < ours.length; i++) {
      const mine = outcome(() => structuredClone(ours[i]));
      const builtin = outcome(() => structuredClone(theirs[i]));
      assert.equal(mine, builtin, String(ours[i]));
      // Node 20 clones its own to {}; every other runtime refuses them.
      if (builtin.error !== undefined) assert.is(mine.error?.name, "DataCloneError");
    }
    // Nothing of the value is read to word the error.
    const url = new URL("http://h.example/");
    Object.defineProperty(url, "constructor", {
      get: () => {
        throw new Error("read");
      },
    });
    const error = outcome(() => structuredClone(url)).error;
    if (error !== undefined) assert.is(error.name, "DataCloneError");
  });

  test.run();
}
