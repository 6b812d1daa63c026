import type { RichText as RichTextContent } from '@/content/types';
import { RichText } from '@/components/ui/rich-text';
import styles from './text-section.module.css';

type TextSectionProps = {
  id: string;
  heading: string;
  paragraphs: ReadonlyArray<RichTextContent>;
  /** 'plain' prose, or a 'note' set apart on a tinted panel (small print). */
  tone?: 'plain' | 'note';
};

/** A titled section of paragraphs, labelled by its heading. */
export function TextSection({ id, heading, paragraphs, tone = 'plain' }: TextSectionProps) {
  const headingId = `${id}-heading`;
  return (
    <section id={id} className={styles.root} data-tone={tone} aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.heading}>
        {heading}
      </h2>
      <div className={styles.body}>
        {paragraphs.map((paragraph) => (
          <p key={paragraph.map((part) => (typeof part === 'string' ? part : part.label)).join('')}>
            <RichText parts={paragraph} />
          </p>
        ))}
      </div>
    </section>
  );
}
