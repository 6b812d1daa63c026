/**
 * The characters nobody sees on a page, and how the editing tools show each visibly (issue #52
 * owns this table; the editing service's change in words reads it, editor/change-words.ts).
 */

/** One character nobody sees: itself, its name in words, and what is shown in its place. */
export type InvisibleCharacter = { character: string; name: string; shown: string };

export const INVISIBLE_CHARACTERS: readonly InvisibleCharacter[] = [
  { character: '\u00a0', name: 'a no-break space', shown: '⟨no-break space⟩' },
  { character: '\u00ad', name: 'a soft hyphen', shown: '⟨soft hyphen⟩' },
  { character: '\u200b', name: 'a zero-width space', shown: '⟨zero-width space⟩' },
  { character: '\u200c', name: 'a zero-width non-joiner', shown: '⟨zero-width non-joiner⟩' },
  { character: '\u200d', name: 'a zero-width joiner', shown: '⟨zero-width joiner⟩' },
  { character: '\u2060', name: 'a word joiner', shown: '⟨word joiner⟩' },
  { character: '\u202f', name: 'a narrow no-break space', shown: '⟨narrow no-break space⟩' },
  { character: '\ufeff', name: 'a byte-order mark', shown: '⟨byte-order mark⟩' },
  { character: '\n', name: 'a line break', shown: '⟨line break⟩' },
];
