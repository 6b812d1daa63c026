import { Fragment, type ReactNode } from 'react';
import type { Paragraph } from '@/content/schema';
import { TemplateText } from './template-text';

type RichTextProps = {
  /** A content paragraph: a text, or texts and links in reading order. */
  paragraph: Paragraph;
  /** What each {placeholder} in its texts shows. */
  values?: Readonly<Record<string, ReactNode>>;
};

/** A paragraph as written in content, with its links and placeholders. */
export function RichText({ paragraph, values = {} }: RichTextProps) {
  const parts = typeof paragraph === 'string' ? [paragraph] : paragraph;
  return parts.map((part, index) => (
    // Content is static: a part's position is its identity.
    <Fragment key={index}>
      {typeof part === 'string' ? (
        <TemplateText text={part} values={values} />
      ) : (
        <a href={part.href}>{part.label}</a>
      )}
    </Fragment>
  ));
}
