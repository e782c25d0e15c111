// The physical and reference links of several elements: each one's section, caption relations, reading-order
// neighbours, and the cross-references it makes and receives. A missing id has no row.
// Params: $ids
// Returns: id, sectionId, captionId, captionOfId, nextId, previousId, refersTo, referredByIds
UNWIND $ids AS id
MATCH (e:Element {id: id})
RETURN id,
       head([(s:Section)-[:CONTAINS]->(e) | s.id]) AS sectionId,
       head([(c:Element)-[:CAPTIONS]->(e) | c.id]) AS captionId,
       head([(e)-[:CAPTIONS]->(target:Element) | target.id]) AS captionOfId,
       head([(e)-[:NEXT_ELEMENT]->(next:Element) | next.id]) AS nextId,
       head([(previous:Element)-[:NEXT_ELEMENT]->(e) | previous.id]) AS previousId,
       [(e)-[r:REFERS_TO]->(t) | {mention: r.mention, label: labels(t)[0], id: t.id}] AS refersTo,
       [(source:Element)-[:REFERS_TO]->(e) | source.id] AS referredByIds
