/**
 * The npm package the JSR package takes its prebuilt library from (runtimes/deno/entry.ts): the same version, so the
 * same ABI (test/suites/jsr_style.ts checks it against package.json and deno.json).
 */
export const NPM_PACKAGE_VERSION = "0.1.0";
