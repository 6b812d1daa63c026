import { Fragment, type ReactNode } from 'react';
import { PLACEHOLDER } from '@/lib/template';

type TemplateTextProps = { text: string; values: Readonly<Record<string, ReactNode>> };

/** A content sentence whose {placeholders} hold elements (links), so editors keep the whole sentence. */
export function TemplateText({ text, values }: TemplateTextProps) {
  // Split on placeholders, the texts between are at even places and the names at odd ones.
  return text.split(PLACEHOLDER).map((part, at) => {
    if (at % 2 === 0) return part;
    if (!(part in values)) throw new Error(`Unknown placeholder {${part}} in "${text}"`);
    return <Fragment key={at}>{values[part]}</Fragment>;
  });
}
