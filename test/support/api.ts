/** The public API under test: what a runtime entry point (runtimes/*.ts) exports. */
export type Api = typeof import("../../ffi/api.ts");
