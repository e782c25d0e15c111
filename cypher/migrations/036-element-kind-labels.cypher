// Gives every Element its kind as a secondary label, in PascalCase (:Element:Table, :Element:PageHeader), which
// Browser styles by and Cypher readers match on: elements written before ingest set it get it here. Runs on every
// start (builds without the label may still write), touching only elements that lack a kind label.
// Params: none
// Returns: nothing
MATCH (e:Element)
WHERE e.kind IS NOT NULL
  AND NOT (e:Heading OR e:Paragraph OR e:List OR e:Table OR e:Figure OR e:Chart OR e:Caption OR e:Formula
           OR e:Footnote OR e:PageHeader OR e:PageFooter)
CALL (e) {
  SET e:$(reduce(label = '', w IN split(e.kind, '-') | label + toUpper(left(w, 1)) + substring(w, 1)))
} IN TRANSACTIONS OF 5000 ROWS
