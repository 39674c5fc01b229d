import assert from 'node:assert/strict';
import fs from 'node:fs';
import { ruleValidator } from '../../../src/rules/rule-validator';
import { ALERT_RULE_CORPUS } from '../../helpers/fixtures';

/**
 * Every rule of test/fixtures/corpus/alert-rules.json through what saving checks (the schema,
 * every template and condition, every J1QL query parsed): rule-pack entries through
 * expandRulePack, full rules, API instances and docs examples through validateRule. The
 * "default settings" entries are fragments of the client's defaults, not rules. Packs that repeat
 * a query name (CIS queryBAD twice, Azure query0 twice) are accepted on purpose (decision 0017).
 * The API instances captured without their question (the listing they come from did not select
 * it) are refused as they are, since a rule without a query is (decision 0032), and accepted once
 * a question is put back, so the rest of them is still checked.
 */
interface CorpusEntry {
  form: string;
  rule: Record<string, unknown>;
}

const CORPUS = ALERT_RULE_CORPUS;

const isPack = (entry: CorpusEntry): boolean => entry.form.startsWith('rule-pack');
const isFragment = (entry: CorpusEntry): boolean =>
  entry.form === 'default settings (partial rule)';
/** `{ instance: rule }` is a client's request variables around a rule. */
const ruleOf = (entry: CorpusEntry): Record<string, unknown> =>
  (entry.rule.instance as Record<string, unknown> | undefined) ?? entry.rule;

/** An API instance whose capture left out `question` (and has no `questionId` either). */
const isCapturedWithoutQuestion = (entry: CorpusEntry): boolean =>
  entry.form.startsWith('rule instance as returned by the API') &&
  ruleOf(entry).question == null &&
  ruleOf(entry).questionId == null;
const NO_QUESTION =
  '/question is required, or /questionId naming a stored question: a rule runs at least one query';
const SOME_QUESTION = { queries: [{ query: 'FIND aws_s3_bucket' }] };

describe('rule corpus: every real rule through the schema', () => {
  it('validates every rule of the corpus (packs through import)', function () {
    if (!fs.existsSync(CORPUS)) this.skip();
    const corpus = JSON.parse(fs.readFileSync(CORPUS, 'utf8')) as CorpusEntry[];
    const counts = { packs: 0, rules: 0, withoutQuestion: 0, fragments: 0 };
    const refused: string[] = [];
    for (const entry of corpus) {
      if (isFragment(entry)) {
        counts.fragments++;
        continue;
      }
      const rule = ruleOf(entry);
      try {
        if (isPack(entry)) {
          ruleValidator.expandRulePack(rule);
          counts.packs++;
        } else if (isCapturedWithoutQuestion(entry)) {
          assert.throws(() => ruleValidator.validateRule(rule), { message: NO_QUESTION });
          ruleValidator.validateRule({ ...rule, question: SOME_QUESTION });
          counts.withoutQuestion++;
        } else {
          ruleValidator.validateRule(rule);
          counts.rules++;
        }
      } catch (err) {
        refused.push(`${entry.form} ${String(rule.name)}: ${(err as Error).message}`);
      }
    }
    console.log(
      `      rule corpus: ${corpus.length} entries; ${counts.packs} rule packs and ${counts.rules} ` +
        `full rules validate; ${counts.withoutQuestion} API captures without their question are ` +
        `refused, and validate with one; skipped: ${counts.fragments} default-settings fragments`,
    );
    assert.deepEqual(refused, []);
    assert.deepEqual(counts, { packs: 429, rules: 12, withoutQuestion: 20, fragments: 2 });
  });
});
