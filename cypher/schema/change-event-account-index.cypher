// An account's change events: removed with the account's data (accounts/delete-account-data).
// params: none
// returns: nothing
CREATE INDEX internal_change_event_account IF NOT EXISTS FOR (e:_ChangeEvent) ON (e.accountId, e.occurredOn)
