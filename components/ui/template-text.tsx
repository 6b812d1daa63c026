import { Fragment, type ReactNode } from 'react';

type TemplateTextProps = {
  /** Content text with {placeholders}, e.g. 'Call us on {phone}.' */
  text: string;
  /** What each placeholder shows: text or elements such as links. */
  values: Readonly<Record<string, ReactNode>>;
};

/**
 * A content sentence whose {placeholders} hold elements, such as links, so that editors keep the
 * whole sentence, its word order and its punctuation, in content.
 */
export function TemplateText({ text, values }: TemplateTextProps) {
  return text.split(/(\{\w+\})/).map((part) => {
    const name = /^\{(\w+)\}$/.exec(part)?.[1];
    if (name === undefined) return part;
    if (!(name in values)) throw new Error(`Unknown placeholder {${name}} in "${text}"`);
    return <Fragment key={name}>{values[name]}</Fragment>;
  });
}
