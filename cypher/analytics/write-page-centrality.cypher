// Writes PageRank and Leiden community back onto pages (additive properties pageRank and community).
// Params: $rows
// Returns: written
UNWIND $rows AS row
MATCH (p:Page {id: row.pageId})
SET p.pageRank = row.pageRank, p.community = toInteger(row.community)
RETURN count(p) AS written
