// Scopes Revision lookups and deletes to one document without scanning the label (deleting or re-evolving a
// document, and graph statistics, match revisions by docId).
// Params: none
// Returns: nothing
CREATE INDEX revision_doc_id IF NOT EXISTS FOR (n:Revision) ON (n.docId)
