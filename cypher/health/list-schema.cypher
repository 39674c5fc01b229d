// Names of the indexes in the database, including those backing constraints (which carry the
// constraint's name): checks that the schema is applied.
// params: none
// returns: name, type
SHOW INDEXES YIELD name, type
RETURN name, type
