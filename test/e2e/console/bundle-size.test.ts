import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { consoleDir } from '../../../src/paths';
import { ensureConsoleBuilt } from '../../helpers/console-browser';

type Chunk = { file: string; imports?: string[]; css?: string[]; isEntry?: boolean };

/** Gzipped bytes of a built file. */
function gzipped(file: string): number {
  return gzipSync(fs.readFileSync(path.join(consoleDir, file)), { level: 9 }).length;
}

/** The files the first page load fetches: the entry and its static imports, with their CSS. */
function initialFiles(manifest: Record<string, Chunk>): string[] {
  const files = new Set<string>();
  const visit = (name: string) => {
    const chunk = manifest[name];
    if (chunk === undefined || files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const css of chunk.css ?? []) files.add(css);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  visit('index.html');
  return [...files];
}

describe('console: the initial bundle (issue 27: under 400 KB gzipped)', function () {
  this.timeout(180_000);

  it('the first page load fetches under 400 KB gzipped; the editor and the graph view are not in it', () => {
    ensureConsoleBuilt();
    const manifest = JSON.parse(
      fs.readFileSync(path.join(consoleDir, '.vite', 'manifest.json'), 'utf8'),
    ) as Record<string, Chunk>;
    const files = initialFiles(manifest);
    const total = files.reduce((sum, f) => sum + gzipped(f), 0);
    const all = fs
      .readdirSync(path.join(consoleDir, 'assets'))
      .filter((f) => /\.(js|css)$/.test(f));
    const everything = all.reduce((sum, f) => sum + gzipped(path.join('assets', f)), 0);
    console.log(
      `      initial ${(total / 1024).toFixed(1)} KB gzipped in ${files.length} files; ` +
        `all chunks ${(everything / 1024).toFixed(1)} KB`,
    );
    assert.ok(total < 400 * 1024, `initial bundle ${total} bytes gzipped`);
    // CodeMirror and Cytoscape load with the screens that use them, not with the first page.
    const initialText = files
      .map((f) => fs.readFileSync(path.join(consoleDir, f), 'utf8'))
      .join('');
    assert.doesNotMatch(initialText, /cm-editor|cytoscape/i);
  });
});
