import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { ok } from '../../api/client';
import { useSession } from '../../session/session';
import { ErrorNote, Loading } from '../../ui/states';
import { Saved } from './settings-status';

/** Where failure notifications go: GET /account shows them, PUT .../notification-emails sets them. */
export function EmailsSection() {
  const { api, can } = useSession();
  const queryClient = useQueryClient();
  const account = useQuery({ queryKey: ['account'], queryFn: () => ok(api.GET('/account')) });
  const [saved, setSaved] = useState<string | undefined>(undefined);
  const save = useMutation({
    mutationFn: (emails: string[]) =>
      ok(api.PUT('/account/notification-emails', { body: { emails } })),
    onSuccess: (answer) => {
      setSaved(`Saved ${answer.account.notificationEmails.length} address(es).`);
      return queryClient.invalidateQueries({ queryKey: ['account'] });
    },
  });
  const editable = can('put', '/account/notification-emails');

  if (account.isPending) return <Loading what="the account" />;
  if (account.isError) return <ErrorNote error={account.error} />;
  const emails = account.data.account.notificationEmails;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const text = new FormData(event.currentTarget).get('emails');
    const list = typeof text === 'string' ? text.split(/[\s,]+/).filter((e) => e !== '') : [];
    setSaved(undefined);
    save.mutate(list);
  };

  return (
    <section aria-labelledby="emails-heading">
      <h2 id="emails-heading">Notification emails</h2>
      <p className="hint">
        A failed evaluation of a rule that notifies on failure is emailed to these addresses.
      </p>
      {emails.length === 0 ? (
        <p>No addresses: failure notices are off.</p>
      ) : (
        <ul aria-label="Current notification emails">
          {emails.map((e) => (
            <li key={e}>{e}</li>
          ))}
        </ul>
      )}
      {editable ? (
        <form className="settings-form" onSubmit={submit} key={emails.join(',')}>
          <label htmlFor="notification-emails">Addresses (one per line)</label>
          <textarea
            id="notification-emails"
            name="emails"
            rows={4}
            defaultValue={emails.join('\n')}
          />
          {save.isError && <ErrorNote error={save.error} />}
          <div className="actions">
            <button type="submit" disabled={save.isPending}>
              Save emails
            </button>
          </div>
          <Saved text={saved} />
        </form>
      ) : (
        <p className="hint">Only an admin key may change them.</p>
      )}
    </section>
  );
}
