// The account's property catalog: every (property name, value kind) its entities and
// relationships have held.
// params: $accountId
// returns: name, kind
MATCH (p:_PropertyKind {accountId: $accountId})
USING INDEX SEEK p:_PropertyKind(accountId, name, kind)
WHERE p.name IS NOT NULL AND p.kind IS NOT NULL
RETURN p.name AS name, p.kind AS kind
