/**
 * Keeps one instance of each of our classes alive for the life of the process.
 *
 * V8 keeps the hidden class that an instance's private fields create only while an instance holds it. After a full
 * GC that found no instance alive (between the rounds of a benchmark, in any program whose URLs come and go in
 * bursts), Node 26's and Deno's V8 deoptimized the constructor and every getter ("embedded weak objects cleared"
 * under --trace-deopt), and the next loop ran them unoptimized: new URL and two getters took 330 ns instead of 196
 * on Node 26. `npm run bench -- --check` counts those deopts (bench/url/v8_checks.mjs).
 *
 * The array is reached from keepInstanceShape, so neither V8 (which would otherwise drop an unused module constant
 * with the module's top-level frame) nor a bundler lets it go.
 */
const kept: object[] = [];

export function keepInstanceShape(instance: object): void {
  kept.push(instance);
}
