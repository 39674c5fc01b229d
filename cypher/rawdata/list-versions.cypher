// The raw-data versions of an entity of the account (all entries, or the one named $name),
// newest first within each entry; found is false when the account has no entity with that _id.
// params: $accountId, $entityId, $name
// returns: found, versions
OPTIONAL MATCH (e:Entity {_id: $entityId})
USING INDEX SEEK e:Entity(_id)
WHERE e._accountId = $accountId
OPTIONAL CALL (e) {
  MATCH (v:_RawDataVersion {entityId: e._id})
  USING INDEX SEEK v:_RawDataVersion(entityId)
  WHERE v.accountId = $accountId AND ($name IS NULL OR v.name = $name)
  RETURN v ORDER BY v.name, v.seq DESC
}
WITH e, collect(v {.name, .versionId, .beginOn, .createdOn, .contentType, .contentLength, .deleted, .blobKey}) AS versions
RETURN e IS NOT NULL AS found, versions
