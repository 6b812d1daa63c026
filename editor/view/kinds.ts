/**
 * Each kind of field as the editing view handles it, in one place: the input it is typed in, the
 * choices it offers, whether the page beside the form tags its text (so that a click on the text
 * selects the field), the badge it wears, and another value of its kind, which the page beside the
 * form draws in its place to find where the page shows the field (what changes is the field's).
 * The kinds themselves, and their rules, are the content schema's (content/schema/field-kinds.ts,
 * scripts/build/content-rules.ts): a new kind needs its entry here, which TypeScript asks for, and
 * nothing else of the view.
 */
import type { FieldKind } from '../../content/schema';
import type { Model } from './api';

/** A field's kind as the view knows it: a kind of the schema's, or "text", a field with no kind. */
export type ViewKind = FieldKind | 'text';

export type KindEntry = {
  /**
   * How the field is typed: one line, several lines (where a line break shows), a number, or a
   * choice among `choices`.
   */
  input: 'line' | 'lines' | 'number' | 'choice';
  /** The type of a one-line input, which sets the keyboard a phone shows. */
  type?: 'text' | 'tel' | 'email';
  /** Whether a phone shows its keyboard of digits. */
  digits?: boolean;
  /** Whether the browser offers the site's pages as the field is typed (a link's address). */
  offersPages?: boolean;
  /** Whether the browser marks spelling slips: in words people read, not in codes and addresses. */
  spellcheck: boolean;
  /** The choices a `choice` input offers, from what the server read of the project. */
  choices?: (choices: Model['choices']) => string[];
  /**
   * Whether the page beside the form wraps the field's text in a span that a click selects: the
   * texts visitors read. The site compares, parses or formats the others (times, addresses,
   * numbers), which a span inside their value would change.
   */
  tagged: boolean;
  /** What the field's badge says, for a field the check holds to more than its kind. */
  badge?: string;
  /**
   * Another value of the kind, which the site draws as it draws this one, for the page beside the
   * form to find the field's place on the page by what changes; none where the page shows nothing
   * of the field.
   */
  variant?: (value: unknown) => unknown;
};

/** A text with one more letter, which any component shows as it shows the text. */
const longer = (value: unknown) => `${String(value)}x`;

export const KINDS = {
  text: { input: 'line', spellcheck: true, tagged: true, variant: longer },
  multilineText: { input: 'lines', spellcheck: true, tagged: true, variant: longer },
  description: { input: 'lines', spellcheck: true, tagged: true, variant: longer },
  statutoryText: {
    input: 'lines',
    spellcheck: true,
    tagged: true,
    badge: 'Statutory wording: the check holds its words',
    variant: longer,
  },
  code: { input: 'line', spellcheck: false, tagged: false, variant: longer },
  time: {
    input: 'line',
    digits: true,
    spellcheck: false,
    tagged: false,
    // An hour later, as the site reads a time: '09:00' is drawn as '10:00'.
    variant: (value) =>
      String(value).replace(/^\d\d/, (hour) => String((Number(hour) + 1) % 24).padStart(2, '0')),
  },
  timeZone: {
    input: 'choice',
    spellcheck: false,
    tagged: false,
    choices: (choices) => choices.timeZones,
    variant: (value) => (value === 'UTC' ? 'Europe/London' : 'UTC'),
  },
  link: { input: 'line', offersPages: true, spellcheck: false, tagged: false, variant: longer },
  missingPage: { input: 'line', spellcheck: false, tagged: false, variant: longer },
  phoneNumber: {
    input: 'line',
    type: 'tel',
    spellcheck: false,
    tagged: false,
    // The last digit one more, which the site formats and links as it does the number.
    variant: (value) =>
      String(value).replace(/\d(?=\D*$)/, (digit) => String((Number(digit) + 1) % 10)),
  },
  emailAddress: {
    input: 'line',
    type: 'email',
    spellcheck: false,
    tagged: false,
    variant: (value) => `x${String(value)}`,
  },
  siteAddress: { input: 'line', spellcheck: false, tagged: false },
  securityContact: { input: 'line', spellcheck: false, tagged: false, variant: longer },
  year: {
    input: 'number',
    digits: true,
    spellcheck: false,
    tagged: false,
    variant: (value) => Number(value) + 1,
  },
  image: {
    input: 'choice',
    spellcheck: false,
    tagged: false,
    choices: (choices) => choices.images,
    variant: longer,
  },
  registrationNumber: {
    input: 'line',
    digits: true,
    spellcheck: false,
    tagged: false,
    variant: longer,
  },
  expiry: { input: 'line', spellcheck: false, tagged: false },
} as const satisfies Record<ViewKind, KindEntry>;

/** A field's entry: its kind's, a number's for a number without one, text's for the rest. */
export function kindOf(kind: FieldKind | undefined, type: string | undefined): KindEntry {
  if (kind) return KINDS[kind];
  if (type === 'integer' || type === 'number')
    return { ...KINDS.text, input: 'number', spellcheck: false, tagged: false, digits: true };
  return KINDS.text;
}
