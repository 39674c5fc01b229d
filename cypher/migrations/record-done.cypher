// Records that the one-off migration $name has been applied, so later starts skip it.
// params: $name, $now
// returns: nothing
MERGE (m:_Migration {name: $name})
ON CREATE SET m.appliedOn = toInteger($now)
