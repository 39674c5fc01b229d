// The account's delete guard: the largest share (percent) of a scope's live entities, or of its
// live relationships, that one DIFF job may delete; null when the guard is off.
// params: $id
// returns: percent
MATCH (a:_Account {id: $id})
RETURN a.deleteGuardPercent AS percent
