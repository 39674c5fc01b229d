/**
 * Everything the chaos suite starts (worker processes, Redis servers, APIs, Neo4j instances)
 * registers how to stop it here, so that the end of a run, a failed trial or Ctrl-C stops all of
 * it, by its own handle (pid), never by name.
 */
interface Stoppable {
  name: string;
  stop: () => Promise<void>;
}

const live = new Set<Stoppable>();

/** Registers a stop function; the returned function unregisters it (once stopped normally). */
export function track(name: string, stop: () => Promise<void>): () => void {
  const entry = { name, stop };
  live.add(entry);
  return () => {
    live.delete(entry);
  };
}

/** Stops everything still registered, newest first, each bounded by `timeoutMs`. */
export async function stopEverything(timeoutMs = 30_000): Promise<string[]> {
  const problems: string[] = [];
  for (const entry of [...live].reverse()) {
    live.delete(entry);
    try {
      await withTimeout(entry.stop(), timeoutMs, `stopping ${entry.name}`);
    } catch (err) {
      problems.push(err instanceof Error ? err.message : String(err));
    }
  }
  return problems;
}

/** Rejects when `p` has not settled within `ms`. */
export function withTimeout<T>(p: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what}: no end within ${ms} ms`)), ms);
    timer.unref();
  });
  return Promise.race([p, timeout]).finally(() => clearTimeout(timer));
}
