/**
 * URLSearchParams' WebIDL conversions against the runtime's own URLSearchParams (issue 36): every method given
 * objects (whose toString runs, or throws), Symbols, lone surrogates, numbers, null and undefined, on an empty and a
 * filled list; record and sequence inits, with what a user's code observes while they are read; forEach given
 * something that is not a function. Each scenario runs the same code on ours and on the built-in, and compares what
 * it returns or throws and what it logged. Where a built-in departs from WebIDL, ours follows WebIDL and the test
 * says which built-in departs, and checks ours against the standard's steps written out here.
 */
import { suite } from "uvu";
import * as assert from "uvu/assert";
import type { Api } from "../support/api.ts";

type Params = new (init?: unknown) => Record<string, (...args: unknown[]) => unknown> & Iterable<[string, string]>;
type Outcome = { value?: unknown; error?: string; log: string[] };

const RuntimeParams = globalThis.URLSearchParams as unknown as Params;
const isBun = "Bun" in globalThis;
const isDeno = "Deno" in globalThis;
const nodeMajor = !isBun && !isDeno
  ? Number(
    (globalThis as { process?: { versions?: { node?: string } } })
      .process?.versions?.node?.split(".")[0],
  )
  : undefined;

/** Runs `scenario` with a log it may write to: what it returned (as JSON) or threw (class and message). */
function outcome(scenario: (log: string[]) => unknown): Outcome {
  const log: string[] = [];
  try {
    return { value: JSON.parse(JSON.stringify(scenario(log) ?? null)), log };
  } catch (error) {
    const e = error as Error;
    return { error: `${e?.constructor?.name}: ${e?.message}`, log };
  }
}

/** JSC (Bun's built-in record conversion) words a Symbol's ToString its own way; ours says V8's on every runtime. */
const sameSymbolWording = (o: Outcome): Outcome =>
  o.error === undefined ? o : {
    ...o,
    error: o.error.replace("Cannot convert a symbol to a string", "Cannot convert a Symbol value to a string"),
  };

/**
 * Bun's built-in words the init's TypeErrors its own way ("Value is not a sequence", "Symbol.iterator property should
 * be callable"); ours has Node's wording and codes (ERR_INVALID_TUPLE, ERR_ARG_NOT_ITERABLE) on every runtime. There,
 * the class of the error is compared, and ours is checked for Node's wording.
 */
const initErrorOnBun = (ours: string) => (o: Outcome): Outcome =>
  isBun && o.error?.startsWith("TypeError: ") && !o.error.includes("Cannot convert")
    ? { ...o, error: `TypeError: ${ours}` }
    : o;
const NOT_A_PAIR = "Each query pair must be an iterable [name, value] tuple";

/** An argument whose conversion is observable: its toString logs (or throws). */
function logged(log: string[], name: string, text: string | Error = name): unknown {
  return {
    toString() {
      log.push(`toString ${name}`);
      if (text instanceof Error) throw text;
      return text;
    },
  };
}

/** The arguments each method is given: (log) => value. */
const ARGUMENTS: [string, (log: string[]) => unknown][] = [
  ["an object", (log) => logged(log, "a")],
  ["an object whose toString throws", (log) => logged(log, "x", new Error("toString threw"))],
  ["a Symbol", () => Symbol("s")],
  ["a lone surrogate", () => "\uD800"],
  ["a name with a lone surrogate", () => "a\uDC00"],
  ["U+FFFD", () => "\uFFFD"],
  ["a number", () => 1],
  ["null", () => null],
  ["undefined", () => undefined],
  [
    "an object with valueOf",
    (log) => ({ valueOf: () => (log.push("valueOf"), 2), toString: () => (log.push("toString"), "a") }),
  ],
];

const LISTS = ["", "a=1&b=2&a=3&1=one&null=n&undefined=u&%EF%BF%BD=r&a%EF%BF%BD=s"];

export function register(api: Api): void {
  const Ours = api.URLSearchParams as unknown as Params;
  const test = suite("URLSearchParams conversions (against the runtime's built-in)");

  /** Asserts that `scenario` does the same with ours as with the built-in. */
  const same = (what: string, scenario: (P: Params, log: string[]) => unknown, adjust = (o: Outcome) => o) => {
    const ours = outcome((log) => scenario(Ours, log));
    const theirs = adjust(outcome((log) => scenario(RuntimeParams, log)));
    assert.equal(ours, theirs, what);
  };

  test("every method converts its arguments as the built-in does, on an empty list too (getAll included)", () => {
    const methods: [string, number][] = [
      ["append", 2],
      ["delete", 1],
      ["delete", 2],
      ["get", 1],
      ["getAll", 1],
      ["has", 1],
      ["has", 2],
      ["set", 2],
    ];
    for (const list of LISTS) {
      for (const [method, count] of methods) {
        for (const [first, makeFirst] of ARGUMENTS) {
          for (const [second, makeSecond] of count === 2 ? ARGUMENTS : [["-", () => undefined] as const]) {
            same(`new URLSearchParams(${JSON.stringify(list)}).${method}(${first}, ${second})`, (P, log) => {
              const p = new P(list);
              const args = count === 2 ? [makeFirst(log), makeSecond(log)] : [makeFirst(log)];
              return [p[method](...args), [...p]];
            });
          }
        }
      }
    }
  });

  test("getAll on an empty list: an object's toString runs, a Symbol throws (Node's own getAll test)", () => {
    const p = new Ours();
    let calls = 0;
    assert.equal(p.getAll({ toString: () => (calls++, "a") }), []);
    assert.is(calls, 1);
    assert.throws(
      () => p.getAll(Symbol()),
      (e: unknown) => e instanceof TypeError && e.message === "Cannot convert a Symbol value to a string",
    );
    assert.throws(() =>
      p.getAll({
        toString() {
          throw new RangeError("mine");
        },
      }), (e: unknown) => e instanceof RangeError && e.message === "mine");
  });

  test("a string init, and objects as inits: the built-in's pairs", () => {
    const inits: [string, (log: string[]) => unknown][] = [
      ...ARGUMENTS.filter(([name]) => name !== "null"),
      ["a URLSearchParams of the built-in's", () => new RuntimeParams("a=1&a=\uD800")],
      ["a Map", () => new Map([["m", "1"], ["\uD800", "2"]])],
      ["a String object (its @@iterator gives characters: not pairs)", () => new String("a=1")],
      ["a function with own properties", () => Object.assign(function f() {}, { k: "v" })],
      ["an array of arrays with objects", (log) => [[logged(log, "n"), logged(log, "v")], ["\uDC00", 1]]],
    ];
    for (const [name, make] of inits) {
      same(
        `new URLSearchParams(${name})`,
        (P, log) => [...new P(make(log))],
        (o) => sameSymbolWording(initErrorOnBun(NOT_A_PAIR)(o)),
      );
    }
  });

  test("a record: keys compared after their USVString conversion; a later equal key replaces the value in place", () => {
    // Made from entries: a linter takes keys that differ only in lone surrogates for duplicates.
    const records = [
      [["\uD800x", "1"], ["\uFFFDx", "2"]],
      [["\uFFFDx", "1"], ["a", "3"], ["\uD800x", "2"]],
      [["\uFFFDx", "1"], ["b", "2"], ["\uD800x", "3"], ["\uDC00x", "4"]],
      [["\uD800", "1"], ["\uDBFF", "2"], ["\uFFFD", "3"], ["z", "4"]],
      [["2", "two"], ["1", "one"], ["\uD8001", "x"], ["\uFFFD1", "y"]],
      [["a", "\uD800"], ["b", "\uDC00\uD800"]],
    ].map((entries) => Object.fromEntries(entries));
    for (const record of records) same(`record ${JSON.stringify(record)}`, (P) => [...new P(record)]);
    assert.equal([...new Ours(records[0])], [["\uFFFDx", "2"]]);
  });

  test("a record is read as WebIDL says: ownKeys, then per key its descriptor and its value", () => {
    const proxy = (log: string[]) =>
      new Proxy({ a: "1", b: logged(log, "b") } as Record<string, unknown>, {
        ownKeys: (t) => (log.push("ownKeys"), Reflect.ownKeys(t)),
        getOwnPropertyDescriptor: (
          t,
          k,
        ) => (log.push(`descriptor ${String(k)}`), Reflect.getOwnPropertyDescriptor(t, k)),
        get: (t, k) => (log.push(`get ${String(k)}`), Reflect.get(t, k)),
      });
    same("a Proxy record", (P, log) => [...new P(proxy(log))]);
    same("non-enumerable keys are skipped, a Symbol key among them", (P) => {
      const o: Record<string | symbol, unknown> = { a: "1" };
      Object.defineProperty(o, "hidden", { value: "x", enumerable: false });
      Object.defineProperty(o, Symbol("s"), { value: "x", enumerable: false });
      return [...new P(o)];
    });
    same("an enumerable Symbol key throws", (P) => [...new P({ a: "1", [Symbol("s")]: "x" })], sameSymbolWording);
    same("an inherited @@iterator makes it a sequence", (P) => {
      const o = Object.create({
        *[Symbol.iterator]() {
          yield ["p", "q"];
        },
      });
      o.a = "1";
      return [...new P(o)];
    });
  });

  test("an own @@iterator that is null (or undefined) and not enumerable: a record, not an error", () => {
    for (const value of [null, undefined]) {
      same(`@@iterator ${value}`, (P) => {
        const o = { a: "1", b: "\uD800" };
        Object.defineProperty(o, Symbol.iterator, { value, enumerable: false });
        return [...new P(o)];
      });
    }
    same(
      "@@iterator not callable",
      (P) => [...new P({ [Symbol.iterator]: 1 })],
      initErrorOnBun("Query pairs must be iterable"),
    );
  });

  /** A sequence init whose every step logs: the outer iterable, its pairs, their items and the items' toString. */
  const loggingSequence = (log: string[], pairs: unknown[][]) => ({
    get [Symbol.iterator]() {
      log.push("get @@iterator");
      return function* () {
        for (let i = 0; i < pairs.length; i++) {
          log.push(`pair ${i}`);
          const items = pairs[i];
          yield {
            *[Symbol.iterator]() {
              for (let k = 0; k < items.length; k++) {
                log.push(`item ${i}.${k}`);
                yield logged(log, `${i}.${k}`, String(items[k]));
              }
              log.push(`end ${i}`);
            },
          };
        }
        log.push("end");
      };
    },
  });

  test("a sequence: @@iterator read once, each item converted as it is read (the standard's steps)", () => {
    const ours = outcome((log) => [...new Ours(loggingSequence(log, [["a", "b"], ["c", "\uD800"]]))]);
    // WebIDL: GetMethod(@@iterator) once, then each item's conversion right after the item is read.
    const steps = ["get @@iterator", "pair 0", "item 0.0", "toString 0.0", "item 0.1", "toString 0.1", "end 0"];
    steps.push("pair 1", "item 1.0", "toString 1.0", "item 1.1", "toString 1.1", "end 1", "end");
    assert.equal(ours, { value: [["a", "b"], ["c", "\uFFFD"]], log: steps });
    // Node's built-in reads @@iterator twice; Deno's reads a pair to its end before converting its items.
    if (isBun) same("the same sequence", (P, log) => [...new P(loggingSequence(log, [["a", "b"], ["c", "\uD800"]]))]);
  });

  test("a sequence: pairs of the wrong length throw after the whole sequence was converted (WebIDL, as Bun)", () => {
    // The constructor's steps check each pair's size after the conversion of the whole init: a later pair is still
    // read (and converted). Node's and Deno's built-ins throw at the first bad pair.
    const ours = outcome((log) => [...new Ours(loggingSequence(log, [["a"], ["b", "c", "d"], ["e", "f"]]))]);
    assert.is(ours.error, "TypeError: Each query pair must be an iterable [name, value] tuple");
    assert.equal(ours.log.slice(-3), ["toString 2.1", "end 2", "end"]);
    if (isBun) {
      const theirs = outcome((
        log,
      ) => [...new RuntimeParams(loggingSequence(log, [["a"], ["b", "c", "d"], ["e", "f"]]))]);
      assert.equal(ours.log, theirs.log);
    }
    // An item that is not an iterable object fails when it is read.
    same(
      "a pair that is a string",
      (P) => [...new P(["ab"])],
      (o) => ({ ...o, error: o.error && "TypeError: Each query pair must be an iterable [name, value] tuple" }),
    );
    const afterNull = outcome((log) => new Ours([null, loggingSequence(log, [])]));
    assert.equal(afterNull, { error: "TypeError: Each query pair must be an iterable [name, value] tuple", log: [] });
  });

  test("new URLSearchParams(null) is the pair null= (WebIDL's USVString); Node 20 and 22 give an empty list", () => {
    assert.equal([...new Ours(null)], [["null", ""]]);
    const theirs = [...new RuntimeParams(null)];
    if (nodeMajor !== undefined && nodeMajor <= 22) assert.equal(theirs, []);
    else assert.equal(theirs, [["null", ""]]);
  });

  test("forEach given something that is not a function: the built-in's error, and nothing of it read", () => {
    for (const value of [undefined, null, 1, "f", true, 10n, Symbol("s")]) {
      same(`forEach(${String(value)})`, (P) => new P("a=1").forEach(value));
      const ours = (() => {
        try {
          new Ours("a=1").forEach(value);
        } catch (error) {
          return error as { code?: unknown };
        }
      })();
      const theirs = (() => {
        try {
          new RuntimeParams("a=1").forEach(value);
        } catch (error) {
          return error as { code?: unknown };
        }
      })();
      assert.is(ours?.code, theirs?.code);
    }
    same("forEach({})", (P) => new P("a=1").forEach({}));
    const reads: string[] = [];
    const watched = new Proxy({}, {
      get: (_t, k) => (reads.push(`get ${String(k)}`), undefined),
      getPrototypeOf: () => (reads.push("getPrototypeOf"), Object.prototype),
      getOwnPropertyDescriptor: (_t, k) => (reads.push(`descriptor ${String(k)}`), undefined),
      has: (_t, k) => (reads.push(`has ${String(k)}`), false),
      ownKeys: () => (reads.push("ownKeys"), []),
    });
    const ours = outcome(() => new Ours("a=1").forEach(watched));
    assert.equal(reads, []);
    // Its wording is the built-in's for a plain object. Node's built-in names the object's class, which it reads
    // (Node 26 not of a Proxy): theirs is then compared for a plain object.
    assert.equal(ours, outcome(() => new RuntimeParams("a=1").forEach({})));
    if (isBun || isDeno) {
      outcome(() => new RuntimeParams("a=1").forEach(watched));
      assert.equal(reads, [], "the built-in reads nothing either");
    }
    const getter = {
      get constructor(): never {
        throw new Error("read");
      },
    };
    assert.ok(outcome(() => new Ours("a=1").forEach(getter)).error?.startsWith("TypeError"));
  });

  test.run();
}
