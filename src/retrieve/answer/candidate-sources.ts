import { captionTitleSource } from './caption-title-source';
import { dateSource } from './date-source';
import { differenceSource } from './difference-source';
import { choiceSource } from './choice-source';
import { colourSource } from './colour-source';
import { composedValuesSource } from './composed-values';
import { labelledItemsSource } from './labelled-items';
import { listCandidate } from './list-source';
import { metricSource } from './metric-source';
import { metricVerdictSource } from './metric-verdict-source';
import { respectiveSource } from './respective-source';
import { roleHolderSource } from './role-holder';
import { rosterCountSource } from './roster-count';
import { spanSource } from './span-source';
import { statedCountSource } from './stated-count';
import { superlativeSource } from './superlative-source';
import { tableCellSource } from './table-cell-source';
import { tableColumnCandidate } from './table-list-source';
import { tableRowsWhereSource } from './table-rows-where';
import { tableYearSource } from './table-years';
import type { CandidateSource } from './typed-answer';
import { yesNoCandidate } from './yes-no-source';

/**
 * The offline answer's candidate sources, in priority order: the first that finds a value of the kind asked for in
 * the evidence answers; the extractive sentence answers when none does (a yes/no question excepted: without an
 * element that states or denies its claim it is Not answerable). A new source is one entry here.
 */
export const CANDIDATE_SOURCES: ReadonlyArray<{ name: string; read: CandidateSource }> = [
  // a value named by its form (an e-mail, a phone number) or its place in a sequence: the question says exactly what
  { name: 'form-or-sequence-span', read: spanSource },
  // "what is the latest year in the table?": the table's own years, not a date a sentence prints
  { name: 'table-year', read: tableYearSource },
  // "what date is on the letter", "format the date as YYYY-MM-DD": any printed form, answered in the one asked
  { name: 'date', read: dateSource },
  // "what is the title of Figure 2?": its caption without the label
  { name: 'caption-title', read: captionTitleSource },
  // "what colour is the warning light?": a colour word in a sentence about it (else Not answerable)
  { name: 'colour', read: colourSource },
  // "which is larger, A or B?": before any source that would answer with one of the two values
  { name: 'choice', read: choiceSource },
  // "who is the CEO?", "which individual leads the programme?": the name printed beside the role, before any source
  // that answers a NAME with a table's row or a sentence
  { name: 'role-holder', read: roleHolderSource },
  // "which region grew most?": the row (or column) with the extreme value of the line the question names
  { name: 'table-superlative', read: superlativeSource },
  // "does it have positive working capital?": the metric computed, then read as yes or no
  { name: 'metric-verdict', read: metricVerdictSource },
  { name: 'statement-metric', read: metricSource },
  { name: 'two-value-arithmetic', read: differenceSource },
  // the same arithmetic over values printed apart (a note's sentence and a statement's cell)
  { name: 'two-values-read-apart', read: composedValuesSource },
  // "advertising expenses were $714.3 million, $533.1 million and … for 2015, 2014 and 2013, respectively"
  { name: 'respective-value', read: respectiveSource },
  { name: 'table-cell', read: tableCellSource },
  // "how many parts have the prefix N": the table rows whose cell under the named column holds the value
  { name: 'table-rows-where', read: tableRowsWhereSource },
  // "how many authors are from Lakeside University": the roster's "Ann Reyes, Lakeside University" entries
  { name: 'roster-count', read: rosterCountSource },
  // "how many datasets" answered by the evidence's own "nine datasets"
  { name: 'stated-count', read: statedCountSource },
  // "how many quizzes" counted from the items that open with the noun: "Quiz #1 …", "Quiz #2 …"
  { name: 'labelled-items', read: labelledItemsSource },
  { name: 'list', read: listCandidate },
  { name: 'table-column', read: tableColumnCandidate },
  { name: 'yes-no', read: yesNoCandidate },
];
