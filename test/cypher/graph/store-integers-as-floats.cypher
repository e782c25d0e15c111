// Tests only: writes a document's integer properties back as FLOATs, as builds before migration 034 did, so the
// migration has something to convert.
// Params: $docId
// Returns: nodes
MATCH (n)
WHERE n.docId = $docId OR (n:Document AND n.id = $docId)
SET n.number = toFloat(n.number), n.pageNumber = toFloat(n.pageNumber), n.order = toFloat(n.order),
    n.readingIndex = toFloat(n.readingIndex), n.headingLevel = toFloat(n.headingLevel), n.level = toFloat(n.level),
    n.pageStart = toFloat(n.pageStart), n.pageEnd = toFloat(n.pageEnd), n.iteration = toFloat(n.iteration),
    n.leafCount = toFloat(n.leafCount), n.seed = toFloat(n.seed), n.pageCount = toFloat(n.pageCount),
    n.elementCount = toFloat(n.elementCount), n.passageCount = toFloat(n.passageCount),
    n.sectionCount = toFloat(n.sectionCount), n.ocrPageCount = toFloat(n.ocrPageCount),
    n.crossReferenceCount = toFloat(n.crossReferenceCount),
    n.cellRows = [x IN n.cellRows | toFloat(x)], n.cellCols = [x IN n.cellCols | toFloat(x)]
WITH n
OPTIONAL MATCH (n)-[r:RELATES_TO]->()
SET r.iteration = toFloat(r.iteration)
RETURN count(DISTINCT n) AS nodes
