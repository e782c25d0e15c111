// The RELATES_TO edges of one element, both directions, latest and strongest first.
// Params: $id
// Returns: direction, relation, source, score, iteration, reason, elementId
MATCH (e:Element {id: $id})-[r:RELATES_TO]-(other:Element)
RETURN CASE WHEN startNode(r) = e THEN 'out' ELSE 'in' END AS direction, r.relation AS relation,
       r.source AS source, r.score AS score, r.iteration AS iteration, r.reason AS reason, other.id AS elementId
ORDER BY r.iteration DESC, r.score DESC, elementId
