/**
 * Which `_type` values also become a label of their entity (docs/graph-model.md), as a Java regex
 * that Cypher's `=~` matches against the whole value: a label an analyst types without backticks
 * (the class rule of src/model/property-rules.ts), not starting with `_` (graphsync's own labels), and not one that J1QL
 * reads as a class (upper case first and no `_`: `FIND Host` matches the label `Host`, which must
 * keep meaning the class). So `aws_s3_bucket` and `github_repo` become labels, `Host`, `9lives`
 * and `my-type` do not. Passed to the statements as `$typeLabelPattern`.
 */
export const TYPE_LABEL_PATTERN = '[a-z][A-Za-z0-9_]*|[A-Z][A-Za-z0-9_]*_[A-Za-z0-9_]*';

const TYPE_LABEL = new RegExp(`^(?:${TYPE_LABEL_PATTERN})$`);

/** The label an entity of this `_type` gets besides `Entity` and its classes, if any. */
export function typeLabel(type: string): string | undefined {
  return TYPE_LABEL.test(type) ? type : undefined;
}
