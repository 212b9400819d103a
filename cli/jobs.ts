/**
 * How many threads the command parses in when `--jobs` is not given: one, unless the input is large enough for
 * worker threads to pay for themselves and there are idle cores to run them on. Starting workers (each loads ada-ffi)
 * and handing them segments cost more than they saved on a 13 MB file: 2 jobs took 1.6 s where 1 took 0.85 (Node 26,
 * 2 cores); the default was the number of cores.
 */

/** Below this many bytes of input, one job (13 MB: 1 job 0.68-1.12 s, 2 jobs 1.09-1.89 s, 7 rounds each). */
export const PARALLEL_MIN_BYTES = 64 << 20;

export interface JobsFacts {
  /** The input's size when every input is a regular file, else undefined (standard input, a pipe). */
  inputBytes: number | undefined;
  /** Bytes read so far: for an input of unknown size, the decision waits until this passes the threshold. */
  readBytes: number;
  /** `availableParallelism()`. */
  cores: number;
  /** The 1-minute load average (0 where the platform has none, e.g. Windows). */
  load: number;
}

/**
 * The default number of jobs, or undefined while it cannot be told yet (an input of unknown size, not yet past
 * PARALLEL_MIN_BYTES: one job until then). Workers only on cores the load leaves idle: on a busy machine they
 * slowed even a 140 MB file (2 jobs 6.5 s, 1 job 5.0-5.9, load 8 on 2 cores).
 */
export function defaultJobs(facts: JobsFacts): number | undefined {
  const size = facts.inputBytes ?? facts.readBytes;
  if (size < PARALLEL_MIN_BYTES) return facts.inputBytes === undefined ? undefined : 1;
  const idle = Math.round(facts.cores - (Number.isFinite(facts.load) ? facts.load : 0));
  return Math.max(1, Math.min(facts.cores, idle));
}
