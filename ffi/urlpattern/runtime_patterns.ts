/**
 * The runtime's own `URLPattern` objects (Deno's, Bun's, Node 24+'s) in a URLPatternList. Read as a URLPatternInit
 * they would lose what their getters do not show (ignoreCase) and `result.pattern` would not be the object passed;
 * so a list keeps one as the pattern it is and asks it with its own test() and exec(), as the loop over patterns does.
 * Their methods are taken when this module loads (a user's later change to the runtime's URLPattern.prototype
 * changes no answer), and an object is one of them when the runtime's own getter accepts it (a brand check).
 */
interface RuntimePattern {
  test(input?: unknown, baseURL?: unknown): boolean;
  exec(input?: unknown, baseURL?: unknown): unknown;
}

const RuntimeURLPattern = (globalThis as { URLPattern?: { prototype: RuntimePattern } }).URLPattern;
const uncurry = <F>(f: unknown) => Function.prototype.call.bind(f as () => unknown) as unknown as F;
const proto = RuntimeURLPattern?.prototype;
const protocolGetter = proto && Object.getOwnPropertyDescriptor(proto, "protocol")?.get;
const brandCheck = protocolGetter ? uncurry<(pattern: unknown) => string>(protocolGetter) : undefined;
const runtimeTest = proto && uncurry<(pattern: unknown, input: unknown, baseURL: unknown) => boolean>(proto.test);
/** The runtime's `URLPattern.prototype.exec` as it was at load (route() asks a pattern with another through it). */
export const runtimeExecMethod: unknown = proto?.exec;
const runtimeExec = proto && uncurry<(pattern: unknown, input: unknown, baseURL: unknown) => unknown>(proto.exec);

/**
 * Whether `value` is a URLPattern of the runtime's own (false where the runtime has none, and for ours: the caller
 * asks about ours first). Runs no user code: the runtime's getter throws on anything else before reading it.
 */
export function isRuntimePattern(value: unknown): boolean {
  if (brandCheck === undefined || typeof value !== "object" || value === null) return false;
  try {
    brandCheck(value);
    return true;
  } catch {
    return false;
  }
}

/** `pattern.test(input, baseURL)` with the runtime's own method as it was at load. */
export function testRuntimePattern(pattern: unknown, input: unknown, baseURL: unknown): boolean {
  return runtimeTest!(pattern, input, baseURL);
}

/** `pattern.exec(input, baseURL)` with the runtime's own method as it was at load. */
export function execRuntimePattern(pattern: unknown, input: unknown, baseURL: unknown): unknown {
  return runtimeExec!(pattern, input, baseURL);
}

const pathnameGetter = proto && Object.getOwnPropertyDescriptor(proto, "pathname")?.get;
const runtimePathname = pathnameGetter ? uncurry<(pattern: unknown) => string>(pathnameGetter) : undefined;

/** A runtime URLPattern's pathname pattern string (what its own getter, as it was at load, gives). */
export function pathnamePatternOf(pattern: unknown): string {
  return runtimePathname!(pattern);
}
