// Shape of one document's section tree: how many sections, how deep (a top-level section is depth 1, measured
// along HAS_SECTION/HAS_SUBSECTION), how many leaves, and balance: the spread of leaf depths and of the number
// of children per non-leaf section (a standard deviation of 0 is a perfectly regular tree).
// Params: $docId
// Returns: sectionCount, maxDepth, leafCount, minLeafDepth, maxLeafDepth, meanChildren, childrenStdDev, levels
OPTIONAL MATCH path = (:Document {id: $docId})-[:HAS_SECTION]->(:Section)-[:HAS_SUBSECTION*0..]->(s:Section)
WITH s, length(path) AS depth
OPTIONAL CALL (s) {
  MATCH (s)-[:HAS_SUBSECTION]->(c:Section)
  RETURN count(c) AS children
}
WITH collect(CASE WHEN s IS NULL THEN null ELSE {depth: depth, children: children} END) AS rows
WITH rows, [r IN rows WHERE r.children = 0] AS leaves, [r IN rows WHERE r.children > 0] AS inner
WITH rows, leaves, inner,
     CASE WHEN size(inner) = 0 THEN 0.0
          ELSE reduce(t = 0.0, r IN inner | t + r.children) / size(inner) END AS meanChildren
RETURN size(rows) AS sectionCount,
       coalesce(reduce(m = 0, r IN rows | CASE WHEN r.depth > m THEN r.depth ELSE m END), 0) AS maxDepth,
       size(leaves) AS leafCount,
       reduce(m = null, r IN leaves | CASE WHEN m IS NULL OR r.depth < m THEN r.depth ELSE m END) AS minLeafDepth,
       reduce(m = null, r IN leaves | CASE WHEN m IS NULL OR r.depth > m THEN r.depth ELSE m END) AS maxLeafDepth,
       meanChildren,
       CASE WHEN size(inner) = 0 THEN 0.0
            ELSE sqrt(reduce(t = 0.0, r IN inner | t + (r.children - meanChildren) ^ 2) / size(inner)) END
         AS childrenStdDev,
       [d IN range(1, reduce(m = 0, r IN rows | CASE WHEN r.depth > m THEN r.depth ELSE m END)) |
         {depth: d, sections: size([r IN rows WHERE r.depth = d])}] AS levels
