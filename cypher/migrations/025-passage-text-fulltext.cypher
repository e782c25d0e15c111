// Full-text index over retrieval-unit text (the keyword side of hybrid search), with the English analyzer: stop
// words ("the", "of", "what") would otherwise rank pages by how often they say them, and stemming matches
// "results" with "result". docId sits in the index so a scoped query filters inside Lucene (`AND docId:("…")`, see
// src/retrieve/lucene-query.ts) instead of fetching corpus-wide hits and dropping most.
// Params: none
// Returns: nothing
CREATE FULLTEXT INDEX passage_text IF NOT EXISTS FOR (n:Passage) ON EACH [n.text, n.docId]
OPTIONS {indexConfig: {`fulltext.analyzer`: 'english'}}
