import assert from 'node:assert/strict';
import { adfOf } from '../../../src/actions/create-tracker-ticket';
import { shownUrl } from '../../../src/actions/http-delivery';
import { channelsOf, colourOf } from '../../../src/actions/send-chat-message';

/** The pure formats of the HTTP actions: Jira descriptions, Slack colours and channels, URLs. */
describe('actions: HTTP action formats', () => {
  const text = (t: string) => ({ type: 'text', text: t });
  const paragraph = (...content: unknown[]) => ({ type: 'paragraph', content });
  const doc = (...content: unknown[]) => ({ type: 'doc', version: 1, content });

  it('adfOf: a paragraph per blank-line block, hardBreaks inside, a doc unchanged', () => {
    assert.deepEqual(adfOf('one line'), doc(paragraph(text('one line'))));
    assert.deepEqual(
      adfOf('\n\na\r\nb\n \t\n\nc\n\n\n'),
      doc(paragraph(text('a'), { type: 'hardBreak' }, text('b')), paragraph(text('c'))),
    );
    assert.deepEqual(
      adfOf('  indented\n**md** kept'),
      doc(paragraph(text('  indented'), { type: 'hardBreak' }, text('**md** kept'))),
    );
    assert.deepEqual(adfOf(''), doc());
    assert.deepEqual(adfOf('   '), doc());
    assert.deepEqual(adfOf(null), doc());
    assert.deepEqual(adfOf(42), doc(paragraph(text('42'))));
    assert.deepEqual(
      adfOf({ a: 1 }),
      doc(
        paragraph(
          text('{'),
          { type: 'hardBreak' },
          text('  "a": 1'),
          { type: 'hardBreak' },
          text('}'),
        ),
      ),
    );
    const given = { type: 'doc', version: 1, content: [{ type: 'rule' }] };
    assert.equal(adfOf(given), given);
  });

  it('colourOf: severity first, else alertLevel, else INFO grey', () => {
    assert.deepEqual(
      [
        colourOf(undefined, 'CRITICAL'),
        colourOf(undefined, 'high'),
        colourOf(undefined, 'MEDIUM'),
        colourOf(undefined, 'LOW'),
        colourOf(undefined, 'INFO'),
        colourOf(undefined, undefined),
        colourOf(undefined, 'SEVERE'),
        colourOf('', 'HIGH'),
        colourOf(null, 'HIGH'),
        colourOf('Warning', 'HIGH'),
        colourOf(' medium ', 'HIGH'),
        colourOf('#abc', 'HIGH'),
        colourOf('#A1B2C3', 'HIGH'),
      ],
      [
        'danger',
        'danger',
        'warning',
        'good',
        '#9E9E9E',
        '#9E9E9E',
        '#9E9E9E',
        'danger',
        'danger',
        'warning',
        'warning',
        '#abc',
        '#A1B2C3',
      ],
    );
    for (const bad of ['#abcd', 'red', 5]) {
      assert.throws(
        () => colourOf(bad, 'HIGH'),
        /^Error: SEND_CHAT_MESSAGE needs severity to be an alert level/,
      );
    }
  });

  it('channelsOf: one or a list, each starting with #, trimmed and without repeats', () => {
    assert.deepEqual(channelsOf('#a'), ['#a']);
    assert.deepEqual(channelsOf([' #a', '#b', '#a']), ['#a', '#b']);
    for (const bad of [[], '', 'a', ['#a', 3], '#', null]) {
      assert.throws(
        () => channelsOf(bad),
        /^Error: SEND_CHAT_MESSAGE needs channels to be a channel name/,
      );
    }
  });

  it('shownUrl: no user info, query or fragment; origin only when asked', () => {
    const url = new URL('https://user:pw@hooks.example.com:8443/services/T/B/x?token=1#f');
    assert.equal(shownUrl(url), 'https://hooks.example.com:8443/services/T/B/x');
    assert.equal(shownUrl(url, { originOnly: true }), 'https://hooks.example.com:8443');
  });
});
