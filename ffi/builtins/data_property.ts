/**
 * Own data properties that ada-ffi's code makes for users (URLPattern groups and params, a URLPatternInit it returns,
 * `toJSON()`'s names, an array item an accessor took) whatever a user has put on `Object.prototype`.
 */
const defineProperty = Object.defineProperty;
const objectPrototype = Object.prototype;

/**
 * Defines `key` on `object` as an own writable, enumerable, configurable data property holding `value`. The
 * descriptor has no prototype: it is read with [[Get]], and one that inherited a `get` or `set` a user put on
 * `Object.prototype` would describe an accessor (defining it with a `value` throws).
 */
export function defineData(object: object, key: PropertyKey, value: unknown): void {
  defineProperty(
    object,
    key,
    { __proto__: null, value, writable: true, enumerable: true, configurable: true } as PropertyDescriptor,
  );
}

/**
 * Sets `name` on `record` (an ordinary object ada-ffi made) as an own data property, as the built-ins define theirs.
 * Assigning would not make one where `Object.prototype` has the name: "__proto__" would set the object's prototype, a
 * user's setter would take the value, and a frozen `Object.prototype` (SES's lockdown) makes assigning `constructor`
 * or `toString` throw. Only those names pay for defineData().
 */
export function setOwnData(record: Record<string, unknown>, name: string, value: unknown): void {
  if (name in objectPrototype) defineData(record, name, value);
  else record[name] = value;
}
