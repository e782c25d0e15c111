// Test only: every property that holds $text (as a string, or inside a list of strings) on the nodes of one
// document, on every node outside documents' content (documents, jobs, schema) and on their relationships, so a
// test can prove a secret was never stored.
// Params: $docId, $text
// Returns: hits
MATCH (n)
WHERE n.docId = $docId OR NOT (n:Page OR n:Element OR n:Passage OR n:Section OR n:Summary OR n:Revision)
OPTIONAL MATCH (n)-[r]->()
WITH collect(DISTINCT n) + collect(DISTINCT r) AS entities
UNWIND entities AS e
WITH e, [k IN keys(e) WHERE
  (e[k] IS :: STRING AND e[k] CONTAINS $text)
  OR (e[k] IS :: LIST<STRING NOT NULL> AND any(v IN e[k] WHERE v CONTAINS $text))] AS keys
WHERE size(keys) > 0
RETURN collect(coalesce(e.id, 'a relationship') + ': ' + reduce(s = '', k IN keys | s + k + ' ')) AS hits
