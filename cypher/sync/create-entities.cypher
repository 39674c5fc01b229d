// Creates entities: label Entity plus one label per class; row.props holds every property,
// system ones included.
// params: $rows
// returns: created
UNWIND $rows AS row
CREATE (n:Entity:$(row.classes))
SET n = row.props
RETURN count(n) AS created
