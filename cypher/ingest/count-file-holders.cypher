// What still needs a stored PDF: the documents ingested from these bytes, and the open jobs whose worker will read
// them from the file store (a queued job retried after its worker died needs the bytes its first attempt stored).
// Params: $sha256
// Returns: documents, openJobs
CALL {
  MATCH (d:Document {sha256: $sha256}) RETURN count(d) AS documents
}
CALL {
  MATCH (j:IngestionJob {fileSha256: $sha256}) WHERE j.status IN ['QUEUED', 'RUNNING'] RETURN count(j) AS openJobs
}
RETURN documents, openJobs
