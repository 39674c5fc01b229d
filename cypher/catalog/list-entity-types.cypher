// The entity types of an account that have a live entity, each with the classes of one such
// entity (the console's query completion, GET /query/vocabulary). The types come from the
// (_accountId, _type) index alone; one live entity per type is then read for its classes.
// params: $accountId
// returns: type, classes
MATCH (e:Entity)
USING INDEX e:Entity(_accountId, _type)
WHERE e._accountId = $accountId AND e._type IS NOT NULL
WITH DISTINCT e._type AS type
CALL (type) {
  MATCH (x:Entity {_accountId: $accountId, _type: type})
  WHERE x._deleted = false
  RETURN x._class AS class
  LIMIT 1
}
RETURN type, CASE WHEN class IS NULL THEN [] WHEN valueType(class) STARTS WITH 'LIST' THEN class ELSE [class] END AS classes
ORDER BY type
