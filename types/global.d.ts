/**
 * The types of `ada-ffi/global` (Node, Bun, and Deno through npm): the API, and the globals the install replaces —
 * URL, URLSearchParams and URLPattern. Hand-written (not emitted by tsc): the project's own compilation also sees
 * urlpattern-polyfill's global class, which a declaration here would collide with.
 *
 * A global declared twice must have one type. Where the project's other types declare a global (lib.dom, Deno's
 * lib, @types/node: URL always, URLPattern from @types/node 24), ours takes their type; elsewhere (no @types,
 * no DOM; URLPattern before @types/node 24 and in TypeScript 5.9's lib.dom) it is ours. Which declaration gives
 * the type is the first TypeScript reads: a lib's (read before every other file), else this file's, which a
 * project reads before its automatic @types. So:
 * - a lib's (DOM, Deno) is read from `typeof globalThis`, which is safe only when the lib declared it: the
 *   conditions first ask for a global only that lib declares (`onmessage`; for URLPattern also `scheduler`, which
 *   lib.dom gained with it, as @types/node asks; `Deno`), and TypeScript looks no further when it is missing;
 * - @types/node's, read after this file, is taken from its `node:url` module (not from `typeof globalThis`, whose
 *   URLPattern would be this very declaration: TS2502, "referenced directly or indirectly in its own type
 *   annotation"), so that the type its own declaration computes (`typeof url.URLPattern`, without a DOM) is the
 *   same.
 * The interfaces (the instance types) are ours only where nothing else declares them, and add nothing elsewhere.
 */
import type {
  URL as AdaURL,
  URLPattern as AdaURLPattern,
  URLPatternInit as AdaURLPatternInit,
  URLPatternResult as AdaURLPatternResult,
  URLSearchParams as AdaURLSearchParams,
} from "../dist/runtimes/node/entry.js";

export * from "../dist/runtimes/node/entry.js";

// @ts-ignore -- @types/node's module: a project without @types/node has none (this is then `any`: see NodeURL)
type NodeURLModule = typeof import("node:url");
/** @types/node's `node:url` module, or `{}` where the project has no @types/node. */
type NodeURL = [unknown] extends [NodeURLModule] ? {} : NodeURLModule;

/** Whether lib.dom (or lib.webworker) is in: it declares URL and URLSearchParams. */
type DomLib = typeof globalThis extends { onmessage: unknown } ? true : false;
/** Whether a DOM lib that declares URLPattern is in (TypeScript 5.9's has no URLPattern, nor `scheduler`). */
type DomLibWithURLPattern = typeof globalThis extends { onmessage: unknown; scheduler: unknown } ? true : false;
/** Whether Deno's lib is in: it declares all three. */
type DenoLib = typeof globalThis extends { Deno: unknown } ? true : false;

/** Whether another declaration of the URL and URLSearchParams globals is in the project. */
type DeclaredElsewhereURL = DomLib extends true ? true : NodeURL extends { URL: unknown } ? true : DenoLib;
/** Whether another declaration of the URLPattern global (and its dictionaries) is in the project. */
type DeclaredElsewhereURLPattern = DomLibWithURLPattern extends true ? true
  : NodeURL extends { URLPattern: unknown } ? true
  : DenoLib;

// The global interfaces' bases: ours where no other declaration has the interface, else nothing added.
type URLBase = DeclaredElsewhereURL extends true ? {} : AdaURL;
type URLSearchParamsBase = DeclaredElsewhereURL extends true ? {} : AdaURLSearchParams;
type URLPatternBase = DeclaredElsewhereURLPattern extends true ? {} : AdaURLPattern;
type URLPatternInitBase = DeclaredElsewhereURLPattern extends true ? {} : AdaURLPatternInit;
type URLPatternResultBase = DeclaredElsewhereURLPattern extends true ? {} : AdaURLPatternResult;

declare global {
  interface URL extends URLBase {}
  var URL: typeof globalThis extends { onmessage: any; URL: infer T } ? T
    : typeof globalThis extends { Deno: unknown; URL: infer T } ? T
    : NodeURL extends { URL: infer C } ? C
    : typeof AdaURL;

  interface URLSearchParams extends URLSearchParamsBase {}
  var URLSearchParams: typeof globalThis extends { onmessage: any; URLSearchParams: infer T } ? T
    : typeof globalThis extends { Deno: unknown; URLSearchParams: infer T } ? T
    : NodeURL extends { URLSearchParams: infer C } ? C
    : typeof AdaURLSearchParams;

  interface URLPatternInit extends URLPatternInitBase {}
  interface URLPatternResult extends URLPatternResultBase {}
  interface URLPattern extends URLPatternBase {}
  var URLPattern: typeof globalThis extends { onmessage: any; scheduler: any; URLPattern: infer T } ? T
    : typeof globalThis extends { Deno: unknown; URLPattern: infer T } ? T
    : NodeURL extends { URLPattern: infer C } ? C
    : typeof AdaURLPattern;
}
