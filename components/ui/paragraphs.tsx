import { Fragment, type ReactNode } from 'react';
import type { Paragraph } from '@/content/schema';
import { TemplateText } from './template-text';

type ParagraphsProps = {
  paragraphs: ReadonlyArray<Paragraph>;
  /** What each {placeholder} in their texts shows. */
  values?: Readonly<Record<string, ReactNode>>;
};

/** Paragraphs as written in content, each a <p> with its links and placeholders. */
export function Paragraphs({ paragraphs, values = {} }: ParagraphsProps) {
  // Content is static: a paragraph's or a part's position is its identity.
  return paragraphs.map((paragraph, index) => (
    <p key={index}>
      {(typeof paragraph === 'string' ? [paragraph] : paragraph).map((part, at) => (
        <Fragment key={at}>
          {typeof part === 'string' ? (
            <TemplateText text={part} values={values} />
          ) : (
            <a href={part.href}>{part.label}</a>
          )}
        </Fragment>
      ))}
    </p>
  ));
}
