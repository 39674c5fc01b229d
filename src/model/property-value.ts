/** A property value the graph accepts (docs/guide/sync-jobs.md, "What an upload may contain"). */
export type PropertyValue = string | number | boolean | null | string[] | number[] | boolean[];
