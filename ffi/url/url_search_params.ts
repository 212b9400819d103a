/**
 * The WHATWG `URLSearchParams`: a list of name/value pairs, parsed and serialized as application/x-www-form-urlencoded
 * (./form_urlencoded.ts), that can be linked to a URL (`url.searchParams`).
 *
 * The list is flat (name, value, name, value, …): one array per instance, not one more per pair. Its serialization
 * is cached until the next change. A linked instance holds its URL (no closure per URL) and calls the function the
 * URL module registered (setSearchParamsOwnerUpdate) with the new serialization after every change; the URL calls
 * resetSearchParams when its query changes by other means (the search or href setters). So this module does not
 * depend on the URL class.
 *
 * Realm safety: the built-in methods called after load are captured at load time. Arrays grow by append()
 * (own_arrays.ts) or by plain writes at their end whose count is checked: not by Array.prototype.push, which a user can
 * replace, and never leaving out an item that a setter a user put on Array.prototype took.
 */
import { keepInstanceShape } from "../builtins/instance_shapes.ts";
import { notIterableError } from "../builtins/errors.ts";
import { layerOnRuntimeClass, setLength } from "../builtins/interop.ts";
import { defineInspect, makeWebIdlMembersEnumerable } from "../builtins/webidl.ts";
import { encodeFormComponent, parseFormUrlencodedInto, serializeFormUrlencoded } from "./form_urlencoded.ts";
import {
  stringIsWellFormed as wellFormed,
  stringToWellFormed as makeWellFormed,
  toUSVString,
} from "../builtins/conversions.ts";
import { ENTRIES, KEYS, URLSearchParamsIterator, VALUES } from "./search_params_iterator.ts";
import { find, pairsOfFlat, sortFlat } from "./flat_pairs.ts";
import { missingParamsArgumentsError, notACallbackError, paramsInvalidThisError } from "./search_params_wording.ts";
import { fromSequence } from "./pair_sequence.ts";
import { append } from "../builtins/own_arrays.ts";
import { setOwnData } from "../builtins/data_property.ts";

export { parseFormUrlencoded, serializeFormUrlencoded } from "./form_urlencoded.ts";

/**
 * What entries(), keys() and values() return: a built-in-like iterator (it inherits Iterator.prototype, so the
 * iterator helpers map/filter/take/drop/… are there wherever the runtime has them, and in the types under
 * `lib: ["esnext"]`), typed like lib.dom's URLSearchParamsIterator so that our objects type-check where the
 * runtime's are expected.
 */
export interface URLSearchParamsIteratorOf<T> extends IteratorObject<T, BuiltinIteratorReturn, unknown> {
  [Symbol.iterator](): URLSearchParamsIteratorOf<T>;
}

const charCodeAt = String.prototype.charCodeAt;
const reflectOwnKeys = Reflect.ownKeys;
const propertyIsEnumerable = Object.prototype.propertyIsEnumerable;
const hasOwn = Object.hasOwn;
const isArray = Array.isArray;

/** The URL module's update steps, called with a linked instance's URL and its new serialization. */
let ownerUpdate: (owner: object, serialized: string) => void = () => {};
/** Registers the URL module's update steps (see ownerUpdate). */
export function setSearchParamsOwnerUpdate(update: (owner: object, serialized: string) => void): void {
  ownerUpdate = update;
}

/** Passed as `init` by linkSearchParams, which then fills the new instance's fields in itself. */
const LINK: unknown = Object.freeze({});
/** Internal access, assigned by the class's static block. */
let pairsOf: (params: URLSearchParams) => [string, string][];
let link: (owner: object, query: string, from: number) => URLSearchParams;
let reset: (params: URLSearchParams, query: string, from: number) => void;
let isParams: (value: unknown) => value is URLSearchParams;

/**
 * A name or value argument as a USVString. A string is taken as it is when well-formed; `get`/`has`/`getAll`
 * compare with it before even that check (see lookupName).
 */
function usv(value: unknown): string {
  return typeof value === "string" && wellFormed(value) ? value : toUSVString(value);
}

/**
 * The name to look up for an argument: a string as it is (no well-formedness check: a string with a lone surrogate
 * equals no name in the list, whose names are all well-formed, so a hit proves it well-formed; on a miss,
 * retryName gives the converted name to look up again).
 */
function lookupName(value: unknown): string {
  return typeof value === "string" ? value : toUSVString(value);
}
/** After a miss: the converted name when `name` had lone surrogates, else undefined (the miss stands). */
function retryName(name: string): string | undefined {
  return wellFormed(name) ? undefined : makeWellFormed(name);
}

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
  /** name, value, name, value, … */
  #list: string[];
  /** The linked URL, or undefined. */
  #owner: object | undefined;
  /** The serialization of #list, or undefined until asked for (and after a change). */
  #serialized: string | undefined;

  /**
   * From a query string (a leading "?" is ignored), a sequence of [name, value] pairs, or a record
   * of names to values.
   */
  constructor(init: string | Iterable<readonly [string, string]> | Record<string, string> | URLSearchParams = "") {
    this.#list = [];
    this.#owner = undefined;
    this.#serialized = undefined;
    if (init === LINK) return; // link() fills it in
    if (init !== null && (typeof init === "object" || typeof init === "function")) {
      URLSearchParams.#fromObject(this.#list, init);
    } else {
      const query = toUSVString(init);
      parseFormUrlencodedInto(query, query.length > 0 && charCodeAt.call(query, 0) === 0x3f ? 1 : 0, this.#list);
    }
  }

  /**
   * Pairs from an iterable of pairs or a record: WebIDL's conversion of an object to
   * (sequence<sequence<USVString>> or record<USVString, USVString>). `@@iterator` is read once: undefined or null
   * (GetMethod) makes the object a record.
   */
  static #fromObject(list: string[], init: object): void {
    const method = (init as { [Symbol.iterator]?: unknown })[Symbol.iterator];
    if (method !== undefined && method !== null) {
      if (typeof method !== "function") throw notIterableError();
      fromSequence(list, init, method);
      return;
    }
    // WebIDL record<USVString, USVString>: [[OwnPropertyKeys]], then per key [[GetOwnProperty]] (enumerable?), the
    // key's conversion and [[Get]]. A key equal to an earlier one after USVString conversion ("\uD800x" and "\uFFFDx"
    // both become "\uFFFDx") replaces the earlier pair's value in place. Distinct property keys can be equal only
    // once one of them had lone surrogates: until then no key is looked up.
    const keys = reflectOwnKeys(init);
    let lookUp = false;
    for (let k = 0; k < keys.length; k++) {
      const key = keys[k];
      if (!propertyIsEnumerable.call(init, key)) continue;
      const raw = typeof key === "string" ? key : toUSVString(key); // a Symbol key throws, as WebIDL's conversion does
      const value = toUSVString((init as Record<PropertyKey, unknown>)[key]);
      let name = raw;
      if (!wellFormed(raw)) {
        name = makeWellFormed(raw);
        lookUp = true;
      } else if (!lookUp) {
        append(list, name);
        append(list, value);
        continue;
      }
      const at = find(list, name);
      if (at !== -1) list[at + 1] = value;
      else {
        append(list, name);
        append(list, value);
      }
    }
  }

  static #is(value: unknown): value is URLSearchParams {
    return typeof value === "object" && value !== null && #list in value;
  }

  /** The number of pairs. */
  get size(): number {
    if (!URLSearchParams.#is(this)) throw paramsInvalidThisError("size");
    return this.#list.length >> 1;
  }

  /** Adds a pair at the end. */
  append(name: string, value: string): void {
    if (!URLSearchParams.#is(this)) throw paramsInvalidThisError("append");
    if (arguments.length < 2) throw missingParamsArgumentsError(2, methods.append);
    const list = this.#list;
    const n = usv(name);
    const v = usv(value);
    append(list, n);
    append(list, v);
    URLSearchParams.#updateAppended(this, n, v);
  }

  /** Removes every pair with this name (and this value, when given). */
  delete(name: string, value?: string): void {
    if (!URLSearchParams.#is(this)) throw paramsInvalidThisError("delete");
    if (arguments.length < 1) throw missingParamsArgumentsError(1, methods.delete);
    const n = usv(name);
    const list = this.#list;
    let kept = 0;
    if (value === undefined) {
      for (let i = 0; i < list.length; i += 2) {
        if (list[i] !== n) {
          list[kept++] = list[i];
          list[kept++] = list[i + 1];
        }
      }
    } else {
      const v = usv(value);
      for (let i = 0; i < list.length; i += 2) {
        if (list[i] !== n || list[i + 1] !== v) {
          list[kept++] = list[i];
          list[kept++] = list[i + 1];
        }
      }
    }
    list.length = kept;
    URLSearchParams.#update(this);
  }

  /** The value of the first pair with this name, or null. */
  get(name: string): string | null {
    if (!URLSearchParams.#is(this)) throw paramsInvalidThisError("get");
    if (arguments.length < 1) throw missingParamsArgumentsError(1, methods.get);
    const list = this.#list;
    const n = lookupName(name);
    let at = find(list, n);
    if (at === -1) {
      const retry = list.length === 0 ? undefined : retryName(n);
      if (retry === undefined) return null;
      at = find(list, retry);
      if (at === -1) return null;
    }
    return list[at + 1];
  }

  /** The values of every pair with this name, in order. */
  getAll(name: string): string[] {
    if (!URLSearchParams.#is(this)) throw paramsInvalidThisError("getAll");
    if (arguments.length < 1) throw missingParamsArgumentsError(1, methods.getAll);
    const n = usv(name); // converted even when the list is empty: a Symbol throws, an object's toString runs
    const list = this.#list;
    const values: string[] = [];
    if (list.length === 0) return values;
    let count = 0;
    try {
      for (let i = 0; i < list.length; i += 2) {
        if (list[i] === n) {
          values[values.length] = list[i + 1];
          count++;
        }
      }
    } catch {
      count = -1; // a getter without a setter, up the prototype chain, refused a write
    }
    if (values.length === count) return values;
    // A setter a user put on Array.prototype took a write, or refused it: the values again, appended.
    values.length = 0;
    for (let i = 0; i < list.length; i += 2) if (list[i] === n) append(values, list[i + 1]);
    return values;
  }

  /** Whether a pair with this name (and this value, when given) exists. */
  has(name: string, value?: string): boolean {
    if (!URLSearchParams.#is(this)) throw paramsInvalidThisError("has");
    if (arguments.length < 1) throw missingParamsArgumentsError(1, methods.has);
    const list = this.#list;
    if (value === undefined) {
      const n = lookupName(name);
      if (find(list, n) !== -1) return true;
      const retry = list.length === 0 ? undefined : retryName(n);
      return retry !== undefined && find(list, retry) !== -1;
    }
    const n = usv(name);
    const v = usv(value);
    for (let i = 0; i < list.length; i += 2) if (list[i] === n && list[i + 1] === v) return true;
    return false;
  }

  /** Sets the first pair with this name (appending one if none), and removes the others. */
  set(name: string, value: string): void {
    if (!URLSearchParams.#is(this)) throw paramsInvalidThisError("set");
    if (arguments.length < 2) throw missingParamsArgumentsError(2, methods.set);
    const n = usv(name);
    const v = usv(value);
    const list = this.#list;
    let kept = 0;
    let found = false;
    for (let i = 0; i < list.length; i += 2) {
      if (list[i] !== n) {
        list[kept++] = list[i];
        list[kept++] = list[i + 1];
      } else if (!found) {
        found = true;
        list[kept++] = n;
        list[kept++] = v;
      }
    }
    if (!found) {
      // kept is the length here: the pair is appended.
      append(list, n);
      append(list, v);
      URLSearchParams.#updateAppended(this, n, v);
      return;
    }
    list.length = kept;
    URLSearchParams.#update(this);
  }

  /** Stable sort by name, comparing UTF-16 code units. */
  sort(): void {
    if (!URLSearchParams.#is(this)) throw paramsInvalidThisError("sort");
    if (this.#list.length > 2) sortFlat(this.#list);
    URLSearchParams.#update(this);
  }

  /** Calls `callback(value, name, params)` for each pair, in order. */
  forEach(callback: (value: string, name: string, params: URLSearchParams) => void, thisArg?: unknown): void {
    if (!URLSearchParams.#is(this)) throw paramsInvalidThisError("forEach");
    if (typeof callback !== "function") throw notACallbackError(callback, methods.forEach);
    // Live: pairs added or removed during the walk are seen, as with the built-ins.
    const list = this.#list;
    for (let i = 0; i < list.length; i += 2) callback.call(thisArg, list[i + 1], list[i], this);
  }

  /** An iterator of [name, value] pairs (live: it sees changes made while iterating). */
  entries(): URLSearchParamsIteratorOf<[string, string]> {
    if (!URLSearchParams.#is(this)) throw paramsInvalidThisError("entries");
    return new URLSearchParamsIterator(this.#list, ENTRIES) as unknown as URLSearchParamsIteratorOf<[string, string]>;
  }

  /** An iterator of names. */
  keys(): URLSearchParamsIteratorOf<string> {
    if (!URLSearchParams.#is(this)) throw paramsInvalidThisError("keys");
    return new URLSearchParamsIterator(this.#list, KEYS) as unknown as URLSearchParamsIteratorOf<string>;
  }

  /** An iterator of values. */
  values(): URLSearchParamsIteratorOf<string> {
    if (!URLSearchParams.#is(this)) throw paramsInvalidThisError("values");
    return new URLSearchParamsIterator(this.#list, VALUES) as unknown as URLSearchParamsIteratorOf<string>;
  }

  [Symbol.iterator](): URLSearchParamsIteratorOf<[string, string]> {
    return this.entries();
  }

  /**
   * The pairs as an object for JSON.stringify, by name: the value, or an array of the values of a repeated
   * name (typed as Bun declares its own). Not in the WHATWG standard: Bun's built-in has it, and Bun's types
   * require it of every URLSearchParams, so ours has it on every runtime (the built-ins of Node and Deno
   * stringify to "{}"). Each name is an own data property, as Bun's are: "__proto__" too, and a setter a user put on
   * Object.prototype is not called.
   */
  toJSON(): Record<string, string> {
    if (!URLSearchParams.#is(this)) throw paramsInvalidThisError("toJSON");
    const json: Record<string, string | string[]> = {};
    const list = this.#list;
    for (let i = 0; i < list.length; i += 2) {
      const name = list[i];
      const value = list[i + 1];
      if (!hasOwn(json, name)) {
        setOwnData(json, name, value);
        continue;
      }
      const seen = json[name];
      if (isArray(seen)) append(seen, value);
      else setOwnData(json, name, [seen, value]);
    }
    return json as Record<string, string>;
  }

  /** The serialization, without a leading "?" (spaces as "+"). Cached until the next change. */
  toString(): string {
    if (!URLSearchParams.#is(this)) throw paramsInvalidThisError("toString");
    const cached = this.#serialized;
    return cached !== undefined ? cached : (this.#serialized = serializeFormUrlencoded(this.#list));
  }

  static {
    isParams = URLSearchParams.#is;
    pairsOf = (params) => pairsOfFlat(params.#list);
    link = (owner, query, from) => {
      const params = new URLSearchParams(LINK as string);
      params.#owner = owner;
      if (from < query.length) parseFormUrlencodedInto(query, from, params.#list);
      return params;
    };
    // In place: iterators hold the list, and must see the new pairs (WPT urlsearchparams-foreach).
    reset = (params, query, from) => {
      const list = params.#list;
      list.length = 0;
      params.#serialized = undefined;
      if (from < query.length) parseFormUrlencodedInto(query, from, list);
    };
  }

  /**
   * After a change: the cached serialization is dropped, and a linked URL gets the new one. Static: a private
   * method gives every instance a brand field.
   */
  static #update(params: URLSearchParams): void {
    const owner = params.#owner;
    if (owner === undefined) {
      params.#serialized = undefined;
      return;
    }
    const serialized = serializeFormUrlencoded(params.#list);
    params.#serialized = serialized;
    ownerUpdate(owner, serialized);
  }

  /**
   * After a pair was appended: a cached serialization grows by that pair alone (not the whole list again), and a
   * linked URL gets it.
   */
  static #updateAppended(params: URLSearchParams, name: string, value: string): void {
    const cached = params.#serialized;
    if (cached === undefined) {
      URLSearchParams.#update(params);
      return;
    }
    const pair = encodeFormComponent(name) + "=" + encodeFormComponent(value);
    const serialized = cached === "" ? pair : cached + "&" + pair; // "" only for an empty list
    params.#serialized = serialized;
    const owner = params.#owner;
    if (owner !== undefined) ownerUpdate(owner, serialized);
  }
}

/**
 * Creates the `searchParams` of a URL (`owner`): parsed from `query` starting at `from` (past its "?"); after every
 * change it calls the function registered with setSearchParamsOwnerUpdate.
 */
export function linkSearchParams(owner: object, query: string, from: number): URLSearchParams {
  return link(owner, query, from);
}

/** Whether `value` is one of ours (a brand check: its private list, not its prototype). */
export function isURLSearchParams(value: unknown): value is URLSearchParams {
  return isParams(value);
}

/** Re-parses a linked instance's list from `query` (at `from`) after its URL's query changed (search or href setter). */
export function resetSearchParams(params: URLSearchParams, query: string, from: number): void {
  reset(params, query, from);
}

makeWebIdlMembersEnumerable(URLSearchParams.prototype, "URLSearchParams");
layerOnRuntimeClass(URLSearchParams, globalThis.URLSearchParams);
/** The methods as defined (a user may replace them later): where the stacks of their argument errors start. */
// deno-lint-ignore ban-types
const methods: Record<string, Function> = { __proto__: null } as never;
for (const name of ["append", "delete", "get", "getAll", "has", "set", "forEach"]) {
  methods[name] = (URLSearchParams.prototype as unknown as typeof methods)[name];
}
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

const arrayJoin = Array.prototype.join;
const stringReplace = String.prototype.replace as (this: string, pattern: RegExp, replacement: string) => string;
// deno-lint-ignore no-control-regex
const ANSI_COLOR = /\u001b\[\d\d?m/g; // what Node strips to measure a colored part
// As Node prints its own: `URLSearchParams { 'a' => '1', 'b' => '2' }`, one pair per line past `breakLength`.
defineInspect(
  URLSearchParams.prototype,
  (params: URLSearchParams) => ({ pairs: pairsOf(params) }),
  (view, inspect, options, name) => {
    const pairs = view.pairs as [string, string][];
    if (pairs.length === 0) return `${name} {}`;
    const parts: string[] = [];
    let width = -2;
    for (let i = 0; i < pairs.length; i++) {
      const part = `${inspect(pairs[i][0], options)} => ${inspect(pairs[i][1], options)}`;
      append(parts, part);
      width += (stringReplace.call(part, ANSI_COLOR, "") as string).length + 2;
    }
    const breakLength = (options as { breakLength?: unknown } | undefined)?.breakLength;
    if (typeof breakLength === "number" && width > breakLength) {
      return `${name} {\n  ${arrayJoin.call(parts, ",\n  ")} }`;
    }
    return `${name} { ${arrayJoin.call(parts, ", ")} }`;
  },
);

keepInstanceShape(new URLSearchParams());
keepInstanceShape(new URLSearchParams().keys());
