// CTC greedy decoding for the PaddleOCR recogniser: class 0 is the blank, class i is dictionary[i - 1].

export interface DecodedText {
  text: string;
  /** Mean of the winning probabilities of the characters kept; 0 when nothing was read. */
  confidence: number;
}

export interface CtcDecodeOptions {
  /** Index of the first step's first probability in the buffer (for batched output). */
  offset?: number;
  /**
   * The PP-OCR Chinese models often let the blank win the gap between tightly set Latin words while the space
   * class still rises well above its in-word level; a blank step whose space probability reaches this counts as
   * a space. 1 disables the rule (plain greedy decoding).
   */
  spaceThreshold?: number;
}

/**
 * Parses a PaddleOCR key file (one character per line) and appends the space class the models are trained with
 * (`use_space_char: true`).
 */
export function parseCharacterDictionary(keyFileText: string): string[] {
  const characters = keyFileText.split('\n').map((line) => line.replace(/\r$/, ''));
  if (characters.at(-1) === '') characters.pop();
  return [...characters, ' '];
}

/**
 * Decodes one sequence of per-step class probabilities, stored row-major as `steps × classes`.
 * Repeated classes collapse, blanks drop out.
 */
export function ctcGreedyDecode(
  probabilities: ArrayLike<number>,
  steps: number,
  classes: number,
  dictionary: readonly string[],
  options: CtcDecodeOptions = {},
): DecodedText {
  const { offset = 0, spaceThreshold = 1 } = options;
  const spaceClass = dictionary.lastIndexOf(' ') + 1; // 0 when the dictionary has no space
  let text = '';
  let probabilitySum = 0;
  let kept = 0;
  let previous = -1;
  let pendingSpace = false;
  for (let step = 0; step < steps; step++) {
    const rowStart = offset + step * classes;
    let best = 0;
    let bestProbability = -Infinity;
    for (let cls = 0; cls < classes; cls++) {
      const p = probabilities[rowStart + cls] ?? -Infinity;
      if (p > bestProbability) {
        bestProbability = p;
        best = cls;
      }
    }
    if (best === 0) {
      if (spaceClass > 0 && (probabilities[rowStart + spaceClass] ?? 0) >= spaceThreshold)
        pendingSpace = true;
    } else if (best !== previous) {
      const character = dictionary[best - 1] ?? '';
      if (pendingSpace && best !== spaceClass && text.length > 0 && !text.endsWith(' ')) text += ' ';
      text += character;
      probabilitySum += bestProbability;
      kept++;
    }
    if (best !== 0) pendingSpace = false;
    previous = best;
  }
  return { text, confidence: kept > 0 ? probabilitySum / kept : 0 };
}
