// Documents by id; a missing id has no row.
// Params: $ids
// Returns: document
UNWIND $ids AS id
MATCH (d:Document {id: id})
RETURN d {.*, ingestedAt: toString(d.ingestedAt), tags: coalesce(d.tags, []), kind: d.kind} AS document
