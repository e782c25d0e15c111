// The RELATES_TO edges of several elements, both directions, each element's latest and strongest first; an
// element without any has no row.
// Params: $ids
// Returns: id, links
UNWIND $ids AS id
MATCH (e:Element {id: id})-[r:RELATES_TO]-(other:Element)
WITH id, e, r, other
ORDER BY r.iteration DESC, r.score DESC, other.id
RETURN id,
       collect({direction: CASE WHEN startNode(r) = e THEN 'out' ELSE 'in' END, relation: r.relation,
                source: r.source, score: r.score, iteration: r.iteration, reason: r.reason,
                elementId: other.id}) AS links
