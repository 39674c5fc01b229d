import { jsonPointer } from '../../../model/property-rules';
import type { TagEntitiesAction } from '../../rule-types';
import { asList, isRecord } from '../../templates/result-items';
import { describeValue } from '../../../common/describe-value';
import { redact } from '../redact';
import { entityIdsOf } from '../result-entities';
import { type ActionHandler, renderField } from './action-handler';

/** TAG_ENTITIES: the rendered `tags` written on the distinct entities the rendered `entities` hold. */
export interface TagEntitiesPlan {
  entityIds: string[];
  /** `tag.<name>` = value (null removes the tag). */
  tags: Record<string, unknown>;
  /** Elements of `entities` that hold no entity (recorded, not an error). */
  notEntities: number;
}

export const tagEntities: ActionHandler<TagEntitiesAction, TagEntitiesPlan> = {
  async plan(action, input) {
    const entities = asList(await renderField(action.entities, 'entities', input));
    const tags = tagProperties(
      await renderField(action.tags, 'tags', input),
      `${input.pointer}/tags`,
    );
    return {
      entityIds: [...new Set(entities.flatMap(entityIdsOf))],
      tags,
      notEntities: entities.length - entities.filter((e) => entityIdsOf(e).length > 0).length,
    };
  },
  dryRun: tagInputs,
  async perform(plan, { deps, scope }) {
    const { entityIds, tags } = plan;
    const tagged =
      entityIds.length === 0 ? 0 : await deps.tagger.tag(scope.accountId, entityIds, tags);
    return {
      inputs: redact(tagInputs(plan), scope.secrets),
      result: { tagged, notEntities: plan.notEntities },
    };
  },
};

/** What the record shows of the plan: how many entities, which tags. */
function tagInputs(plan: TagEntitiesPlan): Record<string, unknown> {
  return { entities: plan.entityIds.length, tags: plan.tags };
}

/** A tag name becomes the property `tag.<name>`: no reserved `_` start, no quoting characters. */
const TAG_NAME = /^[^_\s`\\][^\s`\\]{0,199}$/;

/** TAG_ENTITIES `tags` rendered -> the properties to write: `tag.<name>` = value (null removes). */
export function tagProperties(tags: unknown, pointer: string): Record<string, unknown> {
  if (!Array.isArray(tags)) {
    throw new Error(`${pointer} must be a list of {name, value}, not ${describeValue(tags, 200)}`);
  }
  const out: Record<string, unknown> = {};
  for (const [i, tag] of tags.entries()) {
    const at = `${pointer}${jsonPointer(i)}`;
    if (!isRecord(tag) || typeof tag.name !== 'string' || !TAG_NAME.test(tag.name)) {
      throw new Error(
        `${at}/name must be a tag name (1-200 characters, no spaces, backticks or backslashes, not starting with _)`,
      );
    }
    const value = tag.value ?? null;
    if (value !== null && !['string', 'number', 'boolean'].includes(typeof value)) {
      throw new Error(`${at}/value must be a string, number, boolean or null`);
    }
    out[`tag.${tag.name}`] = value;
  }
  return out;
}
