// GET /subscriptions lists an account's subscriptions, and the dispatcher finds the account's
// subscriptions of each change event.
// params: none
// returns: nothing
CREATE INDEX internal_subscription_account IF NOT EXISTS FOR (s:_Subscription) ON (s.accountId)
