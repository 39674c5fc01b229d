// The dispatcher fans out the change events not yet turned into deliveries: those with a
// pendingSince (removed once fanned out), oldest first.
// params: none
// returns: nothing
CREATE INDEX internal_change_event_pending IF NOT EXISTS FOR (e:_ChangeEvent) ON (e.pendingSince)
