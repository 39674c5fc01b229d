// Sets the account's delete guard (percent, 0 to 100); null turns it off. No row for an unknown
// account.
// params: $id, $percent
// returns: percent
MATCH (a:_Account {id: $id})
SET a.deleteGuardPercent = $percent
RETURN a.deleteGuardPercent AS percent
