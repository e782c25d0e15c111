// For tests: backdates a document's and a job's (ingestion or enrichment) last heartbeat by $ageMs, as if the
// process running them had stopped that long ago (the staleness rule is minutes; tests should not wait for it).
// Params: $docId, $jobId, $ageMs
// Returns: documents, jobs
CALL {
  OPTIONAL MATCH (d:Document {id: $docId})
  SET d.heartbeatAt = datetime() - duration({milliseconds: $ageMs})
  RETURN count(d) AS documents
}
CALL {
  OPTIONAL MATCH (j:IngestionJob|EnrichmentJob {id: $jobId})
  SET j.heartbeatAt = datetime() - duration({milliseconds: $ageMs})
  RETURN count(j) AS jobs
}
RETURN documents, jobs
