import { NotFoundError, ValidationError } from '../errors/app-error';
import type { Graph } from '../graph/graph';
import type { RuleEvaluationApi } from '../rules/evaluation/evaluation-service';
import { defaultLayouts, type LayoutSources } from './default-layouts';
import type { Format } from './handlebars-env';
import { checkLayout, LayoutProblem } from './layout-check';
import { linksOf } from './links';
import type { NotificationRenderer, RenderedMessage } from './notification-renderer';
import { storedAlertView, storedFailureView } from './stored-views';
import { type StoredTemplate, storedTemplate } from './template-store';
import {
  LAYOUT_VARIABLES,
  type DigestView,
  type NotificationKind,
  type NotificationView,
} from './views';

/** A kind's layout as the API answers it: the account's own (`custom`) or the default. */
export interface NotificationTemplate extends LayoutSources {
  kind: NotificationKind;
  custom: boolean;
  /** When the custom layout was saved (epoch ms); null for the default. */
  updatedOn: number | null;
}

export interface PreviewInput {
  accountId: string;
  kind: NotificationKind;
  /** Unsaved layout texts to preview (checked as a save would); absent: the stored or default. */
  html?: string;
  text?: string;
  /** The evaluation to render an alert or failure layout against (its newest when no id). */
  ruleId?: string;
  evaluationId?: string;
}

export interface NotificationTemplateDeps {
  graph: Graph;
  renderer: Pick<NotificationRenderer, 'renderWith'>;
  evaluations: Pick<RuleEvaluationApi, 'get' | 'list' | 'entities'>;
  /** The digest the account would get for its last period (a preview of the digest layout). */
  digestPreview: (accountId: string) => Promise<DigestView>;
  /**
   * The address guard for an address written into a layout (an image, a link): rejects with a
   * message saying why the address may not be used.
   */
  checkAddress: (url: string) => Promise<void>;
  baseUrl: () => string;
  now?: () => number;
}

/**
 * Custom notification layouts (`/notification-templates`; docs/guide/notifications.md, decision
 * 0059): per account and kind, an HTML and a plain-text Handlebars layout, checked at save
 * (layout-check.ts, then the address guard for every address the layout writes itself), and
 * previewed against a real evaluation record (or the account's last digest period).
 */
export class NotificationTemplateService {
  constructor(private readonly deps: NotificationTemplateDeps) {}

  async list(accountId: string): Promise<NotificationTemplate[]> {
    const rows = await this.deps.graph.read<{ template: StoredTemplate }>(
      'notifications/list-templates',
      { accountId },
    );
    const stored = new Map(rows.map((r) => [r.template.kind, r.template]));
    return (Object.keys(LAYOUT_VARIABLES) as NotificationKind[]).map((kind) =>
      templateOf(kind, stored.get(kind)),
    );
  }

  async get(accountId: string, kind: NotificationKind): Promise<NotificationTemplate> {
    return templateOf(kind, await storedTemplate(this.deps.graph, accountId, kind));
  }

  async put(
    input: { accountId: string; kind: NotificationKind } & LayoutSources,
  ): Promise<NotificationTemplate> {
    await this.check(input.kind, input);
    const [row] = await this.deps.graph.write<{ template: StoredTemplate }>(
      'notifications/put-template',
      {
        accountId: input.accountId,
        kind: input.kind,
        html: input.html,
        text: input.text,
        now: (this.deps.now ?? Date.now)(),
      },
    );
    return templateOf(input.kind, row?.template);
  }

  /** Back to the default layout; 404 when the account had no custom layout of the kind. */
  async delete(accountId: string, kind: NotificationKind): Promise<NotificationTemplate> {
    const [row] = await this.deps.graph.write<{ deleted: number }>(
      'notifications/delete-template',
      {
        accountId,
        kind,
      },
    );
    if ((row?.deleted ?? 0) === 0) {
      throw new NotFoundError(`The account has no custom '${kind}' layout; the default is in use`);
    }
    return templateOf(kind, undefined);
  }

  /** Renders the layout (given, stored or default) against a real evaluation or digest. */
  async preview(input: PreviewInput): Promise<RenderedMessage> {
    const current = await this.get(input.accountId, input.kind);
    const sources = { html: input.html ?? current.html, text: input.text ?? current.text };
    if (input.html !== undefined || input.text !== undefined) await this.check(input.kind, sources);
    const view = await this.previewView(input);
    const custom = current.custom || input.html !== undefined || input.text !== undefined;
    return this.deps.renderer.renderWith(custom ? sources : undefined, view);
  }

  private async previewView(input: PreviewInput): Promise<NotificationView> {
    if (input.kind === 'digest') return this.deps.digestPreview(input.accountId);
    if (input.ruleId === undefined) {
      throw new ValidationError(
        `A preview of the '${input.kind}' layout needs ruleId: the rule whose evaluation it renders`,
      );
    }
    const key = { accountId: input.accountId, ruleId: input.ruleId };
    const evaluationId = input.evaluationId ?? (await this.newestEvaluation(key));
    const record = await this.deps.evaluations.get({ ...key, evaluationId });
    const links = linksOf(this.deps.baseUrl());
    if (input.kind === 'failure') return storedFailureView(record, links);
    const found = await this.deps.evaluations.entities({ ...key, evaluationId, limit: 25 });
    return storedAlertView(record, found, links);
  }

  private async newestEvaluation(key: { accountId: string; ruleId: string }): Promise<string> {
    const page = await this.deps.evaluations.list({ ...key, limit: 1 });
    const [newest] = page.evaluations;
    if (newest === undefined) {
      throw new NotFoundError(
        `Rule '${key.ruleId}' has no evaluation to preview with; evaluate it first (POST /rules/${key.ruleId}/evaluate)`,
        'EVALUATION_NOT_FOUND',
      );
    }
    return newest.id;
  }

  /** Both parts checked (400 naming the part and the line), then the addresses they write. */
  private async check(kind: NotificationKind, sources: LayoutSources): Promise<void> {
    const urls: string[] = [];
    for (const format of ['html', 'text'] as const satisfies readonly Format[]) {
      try {
        urls.push(...checkLayout(sources[format], format, LAYOUT_VARIABLES[kind]));
      } catch (err) {
        if (err instanceof LayoutProblem) throw new ValidationError(`${format}: ${err.message}`);
        throw err;
      }
    }
    for (const url of new Set(urls)) {
      try {
        await this.deps.checkAddress(url);
      } catch (err) {
        throw new ValidationError(`html: ${err instanceof Error ? err.message : String(err)}`);
      }
    }
  }
}

function templateOf(
  kind: NotificationKind,
  stored: StoredTemplate | undefined,
): NotificationTemplate {
  if (stored !== undefined)
    return {
      kind,
      custom: true,
      html: stored.html,
      text: stored.text,
      updatedOn: stored.updatedOn,
    };
  const { html, text } = defaultLayouts().sources[kind];
  return { kind, custom: false, html, text, updatedOn: null };
}
