// Headings: larger or bolder than the body text, short, often numbered ("3.2 Results", "Chapter 4", "Appendix B").

export interface HeadingCandidate {
  text: string;
  fontSize: number;
  bold: boolean;
  lineCount: number;
}

const NUMBERED = /^(\d{1,2}(?:\.\d{1,2}){0,4})\.?\s+\p{Lu}/u;
/** "Chapter 4", "PART II", "part ii", "Part A"; no `i` flag: it would read "Part a fee" and "Part civil" as labels. */
const CHAPTER = /^(CHAPTER|[Cc]hapter|PART|[Pp]art)\s+([0-9]+|[IVXLC]+|[ivx]+|[A-Z])\b/;
const APPENDIX = /^(APPENDIX|[Aa]ppendix|ANNEX|[Aa]nnex)\s+([A-Z]|\d+)\b/;
const ROMAN = /^([IVX]{1,5})\.\s+\p{Lu}/u;

/** The heading level implied by the numbering, or null when the text is not numbered. */
export function numberingLevel(text: string): number | null {
  if (CHAPTER.test(text) || APPENDIX.test(text)) return 1;
  const m = NUMBERED.exec(text);
  if (m?.[1]) return m[1].split('.').length;
  if (ROMAN.test(text)) return 1;
  return null;
}

/** The label a heading can be referred to by: "3.2", "B", "4". */
export function headingNumber(title: string): string | null {
  const chapter = CHAPTER.exec(title) ?? APPENDIX.exec(title);
  if (chapter?.[2]) return chapter[2];
  const m = /^(\d{1,2}(?:\.\d{1,2}){0,4}|[A-Z](?:\.\d{1,2})*)\.?\s/.exec(title);
  return m?.[1] ?? null;
}

/** An SEC form's item line set in capitals: "ITEM 2. MANAGEMENT'S DISCUSSION AND ANALYSIS OF …". */
const FORM_ITEM = /^ITEM\s+\d{1,2}[A-C]?\.\s+[^\p{Ll}]+$/u;

export function isHeading(candidate: HeadingCandidate, bodyFontSize: number): boolean {
  const text = candidate.text.trim();
  const words = text.split(/\s+/).length;
  // Long for a heading, but a form's item titles run to two lines in body-size capitals.
  if (
    FORM_ITEM.test(text) &&
    words <= 30 &&
    candidate.lineCount <= 3 &&
    candidate.fontSize >= bodyFontSize * 0.95
  )
    return true;
  if (!text || words > 18 || candidate.lineCount > 3 || text.length > 160) return false;
  if (!/\p{L}/u.test(text)) return false;
  if (/^[\p{Ll}]/u.test(text) && !CHAPTER.test(text)) return false;
  // "(In millions, except per share data)", "(Unaudited)", "(continued)": a note on what follows, not its title.
  if (text.startsWith('(')) return false;
  const endsLikeSentence = /[.,;:]$/.test(text) && !/^\d+(\.\d+)*\.?\s/.test(text);
  const larger = candidate.fontSize >= bodyFontSize * 1.15;
  const numbered = numberingLevel(text) !== null;
  if (larger && !endsLikeSentence) return true;
  if (candidate.bold && candidate.fontSize >= bodyFontSize * 0.95 && !endsLikeSentence && words <= 14)
    return true;
  // Numbered, short and not a sentence: "2.1 Data". Must not be a list item like "1. Buy milk." (ends with '.').
  if (
    numbered &&
    words <= 10 &&
    !endsLikeSentence &&
    candidate.fontSize >= bodyFontSize * 0.95 &&
    candidate.bold
  )
    return true;
  // A single short numbered line in Title Case ("2 Related Work") is a heading even in a regular-weight font.
  if (
    numbered &&
    candidate.lineCount === 1 &&
    words <= 8 &&
    !endsLikeSentence &&
    candidate.fontSize >= bodyFontSize * 0.95 &&
    /^\d+(\.\d+)*\.?\s+\p{Lu}\S*(\s+(\p{Lu}\S*|of|and|the|for|in|on|with|to|a|an|v\.s\.|vs\.?)){0,7}$/u.test(
      text,
    )
  )
    return true;
  return numbered && (CHAPTER.test(text) || APPENDIX.test(text)) && words <= 10 && !endsLikeSentence;
}

export interface HeadingLevelOptions {
  /** Sizes within this relative difference of the next larger size share its level (default 0: exact sizes). */
  sizeTolerance?: number;
}

/** Maps each distinct heading font size (largest first) to a level; numbering, when present, wins. */
export function headingLevels(
  candidates: HeadingCandidate[],
  options: HeadingLevelOptions = {},
): (candidate: HeadingCandidate) => number {
  const tolerance = options.sizeTolerance ?? 0;
  const sizes = [...new Set(candidates.map((c) => Math.round(c.fontSize)))].sort((a, b) => b - a);
  // Level boundaries: a size starts a new level when it is more than `tolerance` below the previous level's top.
  const tops: number[] = [];
  for (const size of sizes) {
    const top = tops[tops.length - 1];
    if (top === undefined || size < top * (1 - tolerance)) tops.push(size);
  }
  return (candidate) => {
    const numbered = numberingLevel(candidate.text.trim());
    if (numbered !== null) return Math.min(numbered, 6);
    const size = Math.round(candidate.fontSize);
    let rank = tops.length;
    for (let k = tops.length - 1; k >= 0; k--) {
      if (size >= (tops[k] ?? 0) * (1 - tolerance) - 1e-9) rank = k;
    }
    return Math.min(6, rank + 1);
  };
}
