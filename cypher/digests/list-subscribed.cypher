// The accounts that opted in to a digest: their frequency, recipients (empty: the notification
// emails) and notification emails.
// params: none
// returns: accountId, frequency, recipients, notificationEmails
MATCH (a:_Account)
WHERE a.digestFrequency IN ['DAILY', 'WEEKLY']
RETURN a.id AS accountId, a.digestFrequency AS frequency,
       coalesce(a.digestRecipients, []) AS recipients,
       coalesce(a.notificationEmails, []) AS notificationEmails
ORDER BY accountId
