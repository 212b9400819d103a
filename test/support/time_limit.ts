/**
 * A time limit of the suites' "answers quickly" checks, scaled by ADA_FFI_TEST_TIME_SCALE (default 1): the suite run
 * under qemu or Wine (test/prebuilt_check.mjs), or beside another suite on the same cores (test/run_all.mjs), is that
 * many times slower without being wrong. The limits catch a quadratic path, not a few percent.
 */
export function timeLimit(ms: number): number {
  const env = (globalThis as { process?: { env?: Record<string, string | undefined> } }).process?.env;
  const scale = Number(env?.ADA_FFI_TEST_TIME_SCALE ?? 1);
  return ms * (Number.isFinite(scale) && scale >= 1 ? scale : 1);
}
