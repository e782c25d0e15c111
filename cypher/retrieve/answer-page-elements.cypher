// Every element of the pages an offline answer reads, in reading order: the answer picks its sentence or table
// cell from them, and the page header or footer gives the printed page label. A table's cells come as parallel
// lists (null for elements ingested before cells were kept, and for other kinds).
// Params: $pages
// Returns: docId, pageNumber, elementId, kind, text, description, bbox, order, cellRows, cellCols, cellTexts, cellBoxes
UNWIND $pages AS p
MATCH (page:Page {docId: p.docId, number: p.pageNumber})-[:HAS_ELEMENT]->(e:Element)
RETURN page.docId AS docId, page.number AS pageNumber, e.id AS elementId, e.kind AS kind,
       coalesce(e.text, '') AS text, e.description AS description, e.bbox AS bbox, e.order AS order,
       e.cellRows AS cellRows, e.cellCols AS cellCols, e.cellTexts AS cellTexts, e.cellBoxes AS cellBoxes
ORDER BY docId, pageNumber, order
