import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { ApiError, ok } from '../../api/client';
import { useSession } from '../../session/session';
import { Page } from '../../ui/page';
import { ErrorNote, Loading } from '../../ui/states';
import { EntityDelete } from './entity-delete';
import { EntityEdit } from './entity-edit';
import { EntityHistory } from './entity-history';
import { EntityProperties } from './entity-properties';
import { EntityRelationships } from './entity-relationships';
import { entityKeys, entityName, valueText } from './entity-types';
import { RawDataSection } from './raw-data-section';
import './entity.css';

/**
 * One entity: its properties (system ones apart), relationships, raw data with a version diff,
 * and change history; edit and delete when the key's roles allow them.
 */
export function EntityScreen() {
  const entityId = useParams().entityId ?? '';
  // A new id is a new screen: no edit form, diff choice or notice carries over to another entity.
  return <EntityView key={entityId} entityId={entityId} />;
}

function EntityView(props: { entityId: string }) {
  const { entityId } = props;
  const { api, accountId, can } = useSession();
  const [editing, setEditing] = useState(false);
  const [saved, setSaved] = useState<string | undefined>();
  const entity = useQuery({
    queryKey: entityKeys.entity(accountId, entityId),
    queryFn: () => ok(api.GET('/entities/{entityId}', { params: { path: { entityId } } })),
    retry: (count, error) => !(error instanceof ApiError && error.status < 500) && count < 2,
  });

  if (entity.isPending)
    return (
      <Page title="Entity">
        <Loading what="the entity" />
      </Page>
    );
  if (entity.isError) {
    const missing = entity.error instanceof ApiError && entity.error.status === 404;
    return (
      <Page title={missing ? 'Entity not found' : 'Entity'}>
        {missing ? (
          <div className="state state-empty" role="alert">
            <p>
              No entity with id <code>{entityId}</code> in this account. It may belong to another
              account, or the id may be mistyped.
            </p>
            <p>
              <Link to="/query">Find entities with a query</Link>
            </p>
          </div>
        ) : (
          <ErrorNote error={entity.error} />
        )}
      </Page>
    );
  }

  const vertex = entity.data;
  const deleted = vertex.entity._deleted === true;
  const mayEdit = !deleted && can('patch', '/entities/{entityId}');
  const mayDelete = !deleted && can('delete', '/entities/{entityId}');
  return (
    <Page
      title={entityName(vertex)}
      actions={
        <>
          {mayEdit && !editing && (
            <button
              type="button"
              className="button-quiet"
              onClick={() => {
                setSaved(undefined);
                setEditing(true);
              }}
            >
              Edit properties
            </button>
          )}
          {mayDelete && <EntityDelete vertex={vertex} />}
        </>
      }
    >
      <div className="entity-screen">
        <p className="entity-summary">
          <span className="badge">{valueText(vertex.entity._class)}</span>{' '}
          <span className="badge">{valueText(vertex.entity._type)}</span>{' '}
          {deleted && <span className="badge status-FAILED">Deleted</span>}
          <span className="hint"> version {vertex.entity._version ?? '—'}</span>
        </p>
        {saved !== undefined && (
          <p className="state notice" role="status">
            {saved}
          </p>
        )}
        {editing && mayEdit ? (
          <EntityEdit
            vertex={vertex}
            onDone={(after) => {
              setEditing(false);
              if (after !== undefined) setSaved(`Saved: version ${after.entity._version ?? '—'}.`);
            }}
          />
        ) : (
          <EntityProperties vertex={vertex} />
        )}
        <EntityRelationships entityId={entityId} />
        <RawDataSection entityId={entityId} />
        <EntityHistory entityId={entityId} />
      </div>
    </Page>
  );
}
