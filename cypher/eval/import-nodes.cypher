// Writes nodes exported by export-document-nodes into this database (folio corpus import), with their labels and
// properties; a Document's instants become datetimes again. Integer properties arrive as FLOATs and are made
// INTEGERs by the migrations the import runs afterwards.
// Params: $rows
// Returns: nodes
UNWIND $rows AS row
CREATE (n:$(row.labels))
SET n = row.props
WITH n
CALL (n) {
  WITH n WHERE n:Document
  SET n.ingestedAt = datetime(n.ingestedAt),
      n.heartbeatAt = CASE WHEN n.heartbeatAt IS NULL THEN null ELSE datetime(n.heartbeatAt) END
}
RETURN count(n) AS nodes
