import styles from './intro.module.css';

/** The opening paragraphs of a page, set larger than body text. */
export function Intro({ paragraphs }: { paragraphs: ReadonlyArray<string> }) {
  return (
    <div className={styles.root}>
      {paragraphs.map((paragraph) => (
        <p key={paragraph}>{paragraph}</p>
      ))}
    </div>
  );
}
