// Reading-order anomalies of one document along NEXT_ELEMENT: steps that go back to an earlier page, steps that
// skip a page that has elements, steps within a page that go against the stored order, elements off the chain
// (neither followed nor preceded while the document has more than one element), and elements with more than
// one successor.
// Params: $docId
// Returns: elements, chainLinks, backwardPageSteps, skippedPageSteps, backwardInPage, offChain, branching, samples
CALL () {
  MATCH (e:Element {docId: $docId})
  RETURN count(e) AS elements
}
CALL () {
  OPTIONAL MATCH (a:Element {docId: $docId})-[:NEXT_ELEMENT]->(b:Element)
  WITH a, b,
       CASE WHEN b IS NULL THEN null
            WHEN b.pageNumber < a.pageNumber THEN 'back-page'
            WHEN b.pageNumber > a.pageNumber + 1
                 AND EXISTS { MATCH (x:Element {docId: $docId})
                              WHERE a.pageNumber < x.pageNumber < b.pageNumber } THEN 'skip-page'
            WHEN b.pageNumber = a.pageNumber AND b.order < a.order THEN 'back-in-page'
       END AS anomaly
  RETURN count(b) AS chainLinks,
         count(CASE WHEN anomaly = 'back-page' THEN 1 END) AS backwardPageSteps,
         count(CASE WHEN anomaly = 'skip-page' THEN 1 END) AS skippedPageSteps,
         count(CASE WHEN anomaly = 'back-in-page' THEN 1 END) AS backwardInPage,
         collect(CASE WHEN anomaly IS NULL THEN null
                 ELSE {anomaly: anomaly, fromPage: a.pageNumber, toPage: b.pageNumber,
                       text: left(coalesce(b.text, ''), 60)} END)[..5] AS samples
}
CALL (elements) {
  MATCH (e:Element {docId: $docId})
  WHERE elements > 1 AND NOT EXISTS { (e)-[:NEXT_ELEMENT]-() }
  RETURN count(e) AS offChain
}
CALL () {
  MATCH (e:Element {docId: $docId})
  WHERE COUNT { (e)-[:NEXT_ELEMENT]->() } > 1
  RETURN count(e) AS branching
}
RETURN elements, chainLinks, backwardPageSteps, skippedPageSteps, backwardInPage, offChain, branching, samples
