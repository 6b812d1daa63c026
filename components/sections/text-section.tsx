import type { ReactNode } from 'react';
import type { TextSection as TextSectionContent } from '@/content/schema';
import { Paragraphs } from '@/components/ui/paragraphs';
import styles from './text-section.module.css';

type TextSectionProps = TextSectionContent & {
  /** What each {slot} in the paragraphs shows. */
  values: Readonly<Record<string, ReactNode>>;
  /** 'plain' prose, or a 'note' set apart on a tinted panel (small print). */
  variant?: 'plain' | 'note';
};

/** A titled section of paragraphs, labelled by its heading. */
export function TextSection({ id, heading, paragraphs, values, variant }: TextSectionProps) {
  return (
    <section
      id={id}
      className={styles.root}
      data-variant={variant ?? 'plain'}
      aria-labelledby={`${id}-heading`}
    >
      <h2 id={`${id}-heading`} className={styles.heading}>
        {heading}
      </h2>
      <div className={styles.body}>
        <Paragraphs paragraphs={paragraphs} values={values} />
      </div>
    </section>
  );
}
