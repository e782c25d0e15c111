// The pages of the financial statements a question names (src/retrieve/financial-statements.ts): a page holding a
// table (or a grid of figures laid out as a chart) and a heading, caption or short paragraph whose whole text is
// the statement's printed title ("CONSOLIDATED BALANCE SHEETS (In millions)"). Titles are short, so longer texts
// are not matched at all. Only READY documents.
// Params: $docIds, $titlePattern
// Returns: docId, pageNumber
UNWIND $docIds AS docId
MATCH (:Document {id: docId, status: 'READY'})
MATCH (title:Element {docId: docId})
WHERE title.kind IN ['heading', 'caption', 'paragraph'] AND size(title.text) <= 160 AND title.text =~ $titlePattern
  AND EXISTS { MATCH (grid:Element {docId: docId, pageNumber: title.pageNumber}) WHERE grid.kind IN ['table', 'chart'] }
RETURN DISTINCT docId, title.pageNumber AS pageNumber
ORDER BY docId, pageNumber
