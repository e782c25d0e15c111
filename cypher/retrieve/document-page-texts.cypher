// The text of every page of these documents: re-embedding takes the pages' heads from it; the offline answer
// checks which of the question's words, numbers and names the document holds anywhere (a question naming what the
// document lacks is "Not answerable").
// Params: $docIds
// Returns: docId, pageNumber, text
UNWIND $docIds AS docId
MATCH (page:Page {docId: docId})
RETURN page.docId AS docId, page.number AS pageNumber, coalesce(page.text, '') AS text
ORDER BY docId, pageNumber
