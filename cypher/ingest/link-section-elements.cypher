// CONTAINS from each section to the elements it directly holds.
// Params: $docId, $rows
// Returns: linked
UNWIND $rows AS row
MATCH (s:Section {id: row.sectionId})
UNWIND row.elementIds AS elementId
MATCH (e:Element {id: elementId})
WHERE e.docId = $docId
CREATE (s)-[:CONTAINS]->(e)
RETURN count(*) AS linked
