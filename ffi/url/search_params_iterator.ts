/**
 * What URLSearchParams' entries(), keys() and values() return: a built-in-like iterator over the live flat list
 * (name, value, …) of its URLSearchParams, by index, so pairs appended during iteration are reached, as in the spec.
 * It inherits %IteratorPrototype% (so it is itself iterable, with the iterator helpers where the runtime has them).
 */
import { typeError } from "../builtins/errors.ts";
import { append } from "../builtins/own_arrays.ts";

export const ENTRIES = 0;
export const KEYS = 1;
export const VALUES = 2;

const arrayMap = Array.prototype.map;
const arrayJoin = Array.prototype.join;
const stringIncludes = String.prototype.includes;

/** Wording of the runtime's own iterator for `next()` on a wrong receiver (Node's, unless the runtime's differs). */
const wrongReceiverMessage = (() => {
  try {
    const runtimeIterator = new globalThis.URLSearchParams().keys();
    runtimeIterator.next.call({});
  } catch (error) {
    if (error instanceof TypeError && typeof error.message === "string") return error.message;
  }
  return 'Value of "this" must be of type URLSearchParamsIterator';
})();

export class URLSearchParamsIterator {
  #list: string[];
  #kind: number;
  #index = 0;
  /** Inherited from %IteratorPrototype% (set below): returns the iterator itself. */
  declare [Symbol.iterator]: () => URLSearchParamsIterator;

  constructor(list: string[], kind: number) {
    this.#list = list;
    this.#kind = kind;
  }

  static #is(value: unknown): value is URLSearchParamsIterator {
    return typeof value === "object" && value !== null && #list in value;
  }

  /** What is left to iterate, without advancing. */
  static rest(iterator: URLSearchParamsIterator): (string | [string, string])[] {
    const kind = iterator.#kind;
    const list = iterator.#list;
    const items: (string | [string, string])[] = [];
    for (let i = iterator.#index * 2; i < list.length; i += 2) {
      append(items, kind === KEYS ? list[i] : kind === VALUES ? list[i + 1] : [list[i], list[i + 1]]);
    }
    return items;
  }

  next(): IteratorResult<string | [string, string]> {
    if (!URLSearchParamsIterator.#is(this)) throw typeError(wrongReceiverMessage, "ERR_INVALID_THIS");
    const list = this.#list;
    const at = this.#index * 2;
    if (at >= list.length) return { value: undefined, done: true };
    this.#index++;
    const kind = this.#kind;
    return { value: kind === KEYS ? list[at] : kind === VALUES ? list[at + 1] : [list[at], list[at + 1]], done: false };
  }
}

const rest = URLSearchParamsIterator.rest;

Object.setPrototypeOf(
  URLSearchParamsIterator.prototype,
  Object.getPrototypeOf(Object.getPrototypeOf([][Symbol.iterator]())),
);
Object.defineProperty(URLSearchParamsIterator.prototype, Symbol.toStringTag, {
  value: "URLSearchParams Iterator",
  configurable: true,
});
Object.defineProperty(URLSearchParamsIterator.prototype, "next", { enumerable: true });

type Inspect = (value: unknown, options?: unknown) => string;

/**
 * Console output as Node's own iterator prints it: what it has left to give, `URLSearchParams Iterator { 'a', 'b' }`,
 * `{  }` when nothing is left, one item per line when the items do not fit on one (`breakLength`), and `[Object]`
 * past the depth limit.
 */
Object.defineProperty(URLSearchParamsIterator.prototype, Symbol.for("nodejs.util.inspect.custom"), {
  value: function (this: URLSearchParamsIterator, depth: unknown, options: unknown, inspect: unknown): unknown {
    if (typeof depth === "number" && depth < 0) {
      const stylize = (options as { stylize?: (text: string, style: string) => string } | null)?.stylize;
      return typeof stylize === "function" ? stylize("[Object]", "special") : "[Object]";
    }
    const items = rest(this);
    if (typeof inspect !== "function") return items;
    const inner = { ...(options as object) } as { depth?: unknown };
    if (typeof depth === "number") inner.depth = depth - 1;
    const show = inspect as Inspect;
    const texts = arrayMap.call(items, (item) => show(item, inner)) as string[];
    const body = stringIncludes.call(show(items, inner), "\n")
      ? `\n  ${arrayJoin.call(texts, ",\n  ")}`
      : ` ${arrayJoin.call(texts, ", ")}`;
    return `URLSearchParams Iterator {${body} }`;
  },
  configurable: true,
  writable: true,
});
