// Node counts per label and relationship counts per type over the whole database (one row, even when empty).
// Params: none
// Returns: nodes, relationships
CALL () {
  MATCH (n)
  UNWIND labels(n) AS label
  WITH label, count(*) AS total
  RETURN collect({label: label, count: total}) AS nodes
}
CALL () {
  MATCH ()-[r]->()
  WITH type(r) AS type, count(*) AS total
  RETURN collect({type: type, count: total}) AS relationships
}
RETURN nodes, relationships
