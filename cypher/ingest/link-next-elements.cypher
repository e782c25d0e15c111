// Reading order of elements across the whole document: NEXT_ELEMENT between consecutive elements.
// Params: $docId, $pairs
// Returns: linked
UNWIND $pairs AS pair
MATCH (a:Element {id: pair.from}), (b:Element {id: pair.to})
WHERE a.docId = $docId AND b.docId = $docId
CREATE (a)-[:NEXT_ELEMENT]->(b)
RETURN count(*) AS linked
