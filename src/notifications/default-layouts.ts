import { readFileSync } from 'node:fs';
import path from 'node:path';
import { notificationLayoutsRoot } from '../paths';
import { compileLayout, type Format, type Layout } from './handlebars-env';
import { NOTIFICATION_KINDS, type NotificationKind } from './views';

/** A kind's layout pair: the HTML part and the plain-text part of one message. */
export interface LayoutSources {
  html: string;
  text: string;
}

export interface CompiledLayouts {
  html: Layout;
  text: Layout;
}

let defaults:
  | {
      sources: Record<NotificationKind, LayoutSources>;
      compiled: Record<NotificationKind, CompiledLayouts>;
    }
  | undefined;

/**
 * The default layouts, `notifications/<kind>.html.hbs` and `.text.hbs`, read and compiled once, at
 * the first call (the process's start: see NotificationRenderer's constructor). An HTML layout
 * written as `{{#> frame}}...{{/frame}}` is put into `notifications/frame.html.hbs` where it says
 * `{{> @partial-block}}` as it is read: each default is one whole document, the form a custom
 * layout takes, so `GET /notification-templates/{kind}` answers a layout an account can edit and
 * save as it is.
 */
export function defaultLayouts(): {
  sources: Record<NotificationKind, LayoutSources>;
  compiled: Record<NotificationKind, CompiledLayouts>;
} {
  if (defaults !== undefined) return defaults;
  const frame = read('frame.html.hbs');
  const sources = {} as Record<NotificationKind, LayoutSources>;
  const compiled = {} as Record<NotificationKind, CompiledLayouts>;
  for (const kind of NOTIFICATION_KINDS) {
    sources[kind] = {
      html: framed(read(`${kind}.html.hbs`), frame),
      text: read(`${kind}.text.hbs`),
    };
    compiled[kind] = compilePair(sources[kind]);
  }
  defaults = { sources, compiled };
  return defaults;
}

export function compilePair(sources: LayoutSources): CompiledLayouts {
  const part = (format: Format) => compileLayout(sources[format], format);
  return { html: part('html'), text: part('text') };
}

const FRAMED = /^\{\{#> frame\}\}\n([\s\S]*)\{\{\/frame\}\}\n?$/;

function framed(source: string, frame: string): string {
  const inner = FRAMED.exec(source)?.[1];
  return inner === undefined ? source : frame.replace('{{> @partial-block}}\n', inner);
}

function read(name: string): string {
  return readFileSync(path.join(notificationLayoutsRoot, name), 'utf8');
}
