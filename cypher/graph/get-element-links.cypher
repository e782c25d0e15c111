// The physical and reference links of one element: its section, caption relations, reading-order neighbours,
// and the cross-references it makes and receives.
// Params: $id
// Returns: sectionId, captionId, captionOfId, nextId, previousId, refersTo, referredByIds
MATCH (e:Element {id: $id})
OPTIONAL MATCH (s:Section)-[:CONTAINS]->(e)
OPTIONAL MATCH (c:Element)-[:CAPTIONS]->(e)
OPTIONAL MATCH (e)-[:CAPTIONS]->(target:Element)
OPTIONAL MATCH (e)-[:NEXT_ELEMENT]->(next:Element)
OPTIONAL MATCH (previous:Element)-[:NEXT_ELEMENT]->(e)
CALL (e) {
  OPTIONAL MATCH (e)-[r:REFERS_TO]->(t)
  RETURN collect(CASE WHEN t IS NULL THEN null ELSE {mention: r.mention, label: labels(t)[0], id: t.id} END) AS refersTo
}
CALL (e) {
  OPTIONAL MATCH (source:Element)-[:REFERS_TO]->(e)
  RETURN collect(source.id) AS referredByIds
}
RETURN s.id AS sectionId, c.id AS captionId, target.id AS captionOfId, next.id AS nextId, previous.id AS previousId,
       refersTo, referredByIds
LIMIT 1
