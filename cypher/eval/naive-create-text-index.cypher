// Full-text index of the naive page-passage baseline (the BM25 side of its fusion), with the English analyzer as
// Folio's own page and passage indexes, so the comparison is about units, not analyzers; docId indexed so a
// question's Lucene query is scoped to its document.
// Params: none
// Returns: nothing
CREATE FULLTEXT INDEX naive_passage_text IF NOT EXISTS FOR (n:NaivePassage) ON EACH [n.text, n.docId]
OPTIONS {indexConfig: {`fulltext.analyzer`: 'english'}}
