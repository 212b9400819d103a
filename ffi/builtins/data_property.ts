/**
 * Own data properties defined by ada-ffi's code whatever a user has put on `Object.prototype`. A descriptor is an
 * ordinary object read with [[Get]]: one that inherits a `get` or `set` a user put on `Object.prototype` describes an
 * accessor, and defining it with a `value` throws. The descriptors here have no prototype.
 */
const defineProperty = Object.defineProperty;

/** Defines `key` on `object` as an own writable, enumerable, configurable data property holding `value`. */
export function defineData(object: object, key: PropertyKey, value: unknown): void {
  defineProperty(
    object,
    key,
    { __proto__: null, value, writable: true, enumerable: true, configurable: true } as PropertyDescriptor,
  );
}
