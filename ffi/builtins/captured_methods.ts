/**
 * Built-in methods taken when ada-ffi loads and called without reading anything at call time (realm safety: a user
 * who later replaces `String.prototype.slice`, `Function.prototype.call` or `TextDecoder.prototype.decode`, even
 * with a getter, changes nothing we compute and sees no read). `f.call(self, …)` on a method taken at load is not
 * enough: it reads `Function.prototype.call`.
 *
 * The one place that decides how such a method is called, so the form can be changed after measuring it
 * (bench/capture_forms_all.mjs compares them on every runtime): `uncurryThis` below. Node's own primordials use the
 * same form (`FunctionPrototypeCall.bind(f)`); V8 inlines it, JavaScriptCore (Bun) measured it at 5-7x a direct call
 * on URL's getters (docs/runtime-interop.md).
 */

const apply = Reflect.apply;
const call = Function.prototype.call;
const bind = Function.prototype.bind;

/**
 * `method` as a function of its receiver: `uncurryThis(f)(self, a, b)` is `self.f(a, b)` with the `f` of load. The
 * other realm-safe form the benchmark measures is Reflect.apply in a wrapper made here:
 * `return (self, ...args) => apply(method, self, args);` (its `applyRest`; `applyWrapper` is a fixed-arity one).
 */
export function uncurryThis<T, A extends unknown[], R>(method: (this: T, ...args: A) => R): (self: T, ...args: A) => R {
  return apply(bind, call, [method]) as (self: T, ...args: A) => R;
}

/** `Reflect.apply` as it was at load. */
export const applyFunction = apply;

// The String methods of URL's getters and of every scan over a string.
const StringPrototype = String.prototype;
export const stringSlice: (s: string, start: number, end?: number) => string = uncurryThis(StringPrototype.slice);
export const stringIndexOf: (s: string, search: string, from?: number) => number = uncurryThis(
  StringPrototype.indexOf,
);
export const stringCharCodeAt: (s: string, at: number) => number = uncurryThis(StringPrototype.charCodeAt);
export const stringStartsWith: (s: string, search: string, at?: number) => boolean = uncurryThis(
  StringPrototype.startsWith,
);
export const stringFromCharCode = String.fromCharCode;

// The encoders and typed-array views of the native calls.
type Encoder = InstanceType<typeof TextEncoder>;
type Decoder = InstanceType<typeof TextDecoder>;
export const encodeInto: (encoder: Encoder, s: string, into: Uint8Array) => { read: number; written: number } =
  uncurryThis(TextEncoder.prototype.encodeInto);
export const encode: (encoder: Encoder, s: string) => Uint8Array = uncurryThis(TextEncoder.prototype.encode);
export const decode: (decoder: Decoder, bytes: Uint8Array) => string = uncurryThis(TextDecoder.prototype.decode);
const TypedArrayPrototype = Object.getPrototypeOf(Uint8Array.prototype) as Uint8Array;
/** `%TypedArray%.prototype.subarray`: a view of the same kind. */
export const subarray = uncurryThis(TypedArrayPrototype.subarray) as <T extends Uint8Array | Uint32Array | Int32Array>(
  view: T,
  start?: number,
  end?: number,
) => T;
/** `%TypedArray%.prototype.slice` on a Uint8Array: a copy, in a buffer of its own. */
export const typedArraySlice = uncurryThis(TypedArrayPrototype.slice) as (
  view: Uint8Array,
  start?: number,
  end?: number,
) => Uint8Array<ArrayBuffer>;
/** `%TypedArray%.prototype.set`: copies `source` into `target` from `offset` on. */
export const typedArraySet = uncurryThis(TypedArrayPrototype.set) as (
  target: Uint8Array | Uint32Array | Int32Array,
  source: ArrayLike<number>,
  offset?: number,
) => void;

/** `Object.getOwnPropertyDescriptor` as it was at load. */
export const getOwnPropertyDescriptor = Object.getOwnPropertyDescriptor;
