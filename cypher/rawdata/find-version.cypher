// One raw-data version of an entity of the account: the entry's latest ($versionId null) or the
// one with that versionId. found is false when the account has no entity with that _id.
// params: $accountId, $entityId, $name, $versionId
// returns: found, version
OPTIONAL MATCH (e:Entity {_id: $entityId})
USING INDEX SEEK e:Entity(_id)
WHERE e._accountId = $accountId
OPTIONAL CALL (e) {
  MATCH (v:_RawDataVersion {entityId: e._id})
  USING INDEX SEEK v:_RawDataVersion(entityId)
  WHERE v.accountId = $accountId AND v.name = $name
    AND ($versionId IS NULL OR v.versionId = $versionId)
  RETURN v ORDER BY v.seq DESC LIMIT 1
}
RETURN e IS NOT NULL AS found,
       v {.name, .versionId, .beginOn, .createdOn, .contentType, .contentLength, .deleted, .blobKey} AS version
