// Full-text index over whole-page text (the page BM25 side of hybrid search), with the English analyzer: stop words
// ("the", "of", "what") would otherwise rank pages by how often they say them, and stemming matches "results" with
// "result". docId sits in the index so a scoped query filters inside Lucene (`AND docId:("…")`, see
// src/retrieve/lucene-query.ts) instead of fetching corpus-wide hits and dropping most.
// Params: none
// Returns: nothing
CREATE FULLTEXT INDEX page_text IF NOT EXISTS FOR (n:Page) ON EACH [n.text, n.docId]
OPTIONS {indexConfig: {`fulltext.analyzer`: 'english'}}
