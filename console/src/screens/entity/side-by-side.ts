import { diffLines } from 'diff';

export type LineKind = 'same' | 'removed' | 'added';

export interface Side {
  number: number;
  text: string;
  kind: LineKind;
}

/** One row of a side-by-side diff: the old line on the left, the new on the right. */
export interface DiffRow {
  left?: Side;
  right?: Side;
}

/** JSON is compared pretty-printed, one property a line, so a change shows as its own line. */
export function comparable(text: string, contentType: string): string {
  if (!/json/i.test(contentType)) return text;
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return text;
  }
}

function lines(value: string): string[] {
  const parts = value.split('\n');
  if (parts[parts.length - 1] === '') parts.pop();
  return parts;
}

/**
 * jsdiff's line changes as rows: removed lines paired with the added lines that replace them,
 * unchanged lines on both sides.
 */
export function sideBySide(before: string, after: string): DiffRow[] {
  const rows: DiffRow[] = [];
  let oldNo = 0;
  let newNo = 0;
  let removed: Side[] = [];
  const flush = () => {
    for (const left of removed) rows.push({ left });
    removed = [];
  };
  for (const part of diffLines(before, after)) {
    const texts = lines(part.value);
    if (part.removed) {
      removed.push(...texts.map((text) => ({ number: ++oldNo, text, kind: 'removed' as const })));
    } else if (part.added) {
      const added = texts.map((text) => ({ number: ++newNo, text, kind: 'added' as const }));
      const n = Math.max(removed.length, added.length);
      for (let i = 0; i < n; i++) rows.push({ left: removed[i], right: added[i] });
      removed = [];
    } else {
      flush();
      for (const text of texts)
        rows.push({
          left: { number: ++oldNo, text, kind: 'same' },
          right: { number: ++newNo, text, kind: 'same' },
        });
    }
  }
  flush();
  return rows;
}
