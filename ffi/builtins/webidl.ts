/** WebIDL and console conventions shared by the URL and URLSearchParams classes. */

/**
 * WebIDL interface members are enumerable (class syntax makes them non-enumerable), and the
 * prototype carries a `Symbol.toStringTag` with the interface name.
 */
export function makeWebIdlMembersEnumerable(prototype: object, name: string): void {
  for (const key of Object.getOwnPropertyNames(prototype)) {
    if (key === "constructor") continue;
    const descriptor = Object.getOwnPropertyDescriptor(prototype, key)!;
    descriptor.enumerable = true;
    Object.defineProperty(prototype, key, descriptor);
  }
  Object.defineProperty(prototype, Symbol.toStringTag, { value: name, configurable: true });
}

/** `nodejs.util.inspect.custom` is honoured by the consoles of Node, Deno and Bun alike. */
const inspectCustom = Symbol.for("nodejs.util.inspect.custom");

export type Inspect = (value: unknown, options?: unknown) => string;

/**
 * Makes console.log / util.inspect print instances in Node's format, e.g. `URL { href: '…', … }`,
 * using the fields `view` returns, or the text `format` makes of them.
 */
export function defineInspect<T>(
  prototype: object,
  view: (self: T) => Record<string, unknown>,
  format?: (view: Record<string, unknown>, inspect: Inspect, options: unknown, name: string) => string,
): void {
  const className = (prototype as { constructor: { name: string } }).constructor.name;
  Object.defineProperty(prototype, inspectCustom, {
    value: function (this: T, depth: number, options: unknown, inspect: Inspect): unknown {
      // Past the depth limit Node prints the bare object (`URL {}`); returning it does the same here.
      if (typeof depth === "number" && depth < 0) return this;
      if (typeof inspect !== "function") return view(this);
      // A subclass prints under its own name, as the built-ins' do.
      const name = (this as { constructor?: { name?: unknown } }).constructor?.name;
      const shown = typeof name === "string" && name !== "" ? name : className;
      if (format !== undefined) return format(view(this), inspect, options, shown);
      return `${shown} ${inspect(view(this), options)}`;
    },
    configurable: true,
    writable: true,
  });
}
