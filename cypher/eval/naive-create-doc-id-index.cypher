// Range index on NaivePassage.docId: the baseline's document-scoped vector scan reads one document's passages
// through it, as Folio's scoped search does through its own docId indexes.
// Params: none
// Returns: nothing
CREATE INDEX naive_passage_doc_id IF NOT EXISTS FOR (n:NaivePassage) ON (n.docId)
