// One document by id.
// Params: $id
// Returns: document
MATCH (d:Document {id: $id})
RETURN d {.*, ingestedAt: toString(d.ingestedAt)} AS document
