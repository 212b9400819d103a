/**
 * The types of `ada-ffi/global` (Node, Bun, and Deno through npm): the API, and what the install adds to the global
 * scope. URL and URLSearchParams are in every lib; URLPattern is not in @types/node before 24 nor in TypeScript's
 * lib.dom (5.9), where `new URLPattern()` failed to type-check after the import. It is declared as @types/node 24
 * declares it: where another declaration already types the global (lib.dom's, @types/node 24's, Deno's), the type
 * is that one, so the declarations agree; elsewhere it is ours. Hand-written (not emitted by tsc): the project's own
 * compilation also sees urlpattern-polyfill's global class, which a declaration here would collide with.
 */
import type { URLPattern as AdaURLPattern } from "../dist/runtimes/node/entry.js";

export * from "../dist/runtimes/node/entry.js";

declare global {
  /**
   * Declared (empty) to ask whether another declaration of the URLPattern API is in scope: lib.deno's, @types/node
   * 24's and a lib.dom's declare this dictionary with members.
   */
  // deno-lint-ignore no-empty-interface
  interface URLPatternInit {}
  /**
   * Ours where no other declaration types the global; else the type that one gives (so the two are identical, as
   * TypeScript requires of a variable declared twice).
   */
  var URLPattern: keyof URLPatternInit extends never ? typeof AdaURLPattern
    : typeof globalThis extends { URLPattern: infer T } ? T
    : never;
}
