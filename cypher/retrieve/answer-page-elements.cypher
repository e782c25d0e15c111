// Every element of the pages an offline answer reads, in reading order: the answer picks its sentence or table
// cell from them, and the page header or footer gives the printed page label.
// Params: $pages
// Returns: docId, pageNumber, elementId, kind, text, description, bbox, order
UNWIND $pages AS p
MATCH (page:Page {docId: p.docId, number: p.pageNumber})-[:HAS_ELEMENT]->(e:Element)
RETURN page.docId AS docId, page.number AS pageNumber, e.id AS elementId, e.kind AS kind,
       coalesce(e.text, '') AS text, e.description AS description, e.bbox AS bbox, e.order AS order
ORDER BY docId, pageNumber, order
