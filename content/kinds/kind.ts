/**
 * What a kind of field is made of, in one object, after Keystatic's field objects: the values it
 * holds (a zod schema, whose type is the type of its values), its rule beyond that schema, the
 * input the editing view offers for it, and how the page beside the form finds where it shows. A
 * kind is one module of this folder that calls `defineKind`, its name in ./index.ts's `FieldKind`
 * and its entry in ./index.ts's `KINDS`; every part is required, so that the compiler names any
 * part or place left out.
 */
import type { CountryCode } from 'libphonenumber-js/max';
import { z } from 'zod';
import type { Fix } from '../schema/text-rules';
import type { FieldKind } from '.';

/** A phone number read from content, as the content check reads it (lib/phone.ts). */
type PhoneNumberRead = {
  international: string;
  nationalNumber: string;
  countryCallingCode: string;
};

/**
 * What the content check gives a kind's rule: where the value is, what it may weigh it against
 * (the site's pages and their sections, the files in public/, its dialling rules, today), and how
 * to say what is wrong. The check (scripts/build/content-rules.ts) provides it, so that a kind
 * reads no files and knows no routes itself.
 */
export type KindCheck = {
  /** The field's path: its file's export name, then each key or index. */
  path: PropertyKey[];
  /** Refuses the value, in words, with the fix one click makes where there is one. */
  refuse(message: string, fix?: Fix): void;
  /** Notes a placeholder to replace before going live. */
  remind(message: string): void;
  /** When the check runs. */
  today: Date;
  /** The addresses of the site's pages: '/', '/south-africa'. */
  pages: readonly string[];
  /** The section ids a link may name on one of the site's pages, or none for another address. */
  sectionsOf(address: string): readonly string[] | undefined;
  /** Whether public/ holds a file at this address: '/images/hero.svg'. */
  isPublicFile(address: string): boolean;
  /** The media type every server sends a file of this address with, or none where one would not. */
  servedType(address: string): string | undefined;
  /** The extensions of the files every server sends as pictures: 'svg', 'png'. */
  pictureExtensions: readonly string[];
  /** A text as visitors read it, the bank's name and division filled in. */
  asRead(text: string): string;
  /** A phone number read as callers in `country` dial it, or with + alone when none. */
  readPhoneNumber(value: string, country?: CountryCode): PhoneNumberRead | undefined;
  /** The country a phone number at this path is read in: its line's, else the site's. */
  phoneCountry: CountryCode;
  /** Why a phone number is refused, with the international form as a fix where one exists. */
  phoneRefusal(value: string): [string, Fix?];
};

/**
 * How the editing view offers a field of the kind (editor/browser/form.tsx): one line, several
 * lines (where a line break shows), a number, or a choice among what the server read of the
 * project.
 */
export type KindInput = {
  input: 'line' | 'lines' | 'number' | 'choice';
  /** The type of a one-line input, which sets the keyboard a phone shows. */
  type?: 'text' | 'tel' | 'email';
  /** Whether a phone shows its keyboard of digits. */
  digits?: boolean;
  /** Whether the browser offers the site's pages as the field is typed (a link's address). */
  offersPages?: boolean;
  /** Whether the browser marks spelling slips: in words people read, not in codes and addresses. */
  spellcheck: boolean;
  /** The server's list a `choice` input offers: the time zones, or the pictures in public/. */
  choices?: 'timeZones' | 'images';
  /** What the field's badge says, for a field the check holds to more than its kind. */
  badge?: string;
};

/**
 * How the page beside the form finds where a field of the kind shows
 * (editor/browser/page-beside.tsx).
 */
export type KindOnPage<V> = {
  /**
   * Whether the page wraps the field's text in a span that a click selects: the texts visitors
   * read. The site compares, parses or formats the others (times, addresses, numbers), which a
   * span inside their value would change.
   */
  tagged: boolean;
  /**
   * Another value of the kind, which the site draws as it draws this one, so that the page finds
   * the field's place by what changes; null where the page shows nothing of the field.
   */
  variant: ((value: V) => V) | null;
};

/** A kind of field: its name, its values, its rule, its input and how the page shows it. */
export type Kind<K extends FieldKind, V> = {
  name: K;
  /**
   * The values of the kind: every field of the kind holds one, under its own rule too. Its type is
   * the type of the value the rule and the page's variant take (a year is a number).
   */
  value: z.ZodType<V>;
  /** The check's rule beyond the schema's, or null where the schema's own rule is the whole rule. */
  rule: ((value: V, check: KindCheck) => void) | null;
  input: KindInput;
  onPage: KindOnPage<V>;
};

/** Each field schema's kind, for the content check, the editing view and any other program. */
export const fieldKinds = z.registry<{ kind: FieldKind }>();

/**
 * A kind, and the function that marks a field schema with it: a copy of the schema marked in
 * `fieldKinds`, from which copies made (optional, extended) keep the mark. A field's schema must
 * hold values of the kind, which the compiler holds.
 */
export function defineKind<const K extends FieldKind, V>(kind: Kind<K, V>) {
  const mark = <T extends z.ZodType<V>>(schema: T): T => {
    const copy = schema.clone();
    fieldKinds.add(copy, { kind: kind.name });
    return copy;
  };
  return Object.assign(kind, { mark });
}

/** A text with one more letter, which any component shows as it shows the text. */
export const longer = (value: string) => `${value}x`;
