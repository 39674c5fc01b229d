import { describeObject, type SourceObject } from './source-object';

const POINTER = /^\/(entities|relationships)\/(\d+)(?:\/)?/;

/**
 * The object an API or validator message points at (`/entities/3/_key is required`), in the list
 * of objects it was sent with; undefined when the message names none.
 */
export function pointedObject(
  message: string,
  sent: { entities: readonly SourceObject[]; relationships: readonly SourceObject[] },
): SourceObject | undefined {
  const pointer = POINTER.exec(message);
  if (pointer === null) return undefined;
  return sent[pointer[1] as 'entities' | 'relationships'][Number(pointer[2])];
}

/**
 * The message about one object, naming it where it is in its file instead of by its position in
 * a request: `graph.jsonl line 3 (entity _key 'web-1'): _type is required`.
 */
export function aboutObject(source: SourceObject, message: string): string {
  return `${describeObject(source)}: ${message.replace(POINTER, '')}`;
}
