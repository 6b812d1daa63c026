/**
 * The kinds of text people read on the site, each with the length it reads best in: a heading, the
 * words of a button or a link, a line, a paragraph, a picture's description… Every text field of
 * the schema is of one kind (readableText in ./text-rules.ts marks it), so that the content check
 * warns of a text longer than its kind's length, and of an emoji in a heading, and the editing view
 * counts the letters down as the editor types. A length is a recommendation, never a refusal, but
 * for a description, which search results cut (content/kinds/description.ts). It imports only zod's registry, so
 * that the editing view reads it in the browser.
 */
import { z } from 'zod';

/** A kind of text, by what it is on the page. */
export type TextKind =
  | 'heading'
  | 'label'
  | 'line'
  | 'paragraph'
  | 'pictureDescription'
  | 'searchDescription'
  | 'statutory'
  | 'letter';

export type TextKindEntry = {
  /** The kind in an editor's words, as the counter and the warning name it. */
  words: string;
  /**
   * The most letters it reads well in, counted as a visitor sees them (the bank's name filled in
   * for {name}); none for words the regulations set.
   */
  recommended?: number;
  /** Why that length, as the warning says it. */
  because?: string;
  /** Whether an emoji is warned of: in a heading, where screen readers read its name aloud. */
  noEmoji?: boolean;
  /** Whether its line breaks show: a text of several lines. */
  lines?: boolean;
};

export const TEXT_KINDS: Record<TextKind, TextKindEntry> = {
  heading: {
    words: 'a heading or a title',
    recommended: 60,
    because: 'a longer one wraps onto three lines or more on a phone, and is cut in search results',
    noEmoji: true,
  },
  label: {
    words: 'the words of a button, link, menu or name',
    recommended: 40,
    because: 'a longer one wraps inside its button or menu on a phone',
  },
  line: {
    words: 'a line of text',
    recommended: 200,
    because: 'a longer one is hard to read in one go: make it two sentences, or a paragraph',
  },
  paragraph: {
    words: 'a paragraph',
    recommended: 400,
    because: 'a longer one is a wall of text on a phone: split it in two',
  },
  pictureDescription: {
    words: "a picture's description",
    recommended: 150,
    because: 'screen readers read it in one go, and cannot go back over part of it',
  },
  searchDescription: {
    words: 'a description for search results',
    recommended: 160,
    because: 'search results cut what is longer',
  },
  statutory: { words: 'statutory wording' },
  letter: {
    words: "an e-mail's text",
    recommended: 1000,
    because: 'a visitor completes it before sending it',
    lines: true,
  },
};

/** Each text field's kind, for the content check and the editing view (JSON Schema's `x-text`). */
export const textKinds = z.registry<{ text: TextKind }>();

/**
 * How many letters a visitor sees in a text: each grapheme counts once, so that an accented letter
 * or an emoji made of several code points is one, as the eye counts it.
 */
export const visibleLength = (text: string) =>
  [...new Intl.Segmenter('en', { granularity: 'grapheme' }).segment(text)].length;

/**
 * An emoji as a picture: a character drawn as an emoji by default, or any pictograph followed by
 * the selector that asks for its emoji form. A © or ™ written plainly is no emoji.
 */
const EMOJI =
  /(?:\p{Emoji_Presentation}|\p{Extended_Pictographic}\uFE0F)(?:\p{Emoji_Modifier}|\uFE0F|\u200D\p{Extended_Pictographic}\uFE0F?|[\u{E0020}-\u{E007F}])*/gu;

/** The emoji of a text, in order. */
export const emojiIn = (text: string) => text.match(EMOJI) ?? [];

/** A text without its emoji, and without the spaces they leave at its ends or in a row. */
export const withoutEmoji = (text: string) => text.replace(EMOJI, '').replace(/ {2,}/g, ' ').trim();
