import fs from 'node:fs';
import path from 'node:path';

/**
 * Loads every cypher/<area>/<name>.cypher once, by name ("<area>/<name>"). Each file holds one
 * parameterised statement and opens with `//` comments; one of them is `// params: $a, $b` (or
 * `// params: none`), and `// returns: ...` names the columns.
 */
export interface CypherStatement {
  readonly name: string;
  readonly text: string;
  /** Parameter names declared in the header. */
  readonly params: readonly string[];
  /** Parameter names actually used in the body. */
  readonly usedParams: readonly string[];
}

export class CypherRegistry {
  private constructor(private readonly statements: ReadonlyMap<string, CypherStatement>) {}

  /**
   * Loads the statements under each root (the production tree's cypher/; tests and benchmarks add
   * test/cypher/ for their own). A name found under two roots is an error, never a silent override.
   */
  static load(...roots: string[]): CypherRegistry {
    const map = new Map<string, CypherStatement>();
    for (const root of roots) {
      for (const file of listCypherFiles(root)) {
        const name = path
          .relative(root, file)
          .replace(/\\/g, '/')
          .replace(/\.cypher$/, '');
        if (map.has(name)) throw new Error(`Cypher statement '${name}' is defined twice (${file})`);
        map.set(name, parseStatement(name, fs.readFileSync(file, 'utf8')));
      }
    }
    return new CypherRegistry(map);
  }

  get(name: string): CypherStatement {
    const s = this.statements.get(name);
    if (s === undefined) throw new Error(`No Cypher statement named '${name}'`);
    return s;
  }

  /** Statement names under one area, sorted (e.g. 'schema'). */
  namesUnder(area: string): string[] {
    return [...this.statements.keys()].filter((n) => n.startsWith(`${area}/`)).sort();
  }

  all(): CypherStatement[] {
    return [...this.statements.values()];
  }
}

export function parseStatement(name: string, source: string): CypherStatement {
  const lines = source.split('\n');
  const header = lines.filter((l) => l.trim().startsWith('//'));
  const paramsLine = header.find((l) => /^\/\/\s*params:/i.test(l.trim()));
  if (paramsLine === undefined) {
    throw new Error(`cypher/${name}.cypher: header must declare '// params: ...' (or 'none')`);
  }
  const declared = paramsLine.replace(/^\s*\/\/\s*params:/i, '').trim();
  const params =
    declared === 'none'
      ? []
      : [...declared.matchAll(/\$([A-Za-z_][A-Za-z0-9_]*)/g)].map((m) => m[1] as string);
  const text = lines
    .filter((l) => !l.trim().startsWith('//'))
    .join('\n')
    .trim();
  if (text === '') throw new Error(`cypher/${name}.cypher: no statement`);
  const usedParams = [
    ...new Set([...text.matchAll(/\$([A-Za-z_][A-Za-z0-9_]*)/g)].map((m) => m[1] as string)),
  ];
  return { name, text, params, usedParams };
}

function listCypherFiles(dir: string): string[] {
  const out: string[] = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) out.push(...listCypherFiles(full));
    else if (entry.name.endsWith('.cypher')) out.push(full);
  }
  return out.sort();
}
