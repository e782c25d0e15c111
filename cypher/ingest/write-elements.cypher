// Creates a batch of layout elements under their pages (HAS_ELEMENT). Elements carry no vectors: the retrieval
// units (Passage) that cover them are what is embedded. A table keeps its cells as four parallel typed lists
// (row, column, text, flat x0,y0,x1,y1 boxes) on its own node: one node per table, not one per cell.
// Each element also carries its kind as a label in PascalCase (:Element:Table, :Element:PageHeader), which Browser
// styles by and Cypher readers match on. Positions and counts are stored as Cypher INTEGERs (a JavaScript number
// arrives as a FLOAT).
// Params: $docId, $elements
// Returns: written
UNWIND $elements AS row
MATCH (p:Page {docId: $docId, number: row.pageNumber})
CREATE (e:Element {id: row.id, docId: $docId})
SET e:$(reduce(label = '', w IN split(row.kind, '-') | label + toUpper(left(w, 1)) + substring(w, 1)))
SET e.pageNumber = toInteger(row.pageNumber), e.kind = row.kind, e.text = row.text, e.bbox = row.bbox,
    e.order = toInteger(row.order), e.readingIndex = toInteger(row.readingIndex), e.description = row.description,
    e.headingLevel = toInteger(row.headingLevel), e.source = row.source,
    e.cellRows = [r IN row.cellRows | toInteger(r)], e.cellCols = [c IN row.cellCols | toInteger(c)],
    e.cellTexts = row.cellTexts, e.cellBoxes = row.cellBoxes
CREATE (p)-[:HAS_ELEMENT]->(e)
RETURN count(e) AS written
