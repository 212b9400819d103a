/** WebIDL and console conventions shared by the URL and URLSearchParams classes. */

/**
 * WebIDL interface members are enumerable (class syntax makes them non-enumerable), and the
 * prototype carries a `Symbol.toStringTag` with the interface name. Given the runtime's own prototype, the members
 * are laid out in its order, so that `for…in` and `Object.keys(Object.getPrototypeOf(x))` list them as the built-in's
 * do (Node puts `toString` first, Deno sorts the attributes, Bun puts `hash` before `search`); the members it lacks
 * follow, in ours.
 */
export function makeWebIdlMembersEnumerable(prototype: object, name: string, runtimePrototype?: unknown): void {
  const ours = Object.getOwnPropertyNames(prototype).filter((key) => key !== "constructor");
  const order: string[] = [];
  if (typeof runtimePrototype === "object" && runtimePrototype !== null) {
    for (const key in runtimePrototype) if (ours.includes(key) && !order.includes(key)) order.push(key);
  }
  for (const key of ours) if (!order.includes(key)) order.push(key);
  const descriptors = order.map((key) => Object.getOwnPropertyDescriptor(prototype, key)!);
  // A property keeps its place when redefined: each is deleted first, then all are added back in order.
  for (const key of order) delete (prototype as Record<string, unknown>)[key];
  order.forEach((key, i) => Object.defineProperty(prototype, key, { ...descriptors[i], enumerable: true }));
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
