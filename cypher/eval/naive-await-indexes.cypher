// Waits until the naive baseline's three indexes are online (they populate in the background).
// Params: $timeoutSeconds
// Returns: nothing
CALL db.awaitIndex('naive_passage_embedding', $timeoutSeconds)
CALL db.awaitIndex('naive_passage_text', $timeoutSeconds)
CALL db.awaitIndex('naive_passage_doc_id', $timeoutSeconds)
