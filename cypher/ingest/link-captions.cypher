// CAPTIONS from a caption element to the figure, chart or table it describes.
// Params: $docId, $pairs
// Returns: linked
UNWIND $pairs AS pair
MATCH (a:Element {id: pair.from}), (b:Element {id: pair.to})
WHERE a.docId = $docId AND b.docId = $docId
CREATE (a)-[:CAPTIONS]->(b)
RETURN count(*) AS linked
