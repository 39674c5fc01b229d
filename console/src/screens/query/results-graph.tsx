import type { Core, EventObjectNode } from 'cytoscape';
import { useEffect, useRef, useState } from 'react';
import { ok } from '../../api/client';
import { useSession } from '../../session/session';
import { Empty, ErrorNote } from '../../ui/states';
import { edgeElement, nodeElement, withNeighbours } from './graph-elements';
import { GraphSelection } from './graph-selection';
import { plural } from '../../ui/format';
import type { GraphShape } from './query-results';

const STYLE = [
  {
    selector: 'node',
    style: {
      label: 'data(label)',
      'background-color': '#0b5cad',
      color: '#1b1f24',
      'font-size': 11,
      'text-valign': 'bottom' as const,
      'text-margin-y': 4,
    },
  },
  { selector: 'node:selected', style: { 'border-width': 4, 'border-color': '#f2a900' } },
  {
    selector: 'edge',
    style: {
      label: 'data(label)',
      width: 2,
      'line-color': '#8a94a0',
      'target-arrow-color': '#8a94a0',
      'target-arrow-shape': 'triangle' as const,
      'curve-style': 'bezier' as const,
      'font-size': 9,
      color: '#4a5360',
    },
  },
];

/**
 * The result as a graph (Cytoscape.js, loaded when this tab first opens). A node is selected by
 * clicking it or, from the keyboard, with the entity list beside the graph; the selection panel
 * opens the entity or adds its neighbours.
 */
export function ResultsGraph(props: { shape: GraphShape }) {
  const { api } = useSession();
  const host = useRef<HTMLDivElement>(null);
  const cy = useRef<Core | undefined>(undefined);
  const [graph, setGraph] = useState(props.shape);
  const [selected, setSelected] = useState<string | undefined>();
  const [failure, setFailure] = useState<unknown>();
  const [expanding, setExpanding] = useState(false);

  useEffect(() => setGraph(props.shape), [props.shape]);

  useEffect(() => {
    let created: Core | undefined;
    let cancelled = false;
    void import('cytoscape').then(({ default: cytoscape }) => {
      if (cancelled || host.current === null) return;
      created = cytoscape({ container: host.current, style: STYLE, wheelSensitivity: 0.3 });
      created.on('tap', 'node', (event: EventObjectNode) => setSelected(event.target.id()));
      cy.current = created;
      setGraph((g) => ({ ...g }));
    }, setFailure);
    return () => {
      cancelled = true;
      created?.destroy();
      cy.current = undefined;
    };
  }, []);

  // Bring the drawing in line with the graph: add what is new, lay out again when anything was.
  useEffect(() => {
    const c = cy.current;
    if (c === undefined) return;
    const wanted = new Set([
      ...graph.vertices.map((v) => v.id),
      ...graph.edges.map((e) => `edge:${e.id}`),
    ]);
    c.elements().forEach((el) => {
      if (!wanted.has(el.id())) el.remove();
    });
    const fresh = [
      ...graph.vertices.filter((v) => c.getElementById(v.id).empty()).map(nodeElement),
      ...graph.edges.filter((e) => c.getElementById(`edge:${e.id}`).empty()).map(edgeElement),
    ];
    if (fresh.length > 0) {
      c.add(fresh);
      c.layout({ name: 'cose', animate: false, fit: true, padding: 30 }).run();
    }
  }, [graph]);

  useEffect(() => {
    const c = cy.current;
    if (c === undefined) return;
    c.nodes().unselect();
    if (selected !== undefined) c.getElementById(selected).select();
  }, [selected, graph]);

  const expand = async (id: string) => {
    setExpanding(true);
    setFailure(undefined);
    try {
      const page = await ok(
        api.GET('/entities/{entityId}/relationships', {
          params: { path: { entityId: id }, query: { limit: 100 } },
        }),
      );
      setGraph((g) => withNeighbours(g, page.relationships));
    } catch (error) {
      setFailure(error);
    } finally {
      setExpanding(false);
    }
  };

  if (props.shape.vertices.length === 0) return <Empty>The query matched no entities.</Empty>;
  const summary = `${plural(graph.vertices.length, 'entity', 'entities')}, ${plural(graph.edges.length, 'relationship', 'relationships')}`;
  return (
    <div className="query-graph">
      <div>
        <p className="hint graph-summary" role="status">
          {summary}
        </p>
        <div className="graph-view" ref={host} role="img" aria-label={`Graph of ${summary}`} />
      </div>
      <GraphSelection
        vertices={graph.vertices}
        selected={selected}
        onSelect={setSelected}
        onExpand={(id) => void expand(id)}
        expanding={expanding}
      />
      {failure !== undefined && <ErrorNote error={failure} title="Could not expand" />}
    </div>
  );
}
