import type { Graph } from '../graph/graph';
import type { LayoutSources } from './default-layouts';
import type { NotificationKind } from './views';

/** An account's own layout of one kind as stored (`:_NotificationTemplate`). */
export interface StoredTemplate extends LayoutSources {
  kind: NotificationKind;
  updatedOn: number;
}

/** The account's custom layout of a kind; undefined while it uses the default. */
export async function storedTemplate(
  graph: Graph,
  accountId: string,
  kind: NotificationKind,
): Promise<StoredTemplate | undefined> {
  const [row] = await graph.read<{ template: StoredTemplate }>('notifications/get-template', {
    accountId,
    kind,
  });
  return row?.template;
}
