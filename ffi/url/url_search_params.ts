/**
 * The WHATWG `URLSearchParams`, in TypeScript: the application/x-www-form-urlencoded parser and
 * serializer, and a list of name/value pairs that can be linked to a URL (`url.searchParams`).
 *
 * The link is a callback, so this module does not depend on the URL class: a linked instance calls
 * `onUpdate(serialized)` after every change, and the URL calls `resetSearchParams` when its query
 * changes by other means (the search or href setters).
 */
import { keepInstanceShape } from "../builtins/instance_shapes.ts";
import {
  invalidArgTypeError,
  invalidThisError,
  invalidTupleError,
  missingArgumentError,
  notIterableError,
} from "../builtins/errors.ts";
import { layerOnRuntimeClass, setLength } from "../builtins/interop.ts";
import { defineInspect, makeWebIdlMembersEnumerable } from "../builtins/webidl.ts";

type Pair = [string, string];

/**
 * What entries(), keys() and values() return: a built-in-like iterator (it inherits Iterator.prototype, so the
 * iterator helpers map/filter/take/drop/… are there wherever the runtime has them, and in the types under
 * `lib: ["esnext"]`), typed like lib.dom's URLSearchParamsIterator so that our objects type-check where the
 * runtime's are expected.
 */
export interface URLSearchParamsIteratorOf<T> extends IteratorObject<T, BuiltinIteratorReturn, unknown> {
  [Symbol.iterator](): URLSearchParamsIteratorOf<T>;
}

/** WebIDL USVString: ToString (a Symbol throws TypeError), then lone surrogates to U+FFFD. */
export function toUSVString(value: unknown): string {
  const s = `${value}`;
  return s.isWellFormed() ? s : s.toWellFormed();
}

const utf8Encoder = new TextEncoder();
const utf8Decoder = new TextDecoder("utf-8", { ignoreBOM: true }); // "UTF-8 decode without BOM"

function hexValue(c: number): number {
  if (c >= 0x30 && c <= 0x39) return c - 0x30;
  if (c >= 0x41 && c <= 0x46) return c - 0x37;
  if (c >= 0x61 && c <= 0x66) return c - 0x57;
  return -1;
}

/** '+' to space, then percent-decode the UTF-8 bytes (a '%' not followed by two hex digits stays). */
function decodeFormComponent(s: string): string {
  if (s.indexOf("+") !== -1) s = s.replaceAll("+", " ");
  if (s.indexOf("%") === -1) return s;
  const bytes = utf8Encoder.encode(s);
  const out = new Uint8Array(bytes.length);
  let n = 0;
  for (let i = 0; i < bytes.length; i++) {
    const b = bytes[i];
    if (b === 0x25 && i + 2 < bytes.length) {
      const hi = hexValue(bytes[i + 1]);
      const lo = hexValue(bytes[i + 2]);
      if (hi >= 0 && lo >= 0) {
        out[n++] = hi * 16 + lo;
        i += 2;
        continue;
      }
    }
    out[n++] = b;
  }
  return utf8Decoder.decode(out.subarray(0, n));
}

/** The application/x-www-form-urlencoded parser. */
export function parseFormUrlencoded(input: string): Pair[] {
  const list: Pair[] = [];
  let start = 0;
  while (start <= input.length) {
    let end = input.indexOf("&", start);
    if (end === -1) end = input.length;
    if (end > start) {
      const eq = input.indexOf("=", start);
      const hasValue = eq !== -1 && eq < end;
      const name = input.slice(start, hasValue ? eq : end);
      const value = hasValue ? input.slice(eq + 1, end) : "";
      list.push([decodeFormComponent(name), decodeFormComponent(value)]);
    }
    start = end + 1;
  }
  return list;
}

/** Bytes left as they are by the form-urlencoded percent-encode set: ASCII alphanumerics and *-._ */
const UNRESERVED = /^[A-Za-z0-9*\-._]*$/;
const HEX = "0123456789ABCDEF";

function encodeFormComponent(s: string): string {
  if (UNRESERVED.test(s)) return s;
  const bytes = utf8Encoder.encode(s);
  let out = "";
  for (let i = 0; i < bytes.length; i++) {
    const b = bytes[i];
    if (b === 0x20) out += "+";
    else if (
      (b >= 0x30 && b <= 0x39) || (b >= 0x41 && b <= 0x5a) || (b >= 0x61 && b <= 0x7a) ||
      b === 0x2a || b === 0x2d || b === 0x2e || b === 0x5f
    ) out += String.fromCharCode(b);
    else out += "%" + HEX[b >> 4] + HEX[b & 15];
  }
  return out;
}

/** The application/x-www-form-urlencoded serializer. */
export function serializeFormUrlencoded(list: readonly Pair[]): string {
  let out = "";
  for (let i = 0; i < list.length; i++) {
    if (i > 0) out += "&";
    out += encodeFormComponent(list[i][0]) + "=" + encodeFormComponent(list[i][1]);
  }
  return out;
}

/** Set by a linked instance's owner; see resetSearchParams. */
let linkedUpdate: ((serialized: string) => void) | undefined;
let linkedQuery = "";
const LINK: unknown = Object.freeze({});
/** Internal access to an instance's list, assigned by the class's static block. */
let pairsOf: (params: URLSearchParams) => readonly Pair[];
let reset: (params: URLSearchParams, query: string) => void;

/**
 * The WHATWG URLSearchParams: an ordered list of name-value pairs, parsed and serialized as
 * application/x-www-form-urlencoded. A URL's `searchParams` is live: changing one changes the other.
 *
 * @example
 * const params = new URLSearchParams("a=1&b=2&a=3");
 * params.getAll("a"); // ["1", "3"]
 * params.set("c", "x y"); params.toString(); // "a=1&b=2&a=3&c=x+y"
 */
export class URLSearchParams {
  #list: Pair[];
  #onUpdate: ((serialized: string) => void) | undefined;

  /**
   * From a query string (a leading "?" is ignored), a sequence of [name, value] pairs, or a record
   * of names to values.
   */
  constructor(init: string | Iterable<readonly [string, string]> | Record<string, string> | URLSearchParams = "") {
    if (init === LINK) {
      this.#list = parseFormUrlencoded(linkedQuery);
      this.#onUpdate = linkedUpdate;
      return;
    }
    this.#onUpdate = undefined;
    if (init !== null && (typeof init === "object" || typeof init === "function")) {
      const iterator = (init as { [Symbol.iterator]?: unknown })[Symbol.iterator];
      if (iterator !== undefined) {
        if (typeof iterator !== "function") throw notIterableError();
        this.#list = [];
        for (const pair of init as Iterable<unknown>) {
          if (
            pair === null || (typeof pair !== "object" && typeof pair !== "function") ||
            typeof (pair as { [Symbol.iterator]?: unknown })[Symbol.iterator] !== "function"
          ) {
            throw invalidTupleError();
          }
          const items = Array.from(pair as Iterable<unknown>);
          if (items.length !== 2) throw invalidTupleError();
          this.#list.push([toUSVString(items[0]), toUSVString(items[1])]);
        }
      } else {
        // WebIDL record<USVString, USVString>: keys that become equal after USVString conversion
        // ("\uD835x" and "\uD83Dx" both become "\uFFFDx") overwrite the earlier pair's value in place.
        const byName = new Map<string, Pair>();
        for (const key of Reflect.ownKeys(init)) {
          const descriptor = Reflect.getOwnPropertyDescriptor(init, key);
          if (descriptor === undefined || !descriptor.enumerable) continue;
          const name = toUSVString(key); // a Symbol key throws, as WebIDL's record conversion does
          const value = toUSVString((init as Record<PropertyKey, unknown>)[key]);
          const pair = byName.get(name);
          if (pair !== undefined) pair[1] = value;
          else byName.set(name, [name, value]);
        }
        this.#list = [...byName.values()];
      }
    } else {
      const query = toUSVString(init);
      this.#list = parseFormUrlencoded(query.charCodeAt(0) === 0x3f ? query.slice(1) : query);
    }
  }

  /** The number of pairs. */
  get size(): number {
    if (!(#list in this)) throw invalidThisError("URLSearchParams");
    return this.#list.length;
  }

  /** Adds a pair at the end. */
  append(name: string, value: string): void {
    if (!(#list in this)) throw invalidThisError("URLSearchParams");
    if (arguments.length < 2) throw missingArgumentError("URLSearchParams.append", 2, arguments.length);
    this.#list.push([toUSVString(name), toUSVString(value)]);
    URLSearchParams.#update(this);
  }

  /** Removes every pair with this name (and this value, when given). */
  delete(name: string, value?: string): void {
    if (!(#list in this)) throw invalidThisError("URLSearchParams");
    if (arguments.length < 1) throw missingArgumentError("URLSearchParams.delete", 1, 0);
    const n = toUSVString(name);
    const list = this.#list;
    let kept = 0;
    if (value === undefined) {
      for (let i = 0; i < list.length; i++) if (list[i][0] !== n) list[kept++] = list[i];
    } else {
      const v = toUSVString(value);
      for (let i = 0; i < list.length; i++) if (list[i][0] !== n || list[i][1] !== v) list[kept++] = list[i];
    }
    list.length = kept;
    URLSearchParams.#update(this);
  }

  /** The value of the first pair with this name, or null. */
  get(name: string): string | null {
    if (!(#list in this)) throw invalidThisError("URLSearchParams");
    if (arguments.length < 1) throw missingArgumentError("URLSearchParams.get", 1, 0);
    const n = toUSVString(name);
    for (const pair of this.#list) if (pair[0] === n) return pair[1];
    return null;
  }

  /** The values of every pair with this name, in order. */
  getAll(name: string): string[] {
    if (!(#list in this)) throw invalidThisError("URLSearchParams");
    if (arguments.length < 1) throw missingArgumentError("URLSearchParams.getAll", 1, 0);
    const n = toUSVString(name);
    const values: string[] = [];
    for (const pair of this.#list) if (pair[0] === n) values.push(pair[1]);
    return values;
  }

  /** Whether a pair with this name (and this value, when given) exists. */
  has(name: string, value?: string): boolean {
    if (!(#list in this)) throw invalidThisError("URLSearchParams");
    if (arguments.length < 1) throw missingArgumentError("URLSearchParams.has", 1, 0);
    const n = toUSVString(name);
    if (value === undefined) return this.#list.some((pair) => pair[0] === n);
    const v = toUSVString(value);
    return this.#list.some((pair) => pair[0] === n && pair[1] === v);
  }

  /** Sets the first pair with this name (appending one if none), and removes the others. */
  set(name: string, value: string): void {
    if (!(#list in this)) throw invalidThisError("URLSearchParams");
    if (arguments.length < 2) throw missingArgumentError("URLSearchParams.set", 2, arguments.length);
    const n = toUSVString(name);
    const v = toUSVString(value);
    const list = this.#list;
    let kept = 0;
    let found = false;
    for (let i = 0; i < list.length; i++) {
      if (list[i][0] !== n) list[kept++] = list[i];
      else if (!found) {
        found = true;
        list[kept++] = [n, v];
      }
    }
    list.length = kept;
    if (!found) list.push([n, v]);
    URLSearchParams.#update(this);
  }

  /** Stable sort by name, comparing UTF-16 code units. */
  sort(): void {
    if (!(#list in this)) throw invalidThisError("URLSearchParams");
    this.#list.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
    URLSearchParams.#update(this);
  }

  /** Calls `callback(value, name, params)` for each pair, in order. */
  forEach(callback: (value: string, name: string, params: URLSearchParams) => void, thisArg?: unknown): void {
    if (!(#list in this)) throw invalidThisError("URLSearchParams");
    if (typeof callback !== "function") throw invalidArgTypeError("callback", "function", callback);
    // Live: pairs added or removed during the walk are seen, as with the built-ins.
    for (let i = 0; i < this.#list.length; i++) {
      const pair = this.#list[i];
      callback.call(thisArg, pair[1], pair[0], this);
    }
  }

  /** An iterator of [name, value] pairs (live: it sees changes made while iterating). */
  entries(): URLSearchParamsIteratorOf<[string, string]> {
    if (!(#list in this)) throw invalidThisError("URLSearchParams");
    return new URLSearchParamsIterator(this.#list, ENTRIES) as unknown as URLSearchParamsIteratorOf<[string, string]>;
  }

  /** An iterator of names. */
  keys(): URLSearchParamsIteratorOf<string> {
    if (!(#list in this)) throw invalidThisError("URLSearchParams");
    return new URLSearchParamsIterator(this.#list, KEYS) as unknown as URLSearchParamsIteratorOf<string>;
  }

  /** An iterator of values. */
  values(): URLSearchParamsIteratorOf<string> {
    if (!(#list in this)) throw invalidThisError("URLSearchParams");
    return new URLSearchParamsIterator(this.#list, VALUES) as unknown as URLSearchParamsIteratorOf<string>;
  }

  [Symbol.iterator](): URLSearchParamsIteratorOf<[string, string]> {
    return this.entries();
  }

  /**
   * The pairs as an object for JSON.stringify, by name: the value, or an array of the values of a repeated
   * name (typed as Bun declares its own). Not in the WHATWG standard: Bun's built-in has it, and Bun's types
   * require it of every URLSearchParams, so ours has it on every runtime (the built-ins of Node and Deno
   * stringify to "{}").
   */
  toJSON(): Record<string, string> {
    if (!(#list in this)) throw invalidThisError("URLSearchParams");
    const json: Record<string, string | string[]> = {};
    for (const [name, value] of this.#list) {
      const seen = json[name];
      if (!Object.hasOwn(json, name)) json[name] = value;
      else if (Array.isArray(seen)) seen.push(value);
      else json[name] = [seen, value];
    }
    return json as Record<string, string>;
  }

  /** The serialization, without a leading "?" (spaces as "+"). */
  toString(): string {
    if (!(#list in this)) throw invalidThisError("URLSearchParams");
    return serializeFormUrlencoded(this.#list);
  }

  /** The pairs, for console output. */
  static #pairs(params: URLSearchParams): readonly Pair[] {
    return params.#list;
  }

  static {
    pairsOf = URLSearchParams.#pairs;
    // In place: iterators hold the list, and must see the new pairs (WPT urlsearchparams-foreach).
    reset = (params, query) => {
      const list = params.#list;
      const fresh = parseFormUrlencoded(query);
      list.length = 0;
      for (let i = 0; i < fresh.length; i++) list.push(fresh[i]);
    };
  }

  /** Tells the linked URL (if any) the new query. Static: a private method gives every instance a brand field. */
  static #update(params: URLSearchParams): void {
    if (params.#onUpdate !== undefined) params.#onUpdate(serializeFormUrlencoded(params.#list));
  }
}

/**
 * Creates the `searchParams` of a URL: parsed from `query` (without its "?"), calling `onUpdate` with
 * the serialized list after every change.
 */
export function createLinkedSearchParams(query: string, onUpdate: (serialized: string) => void): URLSearchParams {
  linkedQuery = query;
  linkedUpdate = onUpdate;
  try {
    return new URLSearchParams(LINK as string);
  } finally {
    linkedUpdate = undefined;
    linkedQuery = "";
  }
}

/** Re-parses a linked instance's list after its URL's query changed (search or href setter). */
export function resetSearchParams(params: URLSearchParams, query: string): void {
  reset(params, query);
}

const ENTRIES = 0;
const KEYS = 1;
const VALUES = 2;

/** Iterates the live list by index: pairs appended during iteration are reached, as in the spec. */
class URLSearchParamsIterator {
  #list: Pair[];
  #kind: number;
  #index = 0;
  /** Inherited from %IteratorPrototype% (set below): returns the iterator itself. */
  declare [Symbol.iterator]: () => URLSearchParamsIterator;

  constructor(list: Pair[], kind: number) {
    this.#list = list;
    this.#kind = kind;
  }

  /** What is left to iterate, without advancing. */
  static rest(iterator: URLSearchParamsIterator): (string | [string, string])[] {
    const kind = iterator.#kind;
    return iterator.#list.slice(iterator.#index).map((pair) =>
      kind === KEYS ? pair[0] : kind === VALUES ? pair[1] : [pair[0], pair[1]]
    );
  }

  next(): IteratorResult<string | [string, string]> {
    const list = this.#list;
    if (this.#index >= list.length) return { value: undefined, done: true };
    const pair = list[this.#index++];
    const kind = this.#kind;
    return { value: kind === KEYS ? pair[0] : kind === VALUES ? pair[1] : [pair[0], pair[1]], done: false };
  }
}

const iteratorRest = URLSearchParamsIterator.rest;

// The iterator inherits %IteratorPrototype% (so it is itself iterable), like the built-in's.
Object.setPrototypeOf(
  URLSearchParamsIterator.prototype,
  Object.getPrototypeOf(Object.getPrototypeOf([][Symbol.iterator]())),
);
Object.defineProperty(URLSearchParamsIterator.prototype, Symbol.toStringTag, {
  value: "URLSearchParams Iterator",
  configurable: true,
});
Object.defineProperty(URLSearchParamsIterator.prototype, "next", { enumerable: true });

makeWebIdlMembersEnumerable(URLSearchParams.prototype, "URLSearchParams");
layerOnRuntimeClass(URLSearchParams, globalThis.URLSearchParams);
// WebIDL lengths count required arguments only.
setLength(URLSearchParams.prototype.delete, 1);
setLength(URLSearchParams.prototype.has, 1);
setLength(URLSearchParams.prototype.forEach, 1);
// WebIDL: the iterator method is the same function as entries.
Object.defineProperty(URLSearchParams.prototype, Symbol.iterator, {
  value: URLSearchParams.prototype.entries,
  writable: true,
  configurable: true,
});

defineInspect(
  URLSearchParams.prototype,
  (params: URLSearchParams) => ({ pairs: pairsOf(params) }),
  (view, inspect, options, name) => {
    const pairs = view.pairs as readonly Pair[];
    if (pairs.length === 0) return `${name} {}`;
    const parts = pairs.map(([k, v]) => `${inspect(k, options)} => ${inspect(v, options)}`);
    return `${name} { ${parts.join(", ")} }`;
  },
);
// An iterator prints what it has left to give, as Node's does: `URLSearchParams Iterator { 'a', 'b' }`.
defineInspect(
  URLSearchParamsIterator.prototype,
  (iterator: URLSearchParamsIterator) => ({ items: iteratorRest(iterator) }),
  (view, inspect, options) => {
    const items = view.items as unknown[];
    if (items.length === 0) return "URLSearchParams Iterator {}";
    return `URLSearchParams Iterator { ${items.map((item) => inspect(item, options)).join(", ")} }`;
  },
);

keepInstanceShape(new URLSearchParams());
keepInstanceShape(new URLSearchParams().keys());
