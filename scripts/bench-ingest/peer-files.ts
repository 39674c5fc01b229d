/**
 * The peer's input: the bench graph as the JupiterOne SDK leaves it after a collection, JSON files
 * of 100 objects (`{"entities": [...]}` or `{"relationships": [...]}`) under
 * `.j1-integration/graph/`, which `j1-integration neo4j push --data-dir` walks.
 */
import fs from 'node:fs';
import path from 'node:path';
import { entity, relationship } from './graph-data';
import { range } from './util';

const PER_FILE = 100;

function writeFiles(
  dir: string,
  total: number,
  kind: 'entities' | 'relationships',
  make: (index: number) => unknown,
): void {
  fs.mkdirSync(dir, { recursive: true });
  for (let start = 0, file = 0; start < total; start += PER_FILE, file++) {
    const objects = range(start, Math.min(total, start + PER_FILE)).map(make);
    fs.writeFileSync(
      path.join(dir, `${String(file).padStart(6, '0')}.json`),
      JSON.stringify({ [kind]: objects }),
    );
  }
}

/** Writes the graph of N entities (variant 0, as the first DIFF uploads it); returns the data dir. */
export function writePeerFiles(root: string, seed: number, n: number): string {
  const dataDir = path.join(root, '.j1-integration');
  const graphDir = path.join(dataDir, 'graph', 'bench');
  writeFiles(path.join(graphDir, 'entities'), n, 'entities', (i) => entity(seed, i, 0));
  writeFiles(path.join(graphDir, 'relationships'), 2 * n, 'relationships', (j) =>
    relationship(seed, n, j, 0),
  );
  return dataDir;
}
