// Browser guide, step 1: the document and its outline (sections and subsections), as a graph.
// Params: $docId
// Returns: path
MATCH path = (:Document {id: $docId})-[:HAS_SECTION]->(:Section)-[:HAS_SUBSECTION*0..]->(:Section)
RETURN path
