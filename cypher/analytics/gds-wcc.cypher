// Weakly connected components of the projected page graph $graphName over LINK: each island of pages with its
// size and first page numbers, the largest first. Singletons are pages nothing links to and that link to nothing.
// Params: $graphName
// Returns: component, docId, size, pageNumbers
CALL gds.wcc.stream($graphName, {relationshipTypes: ['LINK'], concurrency: 1, logProgress: false})
YIELD nodeId, componentId
WITH componentId, gds.util.asNode(nodeId) AS p
ORDER BY p.number
WITH componentId, p.docId AS docId, collect(p.number) AS pageNumbers
RETURN componentId AS component, docId, size(pageNumbers) AS size, pageNumbers[..20] AS pageNumbers
ORDER BY size DESC, docId, pageNumbers[0]
