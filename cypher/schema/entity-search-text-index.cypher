// Full-text search (J1QL `FIND "text"`) over each entity's _searchText (its string values; see
// src/sync/finalize/search-text.ts). The analyzer lower-cases and splits like Lucene's standard tokenizer
// (identifiers such as aws_cloudwatch_metric_alarm, IP addresses and host names stay whole
// tokens) and drops no stop words (`on`, `no`, `the` are real values). Not eventually
// consistent: a query right after a finalize sees its writes.
// params: none
// returns: nothing
CREATE FULLTEXT INDEX entity_search_text IF NOT EXISTS FOR (n:Entity) ON EACH [n._searchText] OPTIONS {indexConfig: {`fulltext.analyzer`: 'standard-no-stop-words', `fulltext.eventually_consistent`: false}}
