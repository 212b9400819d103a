// How `npm test` (test/run_all.mjs) reads the result of a check script (test/*_check.mjs): the script's last line on
// standard output is its summary, `N passed, N failed` (maybe after one word and a colon, maybe with `, N skipped`).
// Standard error is never read for it: an installer's progress (actionlint's first build, a compiler's warnings) goes
// there whenever it likes, and must not decide a result (a first run on a new machine once failed that way).

const SUMMARY = /^(?:\w+: )?(\d+) passed, (\d+) failed(?:, \d+ skipped)?$/;

/**
 * The counts of one check script's run: `{ passed, failed, note }`. A run whose standard output does not end with a
 * summary did not finish (one failure); a non-zero exit with every check passed is a failure too (a crash after the
 * summary). `skipped: why` on standard output marks a check that could not run here.
 */
export function readCheckSummary({ stdout, status }) {
  const lines = stdout.split("\n").map((line) => line.trim()).filter((line) => line !== "");
  const m = lines.length === 0 ? null : SUMMARY.exec(lines[lines.length - 1]);
  if (m === null) return { passed: 0, failed: 1, note: "did not finish" };
  const passed = Number(m[1]);
  const failed = Number(m[2]);
  const skipped = stdout.match(/^skipped: (.*)$/m)?.[1];
  return {
    passed,
    failed: failed + (failed === 0 && status !== 0 ? 1 : 0),
    note: skipped ? `skipped: ${skipped}` : / skipped/.test(stdout) ? "some skipped" : undefined,
  };
}
