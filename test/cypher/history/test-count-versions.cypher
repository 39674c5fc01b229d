// Tests only: how many raw-data versions an account has.
// params: $accountId
// returns: n
MATCH (v:_RawDataVersion)
WHERE v.accountId = $accountId
RETURN count(v) AS n
