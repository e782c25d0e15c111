// Claims a document id for ingestion. The uniqueness constraint on Document.id makes a second, concurrent
// ingestion of the same bytes fail here instead of writing a duplicate. Each property is named (pageCount an
// INTEGER), so the Document holds what docs/graph-model.md lists and nothing a caller's map happens to carry.
// Params: $doc
// Returns: id
CREATE (d:Document {id: $doc.id})
SET d.title = $doc.title, d.tags = $doc.tags, d.kind = $doc.kind, d.fileName = $doc.fileName, d.sha256 = $doc.sha256,
    d.pageCount = toInteger($doc.pageCount), d.embeddingModel = $doc.embeddingModel,
    d.ingestionId = $doc.ingestionId, d.owner = $doc.owner,
    d.status = 'INGESTING', d.ingestedAt = datetime(), d.heartbeatAt = datetime()
RETURN d.id AS id
