import { Fragment, type ReactNode } from 'react';
import type { Paragraph } from '@/content/schema';
import { TemplateText } from './template-text';

type ParagraphsProps = {
  paragraphs: ReadonlyArray<Paragraph>;
  /** What each {slot} in their texts shows. */
  values?: Readonly<Record<string, ReactNode>>;
};

/** Paragraphs as written in content, each a <p> with its links and slots. */
export function Paragraphs({ paragraphs, values = {} }: ParagraphsProps) {
  // Content is static, so a paragraph's or a part's position is a stable identity for React's key.
  return paragraphs.map((paragraph, paragraphIndex) => (
    <p key={paragraphIndex}>
      {/* A paragraph is either one text, or texts and links in reading order. */}
      {(typeof paragraph === 'string' ? [paragraph] : paragraph).map((part, partIndex) => (
        <Fragment key={partIndex}>
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
