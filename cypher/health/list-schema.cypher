// Names of the constraints and indexes in the database (checks that the schema is applied).
// params: none
// returns: name, kind
SHOW CONSTRAINTS YIELD name RETURN name, 'constraint' AS kind
UNION ALL
SHOW INDEXES YIELD name RETURN name, 'index' AS kind
