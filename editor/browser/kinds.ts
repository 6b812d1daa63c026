/**
 * A field's kind as the editing view handles it: the input, the badge and how the page beside
 * finds it are the kind's own module's (content/kinds/), read here by the kind the JSON Schema
 * marks (`x-kind`); a field with no kind is one line of text, or a number.
 */
import { KINDS, type FieldKind, type KindInput } from '../../content/kinds';
import type { Model } from './api';

/** What the view does with a field: how it is typed, and how the page beside finds it. */
export type KindEntry = KindInput & {
  /** Whether the page beside wraps the field's text in a span that a click selects. */
  tagged: boolean;
  /** Another value of the kind, which the page draws as it draws this one; none where it shows none. */
  variant: ((value: unknown) => unknown) | null;
};

/** A text with one more letter, which any component shows as it shows the text. */
const longer = (value: unknown) => `${String(value)}x`;

/** A field with no kind: a line of text, which visitors read. */
const TEXT: KindEntry = { input: 'line', spellcheck: true, tagged: true, variant: longer };
/** A number with no kind. */
const NUMBER: KindEntry = {
  input: 'number',
  digits: true,
  spellcheck: false,
  tagged: false,
  variant: (value) => Number(value) + 1,
};

/** A field's entry: its kind's, a number's for a number without one, text's for the rest. */
export function kindOf(kind: FieldKind | undefined, type: string | undefined): KindEntry {
  // The form writes a value of the field's type (a text, or a number for a number's input), so
  // the page's variant takes what the field holds.
  if (kind)
    return {
      ...KINDS[kind].input,
      ...(KINDS[kind].onPage as Pick<KindEntry, 'tagged' | 'variant'>),
    };
  return type === 'integer' || type === 'number' ? NUMBER : TEXT;
}

/** The choices a `choice` input offers, from what the server read of the project. */
export const choicesOf = (entry: KindEntry, choices: Model['choices']) =>
  entry.choices && choices[entry.choices];
