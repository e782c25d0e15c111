// Tests only: the Cypher value types a document's nodes hold under each property, per label (the document, the
// nodes carrying its docId, and the jobs whose id starts with $jobPrefix).
// Params: $docId, $jobPrefix
// Returns: label, property, types
MATCH (n)
WHERE n.docId = $docId OR (n:Document AND n.id = $docId)
   OR ((n:IngestionJob OR n:EnrichmentJob) AND n.id STARTS WITH $jobPrefix)
UNWIND labels(n) AS label
UNWIND keys(n) AS property
WITH label, property, valueType(n[property]) AS type
RETURN label, property, collect(DISTINCT type) AS types
