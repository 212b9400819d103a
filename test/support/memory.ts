/**
 * Memory that a piece of work leaves behind, as the runtime reports it: external memory (where Node, Deno and Bun all
 * count ArrayBuffers; Node's arrayBuffers are part of it, Deno's and Bun's arrayBuffers read 0), after full
 * collections. Collections run from fresh stacks (a macrotask each), and up to ROUNDS times while the figure is still
 * over the caller's limit: Bun's collector scans the machine stack conservatively, and a stale word there can keep a
 * buffer one collection longer. A buffer that is still referenced stays whatever the rounds.
 */
import process from "node:process";

const ROUNDS = 12;

type Collectable = { gc?: () => void; Bun?: { gc(sync: boolean): void } };

/** Whether this process can force a full collection (Node and Deno need --expose-gc; npm test passes it). */
export function canCollect(): boolean {
  const g = globalThis as Collectable;
  return g.Bun !== undefined || typeof g.gc === "function";
}

async function collect(): Promise<void> {
  const g = globalThis as Collectable;
  for (let i = 0; i < 2; i++) {
    if (g.Bun) g.Bun.gc(true);
    else g.gc!();
    await new Promise((resolve) => setTimeout(resolve, 0));
  }
}

/** Bytes of external memory `work` left behind, once collected: at most `limit` when it is within it. */
export async function retainedBy(work: () => void, limit: number): Promise<number> {
  await collect();
  const before = process.memoryUsage().external;
  work();
  let retained = Infinity;
  for (let round = 0; round < ROUNDS && retained > limit; round++) {
    await collect();
    retained = process.memoryUsage().external - before;
  }
  return retained;
}
