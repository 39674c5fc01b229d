import type { Completion, CompletionContext, CompletionResult } from '@codemirror/autocomplete';
import type { components } from '../../../../src/generated/openapi';
import { J1QL_KEYWORDS } from './j1ql-language';

/** What the account's graph holds, for completion (GET /query/vocabulary). */
export type Vocabulary = components['schemas']['QueryVocabularyResponse'];

/**
 * Completion of J1QL: keywords always; the account's classes and types where an entity is
 * named (after FIND, THAT <verb>, or a bare word); property names after WITH/AND/OR/WHERE or an
 * alias and a dot. `vocabulary()` is read on each request, so it may arrive (or fail, then
 * keywords only) after the editor is made.
 */
export function j1qlCompletion(vocabulary: () => Vocabulary | undefined) {
  const keywords: Completion[] = J1QL_KEYWORDS.map((label) => ({ label, type: 'keyword' }));
  return (context: CompletionContext): CompletionResult | null => {
    const word = context.matchBefore(/[\w.]*/);
    if (word === null || (word.from === word.to && !context.explicit)) return null;
    const before = context.state.doc.sliceString(Math.max(0, word.from - 80), word.from);
    const vocab = vocabulary();
    const options: Completion[] = [];
    const dot = word.text.indexOf('.');
    if (dot >= 0 && vocab !== undefined) {
      // `alias.prop`: complete the property after the alias.
      const alias = word.text.slice(0, dot + 1);
      for (const p of vocab.properties) options.push({ label: alias + p, type: 'property' });
      return { from: word.from, options, validFor: /^[\w.]*$/ };
    }
    if (vocab !== undefined) {
      const wantsProperty = /\b(WITH|AND|OR|WHERE|ORDER BY)\s+$/i.test(before);
      if (wantsProperty) {
        for (const p of vocab.properties) options.push({ label: p, type: 'property' });
      } else {
        for (const c of vocab.classes) options.push({ label: c, type: 'class' });
        for (const t of vocab.types) options.push({ label: t, type: 'type' });
        for (const p of vocab.properties) options.push({ label: p, type: 'property', boost: -1 });
      }
    }
    options.push(...keywords);
    return { from: word.from, options, validFor: /^\w*$/ };
  };
}
