// Node counts per label and relationship counts per type over the whole database.
// Params: none
// Returns: nodes, relationships
CALL () {
  MATCH (n)
  UNWIND labels(n) AS label
  RETURN label, count(*) AS total
}
WITH collect({label: label, count: total}) AS nodes
CALL () {
  MATCH ()-[r]->()
  RETURN type(r) AS type, count(*) AS total
}
RETURN nodes, collect({type: type, count: total}) AS relationships
