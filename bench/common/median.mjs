// The median the benchmarks' launchers (.mjs, run without a build) take of their samples and processes; the
// runtime-neutral harnesses use bench/common/harness.ts's, the same rule in TypeScript.

/** The middle value of `values` (not changed), or the mean of the two middle ones when there is an even count. */
export function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}
