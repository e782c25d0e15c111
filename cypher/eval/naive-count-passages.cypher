// How many naive baseline passages exist, over all documents (zero after its cleanup).
// Params: none
// Returns: passages
MATCH (n:NaivePassage)
RETURN count(n) AS passages
