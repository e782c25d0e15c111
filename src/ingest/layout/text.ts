// Text clean-up: joining lines (undoing end-of-line hyphenation), whitespace, and token-bounded splitting.

export type CountTokens = (text: string) => number;

export const DEFAULT_MAX_TOKENS = 480;

/** A word-based estimate: about 1.3 tokens per whitespace-separated word for English BPE tokenizers. */
export const estimateTokens: CountTokens = (text) => {
  const words = text.trim().split(/\s+/).filter(Boolean).length;
  return Math.ceil(words * 1.3);
};

export function normaliseWhitespace(text: string): string {
  return text
    .replace(/\u00ad/g, '')
    .replace(/[\u00a0\u2000-\u200a\u202f\u205f\u3000]/g, ' ')
    .replace(/[ \t\f\v]+/g, ' ')
    .trim();
}

/** Joins the lines of a paragraph; "infor-" + "mation" becomes "information". */
export function joinLines(lines: string[]): string {
  let out = '';
  for (const raw of lines) {
    const line = normaliseWhitespace(raw);
    if (!line) continue;
    if (!out) {
      out = line;
      continue;
    }
    // A hyphen after a letter at the end of a line, followed by a lowercase letter, is a word broken in two.
    if (/[A-Za-zÀ-ÿ]-$/.test(out) && /^[a-zà-ÿ]/.test(line)) out = out.slice(0, -1) + line;
    else if (/[\u00ad]$/.test(out)) out = out.slice(0, -1) + line;
    else out = `${out} ${line}`;
  }
  return out;
}

const SENTENCE_BOUNDARY = /(?<=[.!?…][)"'”’\]]?)\s+(?=[("'“‘[]?[A-Z0-9À-Ý])/;

/** Splits text into pieces of at most `maxTokens`, on sentence boundaries (then on words when a sentence is too long). */
export function splitByTokens(text: string, maxTokens: number, countTokens: CountTokens): string[] {
  if (countTokens(text) <= maxTokens) return [text];
  const sentences = text
    .split(SENTENCE_BOUNDARY)
    .flatMap((s) => (countTokens(s) > maxTokens ? splitWords(s, maxTokens, countTokens) : [s]));
  const pieces: string[] = [];
  let current = '';
  for (const sentence of sentences) {
    const candidate = current ? `${current} ${sentence}` : sentence;
    if (current && countTokens(candidate) > maxTokens) {
      pieces.push(current);
      current = sentence;
    } else {
      current = candidate;
    }
  }
  if (current) pieces.push(current);
  return pieces;
}

function splitWords(text: string, maxTokens: number, countTokens: CountTokens): string[] {
  const words = text.split(/\s+/).filter(Boolean);
  const pieces: string[] = [];
  let current: string[] = [];
  for (const word of words) {
    current.push(word);
    if (current.length > 1 && countTokens(current.join(' ')) > maxTokens) {
      current.pop();
      pieces.push(current.join(' '));
      current = [word];
    }
  }
  if (current.length) pieces.push(current.join(' '));
  return pieces;
}
