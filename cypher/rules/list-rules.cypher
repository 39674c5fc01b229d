// One page of the account's rules by name: names after $after, optionally only names containing
// $nameContains and rules carrying the tag $tag; one row more than $limit tells a next page.
// params: $accountId, $after, $nameContains, $tag, $limit
// returns: rule
MATCH (r:_Rule)
WHERE r.accountId = $accountId
  AND ($after IS NULL OR r.name > $after)
  AND ($nameContains IS NULL OR toLower(r.name) CONTAINS toLower($nameContains))
  AND ($tag IS NULL OR $tag IN r.tags)
RETURN r {.id, .name, .version, .definition, .createdOn, .updatedOn} AS rule
ORDER BY r.name
LIMIT toInteger($limit) + 1
