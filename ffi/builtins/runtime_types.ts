/**
 * The runtime's own URL and Blob in our public signatures, as the user's project declares them (lib.dom, @types/node,
 * Deno's lib), read from the global's declared type: the names `globalThis.URL` and `Blob` do not exist in a project
 * with neither lib.dom nor @types/node, whose `tsc` would then reject our declarations. There nothing of the runtime's
 * own can be typed, so the parameter takes none (`never`).
 */

/** An instance of the runtime's own URL class. */
export type RuntimeURLObject = typeof globalThis extends { URL: { prototype: infer U } } ? U : never;

/** The runtime's Blob (what its `URL.createObjectURL` takes). */
export type RuntimeBlob = typeof globalThis extends { Blob: { prototype: infer B } } ? B : never;
