// Browser guide, step 2: one page and its elements in reading order (NEXT_ELEMENT within the page).
// Params: $docId, $pageNumber
// Returns: page, elements, reading
MATCH (page:Page {docId: $docId, number: toInteger(coalesce($pageNumber, 1))})-[:HAS_ELEMENT]->(e:Element)
WITH page, e ORDER BY e.readingIndex
WITH page, collect(e) AS elements
OPTIONAL MATCH reading = (a:Element)-[:NEXT_ELEMENT]->(b:Element)
WHERE a IN elements AND b IN elements
RETURN page, elements, collect(reading) AS reading
