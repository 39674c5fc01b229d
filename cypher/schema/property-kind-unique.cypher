// The property catalog: one node per (account, property name, value kind) ever stored on an
// entity or relationship of the account. MERGE on it is safe for concurrent finalizations.
// params: none
// returns: nothing
CREATE CONSTRAINT internal_property_kind_unique IF NOT EXISTS FOR (p:_PropertyKind) REQUIRE (p.accountId, p.name, p.kind) IS UNIQUE
