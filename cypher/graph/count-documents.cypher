// How many documents the corpus holds whose status is one of $statuses.
// Params: $statuses
// Returns: total
MATCH (d:Document) WHERE d.status IN $statuses RETURN count(d) AS total
