// Claims a document id for ingestion. The uniqueness constraint on Document.id makes a second, concurrent
// ingestion of the same bytes fail here instead of writing a duplicate.
// Params: $doc
// Returns: id
CREATE (d:Document)
SET d = $doc, d.status = 'INGESTING', d.ingestedAt = datetime(), d.heartbeatAt = datetime()
RETURN d.id AS id
