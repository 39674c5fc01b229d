// Sets an account's digest frequency (OFF, DAILY or WEEKLY) and recipients (empty: the account's
// notification emails). No row for an unknown account.
// params: $id, $frequency, $recipients
// returns: id
MATCH (a:_Account {id: $id})
SET a.digestFrequency = $frequency, a.digestRecipients = $recipients
RETURN a.id AS id
