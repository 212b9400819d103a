/**
 * A URLSearchParams init that is iterable: WebIDL's sequence<sequence<USVString>> conversion, step by step as the
 * standard says it, so that what a user's iterators and toString methods see is what they see with the built-ins.
 * Each element is converted as it is read (not after its pair was read to the end); `@@iterator` and `next` are read
 * once per iterable; a conversion that throws leaves the iterators as they are (no `return()`: WebIDL does not close
 * them). Pairs are checked for their length after the whole sequence was converted, as the constructor's steps
 * follow the conversion (Bun's built-in does so; Node's and Deno's throw at the first bad pair).
 *
 * Realm safety: no for…of (its IteratorClose), no array destructuring (Array.prototype[Symbol.iterator]) and no
 * Array.prototype methods; Reflect.apply is captured at load; the list grows by append() (own_arrays.ts).
 */
import { invalidTupleError } from "../builtins/errors.ts";
import { toUSVString } from "../builtins/conversions.ts";
import { append } from "../builtins/own_arrays.ts";

const apply = Reflect.apply;

/** The engine's wording, for an iterator or iterator result that is not an object. */
function notAnObject(what: string): TypeError {
  return new TypeError(`${what} is not an object`);
}

/** The `next` method of the iterator iteratorOf() returned last. */
let nextOfLast: unknown;

/** The iterator (GetIteratorFromMethod); its `next` method in nextOfLast. */
function iteratorOf(target: unknown, method: unknown): object {
  const iterator = apply(method as (this: unknown) => unknown, target, []);
  if (iterator === null || (typeof iterator !== "object" && typeof iterator !== "function")) {
    throw notAnObject("Result of the Symbol.iterator method");
  }
  nextOfLast = (iterator as { next?: unknown }).next;
  return iterator as object;
}

/** IteratorStepValue: the next value, or DONE. */
const DONE: unique symbol = Symbol("done");
function step(iterator: object, next: unknown): unknown {
  const result = apply(next as (this: unknown) => unknown, iterator, []);
  if (result === null || (typeof result !== "object" && typeof result !== "function")) {
    throw notAnObject(`Iterator result ${String(result)}`);
  }
  if ((result as { done?: unknown }).done) return DONE;
  return (result as { value?: unknown }).value;
}

/**
 * Appends to `list` (name, value, …) the pairs of `init`, whose `@@iterator` is `method` (a function). Throws
 * ERR_INVALID_TUPLE, as Node's built-in, for an element that is not an iterable object (when it is read) and for a
 * pair that does not have two items (after the whole sequence was converted).
 */
export function fromSequence(list: string[], init: object, method: unknown): void {
  const pairs = iteratorOf(init, method);
  const nextPair = nextOfLast;
  nextOfLast = undefined; // not kept alive past the conversion
  let wrongLength = false;
  for (;;) {
    const pair = step(pairs, nextPair);
    if (pair === DONE) break;
    if (pair === null || (typeof pair !== "object" && typeof pair !== "function")) throw invalidTupleError();
    const pairMethod = (pair as { [Symbol.iterator]?: unknown })[Symbol.iterator];
    if (typeof pairMethod !== "function") throw invalidTupleError();
    const items = iteratorOf(pair, pairMethod);
    const nextItem = nextOfLast;
    nextOfLast = undefined;
    let count = 0;
    let name = "";
    let value = "";
    for (;;) {
      const item = step(items, nextItem);
      if (item === DONE) break;
      const converted = toUSVString(item);
      if (count === 0) name = converted;
      else if (count === 1) value = converted;
      count++;
    }
    if (count !== 2) wrongLength = true;
    else if (!wrongLength) {
      append(list, name);
      append(list, value);
    }
  }
  if (wrongLength) throw invalidTupleError();
}
