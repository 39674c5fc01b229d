// Until decision 0056, changeId was unique on :_Change. Nothing looks a change up by its id (the
// history pages order by it as a tie-break) and randomUUID() does not repeat, while the
// constraint's index took a random insert for every change written. Dropped on start; a no-op
// on new databases.
// params: none
// returns: nothing
DROP CONSTRAINT internal_change_id_unique IF EXISTS
