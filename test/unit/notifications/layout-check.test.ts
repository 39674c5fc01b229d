import assert from 'node:assert/strict';
import { defaultLayouts } from '../../../src/notifications/default-layouts';
import { compileLayout } from '../../../src/notifications/handlebars-env';
import {
  checkLayout,
  LayoutProblem,
  MAX_LAYOUT_BYTES,
} from '../../../src/notifications/layout-check';
import { LAYOUT_VARIABLES, NOTIFICATION_KINDS } from '../../../src/notifications/views';

/** The check a custom notification layout passes before it is saved (layout-check.ts). */
describe('notifications: layout check', () => {
  const alert = LAYOUT_VARIABLES.alert;
  const refuses = (source: string, message: string, format: 'html' | 'text' = 'html') =>
    assert.throws(
      () => checkLayout(source, format, alert),
      (err: unknown) => err instanceof LayoutProblem && err.message === message,
      source,
    );

  it('every default layout passes the check a custom one must pass, and writes no address itself', () => {
    const { sources } = defaultLayouts();
    for (const kind of NOTIFICATION_KINDS) {
      assert.deepEqual(checkLayout(sources[kind].html, 'html', LAYOUT_VARIABLES[kind]), [], kind);
      assert.deepEqual(checkLayout(sources[kind].text, 'text', LAYOUT_VARIABLES[kind]), [], kind);
      assert.match(sources[kind].html, /^<!DOCTYPE html>/);
      assert.doesNotMatch(sources[kind].html, /\{\{[#/]?>? ?frame|@partial-block/);
    }
  });

  it('accepts the documented variables, blocks, helpers, data variables and ../, and returns written addresses', () => {
    const urls = checkLayout(
      '<img src="https://cdn.example.com/logo.png" alt="">' +
        '{{#each entities}}<a href="{{link}}">{{displayName}}</a> {{@index}} {{../rule.name}}{{/each}}' +
        '{{#if (eq level.name "HIGH")}}!{{/if}}{{#with rule}}{{name}}<a href="{{link}}">r</a>{{/with}}' +
        '{{plural entityCount "entity" "entities"}}<a href="mailto:soc@example.com">m</a><a href="#top">t</a>',
      'html',
      alert,
    );
    assert.deepEqual(urls, ['https://cdn.example.com/logo.png']);
  });

  it('refuses unknown helpers, variables and data variables, naming the line', () => {
    refuses(
      '<p>\n{{shout rule.name}}</p>',
      "line 2: uses the unknown helper 'shout'; the helpers are if, unless, each, with, plural, eq",
    );
    refuses(
      '{{#if (upper body)}}x{{/if}}',
      "line 1: uses the unknown helper 'upper'; the helpers are if, unless, each, with, plural, eq",
    );
    refuses('{{param.token}}', "line 1: reads the unknown variable 'param.token'");
    refuses('{{rule.secret}}', "line 1: reads the unknown variable 'rule.secret'");
    refuses(
      '{{#each entities}}{{properties}}{{/each}}',
      "line 1: reads the unknown variable 'properties'",
    );
    refuses(
      '{{#each entities}}{{../../x}}{{/each}}',
      "line 1: reads '../../x' above the layout's variables",
    );
    refuses(
      '{{@root.param}}',
      "line 1: reads '@root.param'; the data variables are @index, @first, @last and @key",
    );
    refuses('{{#each body}}x{{/each}}', 'line 1: #each takes a list variable');
    refuses(
      '{{#entities}}x{{/entities}}',
      "line 1: opens a block with 'entities'; blocks are #if, #unless, #each and #with",
    );
  });

  it('refuses unescaped output, partials and decorators in HTML; text may write values as they are', () => {
    refuses(
      '{{{body}}}',
      'line 1: writes a value unescaped ({{{...}}} or {{&...}}); values are escaped in HTML layouts',
    );
    refuses(
      '{{& body}}',
      'line 1: writes a value unescaped ({{{...}}} or {{&...}}); values are escaped in HTML layouts',
    );
    refuses(
      '{{> frame}}',
      'line 1: uses a partial ({{> ...}}); a custom layout is one whole document',
    );
    refuses(
      '{{#> frame}}x{{/frame}}',
      'line 1: uses a partial ({{> ...}}); a custom layout is one whole document',
    );
    refuses('{{* decorator}}', 'line 1: uses Decorator, which layouts may not');
    assert.deepEqual(checkLayout('{{{body}}}', 'text', alert), []);
  });

  it('refuses active markup, links filled from other variables, and non-http addresses', () => {
    refuses(
      '<SCRIPT src="x">',
      'line 1: contains the <script> element; messages carry no scripts or active content',
    );
    refuses(
      '<iframe src="https://x.example">',
      'line 1: contains the <iframe> element; messages carry no scripts or active content',
    );
    refuses(
      '<p onclick="x()">',
      'line 1: contains an event handler attribute (on...=); messages carry no scripts or active content',
    );
    refuses(
      '<a href="{{alertLink}}" onmouseover=\'x\'>',
      'line 1: contains an event handler attribute (on...=); messages carry no scripts or active content',
    );
    refuses(
      '<a href="javascript:alert(1)">',
      'contains a javascript:, vbscript: or data: URL; messages carry no scripts or active content',
    );
    refuses(
      '<meta http-equiv="refresh" content="0">',
      'line 1: contains a <meta http-equiv> (refresh or redirect); messages carry no scripts or active content',
    );
    refuses(
      '<a href="{{body}}">',
      "line 1: fills a link with 'body'; links take one of the documented *link variables",
    );
    refuses(
      '{{#each entities}}<img src="{{displayName}}">{{/each}}',
      "line 1: fills a link with 'displayName'; links take one of the documented *link variables",
    );
    refuses(
      '<a href="ftp://x.example/f">',
      "line 1: points to 'ftp://x.example/f'; addresses in a layout are http(s) URLs, mailto: or #fragments",
    );
    refuses(
      '<td style="background:url(//x.example/i.png)">',
      "line 1: points to '//x.example/i.png'; addresses in a layout are http(s) URLs, mailto: or #fragments",
    );
    // Words that merely look like handlers in text are not attributes.
    assert.deepEqual(checkLayout('<p>Conditions on=off</p>', 'html', alert), []);
  });

  it('reads the HTML as a browser would: comments cannot split markup, values land only in text or quoted values', () => {
    const active = 'messages carry no scripts or active content';
    refuses('<scr{{!x}}ipt>', `line 1: contains the <script> element; ${active}`);
    refuses(
      '<a href="java{{!-- x --}}script:alert(1)">',
      `contains a javascript:, vbscript: or data: URL; ${active}`,
    );
    refuses(
      '<svg><a xlink:href="https://x.example">',
      `line 1: contains the <svg> element; ${active}`,
    );
    refuses(
      '<style>@import "https://x.example/a.css";</style>',
      `line 1: contains a CSS @import, expression(), behavior or image-set(); ${active}`,
    );
    refuses(
      '<p>{{body}}</p>\n<p x="1" onload ="y">',
      `line 2: contains an event handler attribute (on...=); ${active}`,
    );
    const inTag = (name: string) =>
      `line 1: writes '${name}' inside a tag; values go in text or in a quoted attribute value`;
    refuses('<scr{{body}}ipt>', inTag('body'));
    refuses('<a {{body}}>x</a>', inTag('body'));
    refuses('<a href={{alertLink}}>x</a>', inTag('alertLink'));
    refuses('<!-- {{body}} -->', inTag('body'));
    refuses(
      '<style>p{color:red}</style>{{#if body}}<style>b{ }</style>{{/if}}<style>{{level.name}}',
      "line 1: writes 'level.name' inside a <style> element",
    );
    refuses(
      '<p style="color:{{body}}">',
      "line 1: writes 'body' into a style; styles take only the colour variables (level.colour, level.textColour)",
    );
    refuses(
      '<img srcset="{{rule.name}}">',
      "line 1: fills a link with 'rule.name'; links take one of the documented *link variables",
    );
    refuses(
      '<form><button formaction="{{body}}">',
      "line 1: fills a link with 'body'; links take one of the documented *link variables",
    );
    // However a script URL or an address is spelt: references, tabs, a leading space.
    for (const spelt of [
      '<a href=" &#106;avascript:alert(1)">x</a>',
      '<a href="java&#x9;script:alert(1)">x</a>',
      '<a href="java\tscript:x">x</a>',
      '<a href="javascript&colon;x">x</a>',
      '<img src="DATA:image/png;base64,AAAA">',
    ]) {
      refuses(spelt, `contains a javascript:, vbscript: or data: URL; ${active}`);
    }
    refuses(
      '<img src=x onerror=alert(1)>',
      `line 1: contains an event handler attribute (on...=); ${active}`,
    );
    refuses('<p/onclick="x">', `line 1: contains an event handler attribute (on...=); ${active}`);
    refuses(
      '<img srcset="https://a.example/1.png 1x">',
      `line 1: contains a srcset attribute (one address per image, please); ${active}`,
    );
    refuses(
      '<a href="https://a.example\n.evil.example/">x</a>',
      "line 1: points to 'https://a.example\n.evil.example/'; addresses in a layout are http(s) URLs, mailto: or #fragments",
    );
    // An address split by a comment is checked whole: the guard sees the host a browser would.
    assert.deepEqual(
      checkLayout('<img src="https://ok.example{{!x}}@198.18.0.1/p.png" alt="">', 'html', alert),
      ['https://ok.example@198.18.0.1/p.png'],
    );
    refuses(
      '{{#with body as |link|}}<a href="{{link}}">x</a>{{/with}}',
      "line 1: #with names its item (as |x|); use the item's own variables",
    );
    refuses(
      '{{#each entities as |e|}}{{e.displayName}}{{/each}}',
      "line 1: #each names its item (as |x|); use the item's own variables",
    );
    refuses(
      '{{#if rule x=(log @root)}}y{{/if}}',
      'line 1: #if takes one value and no name=value arguments',
    );
    refuses(
      '{{log body}}',
      "line 1: uses the unknown helper 'log'; the helpers are if, unless, each, with, plural, eq",
    );
    refuses(
      '{{#each entities}}{{#each ../entities}}{{#each ../../entities}}x{{/each}}{{/each}}{{/each}}',
      'line 1: nests #each more than 2 deep',
    );
    // Escaped values in text, quoted attributes and colours are fine; a link's host written in
    // the layout goes to the address guard.
    assert.deepEqual(
      checkLayout(
        '<style>p{color:red}</style><p style="color:{{level.colour}}" title="{{body}}" class=x>{{body}}</p>' +
          '<a href="https://evil.example/{{alertLink}}">x</a>',
        'html',
        alert,
      ),
      ['https://evil.example/'],
    );
  });

  it('refuses what does not parse and what is too large', () => {
    assert.throws(
      () => checkLayout('{{#if body}}x', 'html', alert),
      /^LayoutProblem|does not parse: Parse error on line 1/,
    );
    refuses(
      'x'.repeat(MAX_LAYOUT_BYTES + 1),
      `is ${MAX_LAYOUT_BYTES + 1} bytes; at most ${MAX_LAYOUT_BYTES} are accepted`,
    );
  });

  it('compiles HTML with escaping and text without; helpers answer as documented', () => {
    const view = { body: '<b>&"x"', entityCount: 1, level: { name: 'HIGH' } };
    assert.equal(compileLayout('{{body}}', 'html')(view), '&lt;b&gt;&amp;&quot;x&quot;');
    assert.equal(compileLayout('{{body}}', 'text')(view), '<b>&"x"');
    assert.equal(
      compileLayout('{{plural entityCount "entity" "entities"}}', 'text')(view),
      '1 entity',
    );
    assert.equal(compileLayout('{{plural 3 "entity" "entities"}}', 'text')(view), '3 entities');
    assert.equal(
      compileLayout('{{#if (eq level.name "HIGH")}}yes{{else}}no{{/if}}', 'text')(view),
      'yes',
    );
    // Values are data: a {{ in one is not evaluated.
    assert.equal(compileLayout('{{body}}', 'text')({ body: '{{constructor}}' }), '{{constructor}}');
    // Prototype properties stay out of reach.
    assert.equal(compileLayout('{{body.constructor}}', 'text')({ body: {} }), '');
  });
});
