// How many documents the corpus holds.
// Params: none
// Returns: total
MATCH (d:Document) RETURN count(d) AS total
