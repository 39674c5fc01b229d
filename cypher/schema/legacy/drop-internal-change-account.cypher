// Until decision 0056, (accountId, at) was indexed on :_Change for the deletion of an account's
// data, which now seeks internal_change_object (accountId, objectId, at) by its first property.
// Dropped on start; a no-op on new databases.
// params: none
// returns: nothing
DROP INDEX internal_change_account IF EXISTS
