// Removes a document's retrieval units (Passage nodes with HAS_PASSAGE and COVERS), before they are rebuilt.
// Params: $docId
// Returns: deleted
MATCH (u:Passage {docId: $docId})
DETACH DELETE u
RETURN count(*) AS deleted
