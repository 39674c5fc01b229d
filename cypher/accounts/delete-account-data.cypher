// Deletes an account's graph data: entities (and so their relationships), sync jobs with their
// events and staging, scope locks, CROSS_SCOPE links, raw-data metadata, account parameters,
// the property catalog, rules with their evaluation records and earlier versions, alerts,
// questions, integration instances, subscriptions with their deliveries, change events, audit events, history changes, notification layouts and digest runs (test cleanup and operator tooling; before delete-account). Raw-data content in the
// blob store is the caller's.
// params: $id
// returns: deleted
CALL () {
  MATCH (n:Entity)
  WHERE n._accountId = $id AND n._scope IS NOT NULL
  DETACH DELETE n
  RETURN count(*) AS entities
}
CALL () {
  MATCH (j:_SyncJob)
  WHERE j.accountId = $id
  CALL (j) {
    OPTIONAL MATCH (b:_SyncBatch)
    WHERE b.jobId = j.id AND b.seq IS NOT NULL
    DETACH DELETE b
  }
  CALL (j) {
    OPTIONAL MATCH (s:_SyncStagedKey)
    WHERE s.jobId = j.id AND s.kind IS NOT NULL AND s.key IS NOT NULL
    DETACH DELETE s
  }
  CALL (j) {
    OPTIONAL MATCH (e:_SyncJobEvent)
    WHERE e.jobId = j.id AND e.createDate IS NOT NULL
    DETACH DELETE e
  }
  DETACH DELETE j
  RETURN count(*) AS jobs
}
CALL () {
  MATCH (l:_ScopeLock {accountId: $id})
  DETACH DELETE l
  RETURN count(*) AS locks
}
CALL () {
  MATCH (l:_CrossScopeLink {accountId: $id})
  DETACH DELETE l
  RETURN count(*) AS links
}
CALL () {
  MATCH (v:_RawDataVersion)
  WHERE v.accountId = $id
  DETACH DELETE v
  RETURN count(*) AS versions
}
CALL () {
  MATCH (p:_AccountParameter)
  WHERE p.accountId = $id AND p.name IS NOT NULL
  DETACH DELETE p
  RETURN count(*) AS parameters
}
CALL () {
  MATCH (p:_PropertyKind)
  WHERE p.accountId = $id AND p.name IS NOT NULL AND p.kind IS NOT NULL
  DETACH DELETE p
  RETURN count(*) AS kinds
}
CALL () {
  MATCH (r:_Rule)
  WHERE r.accountId = $id AND r.id IS NOT NULL
  DETACH DELETE r
  RETURN count(*) AS rules
}
CALL () {
  MATCH (v:_RuleVersion)
  WHERE v.accountId = $id
  DELETE v
  RETURN count(*) AS ruleVersions
}
CALL () {
  MATCH (e:_RuleEvaluation)
  WHERE e.accountId = $id
  DETACH DELETE e
  RETURN count(*) AS evaluations
}
CALL () {
  MATCH (a:_Alert)
  WHERE a.accountId = $id AND a.createdOn IS NOT NULL
  DETACH DELETE a
  RETURN count(*) AS alerts
}
CALL () {
  MATCH (q:_Question)
  WHERE q.accountId = $id AND q.id IS NOT NULL
  DETACH DELETE q
  RETURN count(*) AS questions
}
CALL () {
  MATCH (i:_Integration)
  WHERE i.accountId = $id AND i.id IS NOT NULL
  DETACH DELETE i
  RETURN count(*) AS integrations
}
CALL () {
  MATCH (e:_AuditEvent)
  WHERE e.accountId = $id AND e.occurredOn IS NOT NULL
  DETACH DELETE e
  RETURN count(*) AS auditEvents
}
CALL () {
  MATCH (c:_Change)
  USING INDEX SEEK c:_Change(accountId, objectId, at)
  WHERE c.accountId = $id AND c.objectId IS NOT NULL AND c.at IS NOT NULL
  DETACH DELETE c
  RETURN count(*) AS changes
}
CALL () {
  MATCH (s:_Subscription {accountId: $id})
  CALL (s) {
    OPTIONAL MATCH (d:_EventDelivery {subscriptionId: s.id})
    WHERE d.createdOn IS NOT NULL
    DELETE d
  }
  DETACH DELETE s
  RETURN count(*) AS subscriptions
}
CALL () {
  MATCH (e:_ChangeEvent)
  WHERE e.accountId = $id AND e.occurredOn IS NOT NULL
  DETACH DELETE e
  RETURN count(*) AS changeEvents
}
CALL () {
  MATCH (t:_NotificationTemplate)
  WHERE t.accountId = $id AND t.kind IS NOT NULL
  DELETE t
  RETURN count(*) AS notificationTemplates
}
CALL () {
  MATCH (r:_DigestRun)
  WHERE r.accountId = $id AND r.frequency IS NOT NULL AND r.periodEnd IS NOT NULL
  DELETE r
  RETURN count(*) AS digestRuns
}
RETURN entities + jobs + locks + links + versions + parameters + kinds + rules + ruleVersions + evaluations + alerts + questions + integrations + auditEvents + changes + subscriptions + changeEvents +
       notificationTemplates + digestRuns AS deleted
