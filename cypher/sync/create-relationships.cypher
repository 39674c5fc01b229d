// Creates relationships between entities given by _id; the Neo4j type is the relationship's
// _class, row.props holds every property.
// params: $rows
// returns: created
UNWIND $rows AS row
MATCH (a:Entity {_id: row.fromId})
USING INDEX SEEK a:Entity(_id)
MATCH (b:Entity {_id: row.toId})
USING INDEX SEEK b:Entity(_id)
CREATE (a)-[r:$(row.class)]->(b)
SET r = row.props
RETURN count(r) AS created
