import { Fragment, type ReactNode } from 'react';
import { SLOT } from '@/lib/template';

type TemplateTextProps = {
  /** Content text with {slots}, e.g. 'Call us on {phone}.' */
  text: string;
  /** What each slot shows: text, or elements such as links. */
  values: Readonly<Record<string, ReactNode>>;
};

/**
 * A content sentence whose {slots} hold elements, such as links, so that editors keep the
 * whole sentence, its word order and its punctuation, in content.
 */
export function TemplateText({ text, values }: TemplateTextProps) {
  // Splitting on a pattern with a capture group keeps the captured names: the texts between the
  // placeholders are at even indexes and the placeholders' names at odd ones.
  return text.split(SLOT).map((part, index) => {
    if (index % 2 === 0) return part;
    // An unknown slot stops the build instead of reaching a visitor as '{nmae}'.
    if (!(part in values)) throw new Error(`Unknown slot {${part}} in "${text}"`);
    return <Fragment key={index}>{values[part]}</Fragment>;
  });
}
