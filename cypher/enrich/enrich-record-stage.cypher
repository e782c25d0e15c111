// Records one enrichment stage's run on a document as its EnrichmentRecord (one per document and stage, replaced by
// the next run) with typed properties; the counts, which differ by stage, as two parallel lists (names and INTEGER
// values). The JSON string an earlier build kept on the Document for that stage goes.
// Params: $docId, $record
// Returns: id
MATCH (d:Document {id: $docId})
MERGE (r:EnrichmentRecord {id: $docId + ':' + $record.stage})
MERGE (d)-[:HAS_ENRICHMENT]->(r)
SET r.docId = $docId, r.stage = $record.stage, r.mode = $record.mode, r.calls = toInteger($record.calls),
    r.failedCalls = toInteger($record.failedCalls), r.promptTokens = toInteger($record.promptTokens),
    r.completionTokens = toInteger($record.completionTokens), r.costUsd = toFloat($record.costUsd),
    r.ms = toInteger($record.ms), r.countNames = $record.countNames,
    r.countValues = [v IN $record.countValues | toInteger(v)], r.warnings = $record.warnings,
    r.finishedAt = datetime($record.finishedAt), r.error = $record.error
SET d.enrichmentSummaries = CASE WHEN $record.stage = 'summaries' THEN null ELSE d.enrichmentSummaries END,
    d.enrichmentSimilar = CASE WHEN $record.stage = 'similar' THEN null ELSE d.enrichmentSimilar END,
    d.enrichmentEvolve = CASE WHEN $record.stage = 'evolve' THEN null ELSE d.enrichmentEvolve END,
    d.enrichmentTree = CASE WHEN $record.stage = 'tree' THEN null ELSE d.enrichmentTree END
RETURN d.id AS id
