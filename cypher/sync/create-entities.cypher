// Creates entities: label Entity plus one label per class, and the _type as a label when it
// matches $typeLabelPattern (src/sync/property-rules.ts, TYPE_LABEL_PATTERN); row.props holds
// every property, system ones included.
// params: $rows, $typeLabelPattern
// returns: created
UNWIND $rows AS row
CREATE (n:Entity:$(row.classes))
SET n = row.props
WITH n
CALL (n) {
  WITH n
  WHERE n._type =~ $typeLabelPattern
  SET n:$(n._type)
}
RETURN count(n) AS created
