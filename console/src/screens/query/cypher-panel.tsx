import type { components } from '../../../../src/generated/openapi';

type Explained = components['schemas']['ExplainQueryResponse'];

/** What the query compiles to (POST /query/explain): the Cypher and its parameters. */
export function CypherPanel(props: { explained: Explained }) {
  return (
    <section className="card cypher" aria-labelledby="cypher-title">
      <h2 id="cypher-title">Cypher</h2>
      <pre className="cypher-text">{props.explained.cypher}</pre>
      <h3>Parameters</h3>
      <pre className="cypher-params">{JSON.stringify(props.explained.params, null, 2)}</pre>
    </section>
  );
}
