// Creates a batch of naive baseline passages (label NaivePassage, no edges into Folio's graph) with their
// vectors in the compact vector representation.
// Params: $docId, $passages
// Returns: written
UNWIND $passages AS row
CREATE (n:NaivePassage {docId: $docId})
SET n.pageNumber = toInteger(row.pageNumber), n.order = toInteger(row.order), n.text = row.text
WITH n, row
CALL db.create.setNodeVectorProperty(n, 'embedding', row.embedding)
RETURN count(n) AS written
