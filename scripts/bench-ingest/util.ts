/** Small helpers of the ingest benchmark: ranges, waits, and how figures are printed. */

export function range(start: number, end: number): number[] {
  return Array.from({ length: Math.max(0, end - start) }, (_, k) => start + k);
}

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

export function secs(ms: number): string {
  return `${(ms / 1000).toFixed(1)} s`;
}

export function rate(objects: number, ms: number): string {
  return Math.round((objects * 1000) / Math.max(ms, 1)).toLocaleString('en-US');
}

/** Progress goes to stderr, so stdout holds only the table. */
export function progress(line: string): void {
  process.stderr.write(`[${new Date().toISOString().slice(11, 19)}] ${line}\n`);
}
