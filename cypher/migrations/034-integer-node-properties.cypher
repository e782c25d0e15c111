// Stores as INTEGERs the integer properties (page numbers, orders, levels, counts, table cell rows and columns)
// that builds before this one wrote as FLOATs, since a JavaScript number arrives in Cypher as a FLOAT: Browser then
// shows "61", not "61.0", and range() and list indexing accept them. Rewrites only nodes still holding a FLOAT.
// Once: it scans every Folio node, and the write queries store INTEGERs from this build on.
// Params: none
// Returns: nothing
MATCH (n)
WHERE (n:Document OR n:Page OR n:Element OR n:Passage OR n:Section OR n:Summary OR n:Revision OR n:IngestionJob
       OR n:EnrichmentJob OR n:FolioSchema OR n:NaivePassage)
  AND (any(k IN ['number', 'pageNumber', 'order', 'readingIndex', 'headingLevel', 'level', 'pageStart', 'pageEnd',
                 'iteration', 'leafCount', 'memberCount', 'seed', 'done', 'total', 'attempts', 'pageCount',
                 'elementCount', 'passageCount', 'sectionCount', 'ocrPageCount', 'crossReferenceCount',
                 'embeddingDimension', 'community']
           WHERE n[k] IS :: FLOAT NOT NULL)
       OR any(k IN ['cellRows', 'cellCols'] WHERE any(x IN coalesce(n[k], []) WHERE x IS :: FLOAT NOT NULL)))
CALL (n) {
  SET n.number = toInteger(n.number), n.pageNumber = toInteger(n.pageNumber), n.order = toInteger(n.order),
      n.readingIndex = toInteger(n.readingIndex), n.headingLevel = toInteger(n.headingLevel),
      n.level = toInteger(n.level), n.pageStart = toInteger(n.pageStart), n.pageEnd = toInteger(n.pageEnd),
      n.iteration = toInteger(n.iteration), n.leafCount = toInteger(n.leafCount),
      n.memberCount = toInteger(n.memberCount), n.seed = toInteger(n.seed), n.done = toInteger(n.done),
      n.total = toInteger(n.total), n.attempts = toInteger(n.attempts), n.pageCount = toInteger(n.pageCount),
      n.elementCount = toInteger(n.elementCount), n.passageCount = toInteger(n.passageCount),
      n.sectionCount = toInteger(n.sectionCount), n.ocrPageCount = toInteger(n.ocrPageCount),
      n.crossReferenceCount = toInteger(n.crossReferenceCount),
      n.embeddingDimension = toInteger(n.embeddingDimension), n.community = toInteger(n.community),
      n.cellRows = [x IN n.cellRows | toInteger(x)], n.cellCols = [x IN n.cellCols | toInteger(x)]
} IN TRANSACTIONS OF 2000 ROWS
