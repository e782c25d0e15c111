// The pages holding the figures and tables a question names ("Figure 3", "Table 2"), found by their captions: for
// each label, the page of the element whose text opens with it. A caption element opening with the label counts, and
// so does any paragraph or heading opening with the label and a colon or full stop ("Figure 3: Results"), as layout
// sometimes misses a caption; such a numbered title is preferred to a caption that only opens with the words
// ("Figure 7 shows the interface"), which is most often a sentence that mentions the figure. The contents list is
// such a label too: its title ("Table of Contents") is the heading or paragraph its page opens with.
// Only a READY document is read (a document being written cites nothing).
// Params: $docId, $labels
// Returns: label, pageNumber
MATCH (d:Document {id: $docId})
WHERE d.status = 'READY'
UNWIND $labels AS label
CALL (label) {
  MATCH (e:Element {docId: $docId})
  WHERE e.kind IN ['caption', 'paragraph', 'heading']
    AND (e.text =~ label.titled OR (e.kind = 'caption' AND e.text =~ label.opening))
  RETURN e.pageNumber AS pageNumber
  ORDER BY CASE WHEN e.text =~ label.titled THEN 0 ELSE 1 END, CASE WHEN e.kind = 'caption' THEN 0 ELSE 1 END,
           e.pageNumber
  LIMIT 1
}
RETURN label.name AS label, pageNumber
