/**
 * openapi.yaml as the API serves it (GET /openapi.json, public): the roles each operation
 * accepts, which decide what the console shows and enables, and the schemas its editors
 * validate against (the rule editor). Loaded once per session.
 */
export interface Contract {
  /** Whether a key with these roles may call the operation (method and path as in the contract). */
  allows(roles: readonly string[], method: string, path: string): boolean;
  /** A schema of components/schemas, with the document's other schemas beside it for $ref. */
  schema(name: string): Record<string, unknown> | undefined;
}

type Operation = { security?: Array<Record<string, string[]>> };
type Document = {
  paths: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, Record<string, unknown>> };
};

export async function loadContract(): Promise<Contract> {
  const response = await fetch('/openapi.json');
  if (!response.ok) throw new Error(`GET /openapi.json answered ${response.status}`);
  return contractOf((await response.json()) as Document);
}

export function contractOf(document: Document): Contract {
  const schemas = document.components?.schemas ?? {};
  return {
    allows(roles, method, path) {
      const operation = document.paths[path]?.[method.toLowerCase()];
      if (operation === undefined) return false;
      const requirements = operation.security;
      if (requirements === undefined || requirements.length === 0) return true;
      return requirements.some((r) => {
        const scopes = r.apiKey;
        return scopes === undefined || scopes.length === 0 || scopes.some((s) => roles.includes(s));
      });
    },
    schema(name) {
      const schema = schemas[name];
      if (schema === undefined) return undefined;
      // $refs of the served document point at #/components/schemas/...: keep them resolvable.
      return { ...schema, components: { schemas } };
    },
  };
}
