// Tests only: removes a document's element kind labels, as builds before migration 036 wrote elements.
// Params: $docId
// Returns: elements
MATCH (e:Element {docId: $docId})
REMOVE e:Heading:Paragraph:List:Table:Figure:Chart:Caption:Formula:Footnote:PageHeader:PageFooter
RETURN count(e) AS elements
