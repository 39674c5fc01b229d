import { useQueries } from '@tanstack/react-query';
import { ok } from '../../api/client';
import { useSession } from '../../session/session';
import { ErrorNote, Loading } from '../../ui/states';
import type { RawDataMetadata } from './entity-types';
import { comparable, type DiffRow, type Side, sideBySide } from './side-by-side';
import { plural } from '../../ui/format';

/** Two versions of a raw-data entry, side by side; changed lines marked by sign and by text. */
export function RawDataDiff(props: {
  entityId: string;
  entry: string;
  from: RawDataMetadata;
  to: RawDataMetadata;
  fromLabel: string;
  toLabel: string;
}) {
  const { api, accountId } = useSession();
  const contents = useQueries({
    queries: [props.from, props.to].map((v) => ({
      queryKey: ['raw-data-content', accountId, props.entityId, props.entry, v.versionId],
      // A version's content never changes.
      staleTime: Infinity,
      queryFn: () =>
        ok(
          api.GET('/entities/{entityId}/raw-data/{entryName}/versions/{versionId}', {
            params: {
              path: { entityId: props.entityId, entryName: props.entry, versionId: v.versionId },
            },
            parseAs: 'text',
          }),
        ),
    })),
  });
  const [before, after] = contents;
  if (before === undefined || after === undefined) return null;
  if (before.isError || after.isError)
    return <ErrorNote error={before.error ?? after.error} title="Could not read the versions" />;
  if (before.data === undefined || after.data === undefined) return <Loading what="the versions" />;
  const rows = sideBySide(
    comparable(before.data, props.from.contentType),
    comparable(after.data, props.to.contentType),
  );
  const removed = rows.filter((r) => r.left?.kind === 'removed').length;
  const added = rows.filter((r) => r.right?.kind === 'added').length;
  return (
    <div className="raw-diff">
      <p className="hint" role="status">
        {removed === 0 && added === 0
          ? 'The two versions are the same.'
          : `${plural(removed, 'line')} removed, ${plural(added, 'line')} added.`}
      </p>
      <div className="table-wrap">
        <table className="diff-table">
          <caption className="visually-hidden">
            {props.entry}: {props.fromLabel} (left) against {props.toLabel} (right)
          </caption>
          <colgroup>
            <col className="diff-no-col" />
            <col className="diff-sign-col" />
            <col />
            <col className="diff-no-col" />
            <col className="diff-sign-col" />
            <col />
          </colgroup>
          <thead>
            <tr>
              <th scope="col" colSpan={3}>
                {props.fromLabel}
              </th>
              <th scope="col" colSpan={3}>
                {props.toLabel}
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row, i) => (
              <Row key={i} row={row} />
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}

const SIGN = { same: ' ', removed: '-', added: '+' } as const;
const SAID = { same: '', removed: 'removed: ', added: 'added: ' } as const;

function Row(props: { row: DiffRow }) {
  return (
    <tr>
      <Half side={props.row.left} />
      <Half side={props.row.right} />
    </tr>
  );
}

function Half(props: { side: Side | undefined }) {
  const { side } = props;
  if (side === undefined)
    return (
      <>
        <td className="diff-no" />
        <td className="diff-sign" />
        <td className="diff-line diff-empty" />
      </>
    );
  return (
    <>
      <td className="diff-no">{side.number}</td>
      <td className={`diff-sign diff-${side.kind}`} aria-hidden="true">
        {SIGN[side.kind]}
      </td>
      <td className={`diff-line diff-${side.kind}`}>
        {SAID[side.kind] !== '' && <span className="visually-hidden">{SAID[side.kind]}</span>}
        <code>{side.text}</code>
      </td>
    </>
  );
}
