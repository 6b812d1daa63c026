import type { ReactNode } from 'react';
import styles from './status-panel.module.css';

type StatusPanelProps = {
  /** Lines of the page's <h1>, shown one under the other and read as one heading. */
  headingLines: ReadonlyArray<string>;
  /** The sentence under the heading. */
  message: string;
  /** The ways on: button links. */
  actions: ReactNode;
  /** Small print under the actions, such as a help line. */
  aside?: ReactNode;
};

/**
 * The body of a status page (an error or a missing page): the heading, a message, and the ways on,
 * so that a visitor who reached a dead end always has somewhere to go.
 */
export function StatusPanel({ headingLines, message, actions, aside }: StatusPanelProps) {
  return (
    <div className={`${styles.root} site-width`}>
      <h1 className={styles.heading}>
        {headingLines.map((line, index) => (
          <span key={line} className={styles.line}>
            {index > 0 && ' '}
            {line}
          </span>
        ))}
      </h1>
      <p className={styles.message}>{message}</p>
      <div className={styles.actions}>{actions}</div>
      {aside && <div className={styles.aside}>{aside}</div>}
    </div>
  );
}
