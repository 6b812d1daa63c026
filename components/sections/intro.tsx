import type { ReactNode } from 'react';
import type { Paragraph } from '@/content/schema';
import { Paragraphs } from '@/components/ui/paragraphs';
import styles from './intro.module.css';

type IntroProps = {
  paragraphs: ReadonlyArray<Paragraph>;
  /** What each {placeholder} in the paragraphs shows. */
  values: Readonly<Record<string, ReactNode>>;
};

/** The opening paragraphs of a page, set larger than body text. */
export function Intro({ paragraphs, values }: IntroProps) {
  return (
    <div className={styles.root}>
      <Paragraphs paragraphs={paragraphs} values={values} />
    </div>
  );
}
