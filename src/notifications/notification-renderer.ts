import { createHash } from 'node:crypto';
import type { Graph } from '../graph/graph';
import {
  compilePair,
  type CompiledLayouts,
  defaultLayouts,
  type LayoutSources,
} from './default-layouts';
import { storedTemplate } from './template-store';
import type { NotificationKind, NotificationView } from './views';

/** A message as layouts render it: the subject line, the HTML part and the plain-text part. */
export interface RenderedMessage {
  subject: string;
  html: string;
  text: string;
}

/** Compiled custom layouts kept per process, by their text's digest (each compiles once). */
const CACHE_SIZE = 200;

/**
 * Renders notification views into messages (decision 0059): with the account's custom layout of
 * the view's kind when it stored one (`/notification-templates`), else the default. The default
 * layouts are compiled when this is built (the process's start); a custom layout the first time
 * this process renders it.
 */
export class NotificationRenderer {
  private readonly compiled = new Map<string, CompiledLayouts>();

  constructor(private readonly deps: { graph: Graph }) {
    defaultLayouts();
  }

  async render(accountId: string, view: NotificationView): Promise<RenderedMessage> {
    const custom = await this.custom(accountId, view.kind);
    return renderMessage(custom ?? defaultLayouts().compiled[view.kind], view);
  }

  /** Renders with the given layout texts (a preview of an unsaved layout) or the defaults'. */
  renderWith(sources: LayoutSources | undefined, view: NotificationView): RenderedMessage {
    return renderMessage(
      sources === undefined ? defaultLayouts().compiled[view.kind] : this.compile(sources),
      view,
    );
  }

  /** The account's custom layout of a kind, compiled; undefined when it stored none. */
  private async custom(
    accountId: string,
    kind: NotificationKind,
  ): Promise<CompiledLayouts | undefined> {
    const stored = await storedTemplate(this.deps.graph, accountId, kind);
    return stored === undefined ? undefined : this.compile(stored);
  }

  private compile(sources: LayoutSources): CompiledLayouts {
    const key = createHash('sha256')
      .update(sources.html)
      .update('\u0000')
      .update(sources.text)
      .digest('hex');
    let layouts = this.compiled.get(key);
    if (layouts === undefined) {
      layouts = compilePair(sources);
      if (this.compiled.size >= CACHE_SIZE)
        this.compiled.delete(this.compiled.keys().next().value!);
      this.compiled.set(key, layouts);
    }
    return layouts;
  }
}

function renderMessage(layouts: CompiledLayouts, view: NotificationView): RenderedMessage {
  return { subject: view.subject, html: layouts.html(view), text: tidyText(layouts.text(view)) };
}

/** Plain text as layouts leave it: no runs of blank lines, one newline at the end. */
function tidyText(text: string): string {
  return `${text
    .replace(/[ \t]+\n/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim()}\n`;
}
