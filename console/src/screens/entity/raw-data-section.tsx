import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { ok } from '../../api/client';
import { useSession } from '../../session/session';
import { DataTable } from '../../ui/data-table';
import { formatTime } from '../../ui/format';
import { Loaded } from '../../ui/states';
import { entityKeys, type RawDataMetadata } from './entity-types';
import { RawDataDiff } from './raw-data-diff';

/** The entity's raw data: each entry's kept versions, and any two of them compared. */
export function RawDataSection(props: { entityId: string }) {
  const { api, accountId } = useSession();
  const versions = useQuery({
    queryKey: entityKeys.rawData(accountId, props.entityId),
    queryFn: () =>
      ok(
        api.GET('/entities/{entityId}/raw-data-versions', {
          params: { path: { entityId: props.entityId } },
        }),
      ),
  });
  return (
    <section className="card" aria-labelledby="raw-title">
      <h2 id="raw-title">Raw data</h2>
      <Loaded
        read={versions}
        what="raw data"
        isEmpty={(d) => Object.keys(d.entries).length === 0}
        empty="No raw data: the sync jobs that wrote this entity sent no _rawData."
      >
        {(data) =>
          Object.entries(data.entries).map(([name, list]) => (
            <RawDataEntry key={name} entityId={props.entityId} name={name} versions={list} />
          ))
        }
      </Loaded>
    </section>
  );
}

/** Versions are listed newest first; version n is the n-th kept, oldest being 1. */
const label = (versions: RawDataMetadata[], v: RawDataMetadata) =>
  `Version ${versions.length - versions.indexOf(v)} (${formatTime(v.beginOn)})`;

function RawDataEntry(props: { entityId: string; name: string; versions: RawDataMetadata[] }) {
  const { versions } = props;
  const [fromId, setFromId] = useState(versions[1]?.versionId ?? versions[0]?.versionId);
  const [toId, setToId] = useState(versions[0]?.versionId);
  const from = versions.find((v) => v.versionId === fromId);
  const to = versions.find((v) => v.versionId === toId);
  const id = (suffix: string) => `raw-${props.name}-${suffix}`.replace(/[^\w-]/g, '_');
  return (
    <section className="raw-entry" aria-labelledby={id('title')}>
      <h3 id={id('title')}>
        Entry <code>{props.name}</code>
      </h3>
      <DataTable<RawDataMetadata>
        caption={`Versions of ${props.name}, newest first`}
        rows={versions}
        rowKey={(v) => v.versionId}
        columns={[
          { header: 'Version', cell: (v) => String(versions.length - versions.indexOf(v)) },
          { header: 'Stored', cell: (v) => formatTime(v.beginOn) },
          { header: 'Content type', cell: (v) => v.contentType },
          { header: 'Bytes', cell: (v) => String(v.contentLength), className: 'num' },
          { header: 'State', cell: (v) => (v.deleted ? 'deleted' : 'live') },
        ]}
      />
      {versions.length < 2 ? (
        <p className="hint">One version: nothing to compare yet.</p>
      ) : (
        <>
          <div className="compare-row">
            <label htmlFor={id('from')}>Compare</label>
            <select id={id('from')} value={fromId} onChange={(e) => setFromId(e.target.value)}>
              {versions.map((v) => (
                <option key={v.versionId} value={v.versionId}>
                  {label(versions, v)}
                </option>
              ))}
            </select>
            <label htmlFor={id('to')}>with</label>
            <select id={id('to')} value={toId} onChange={(e) => setToId(e.target.value)}>
              {versions.map((v) => (
                <option key={v.versionId} value={v.versionId}>
                  {label(versions, v)}
                </option>
              ))}
            </select>
          </div>
          {from !== undefined && to !== undefined && (
            <RawDataDiff
              entityId={props.entityId}
              entry={props.name}
              from={from}
              to={to}
              fromLabel={label(versions, from)}
              toLabel={label(versions, to)}
            />
          )}
        </>
      )}
    </section>
  );
}
