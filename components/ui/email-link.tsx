import { Fragment } from 'react';
import styles from './email-link.module.css';

/**
 * An e-mail address that opens the visitor's mail program. On a narrow screen a long address breaks
 * only after the @ or before a dot (<wbr>), where a reader expects it to. Its accessible name is
 * the address alone, since Chromium would otherwise read each <wbr> as a space.
 */
export function EmailLink({ email }: { email: string }) {
  return (
    <a className={styles.root} href={`mailto:${email}`} aria-label={email}>
      {email.split(/(?<=@)|(?=\.)/).map((part, index) => (
        <Fragment key={index}>
          {index > 0 && <wbr />}
          {part}
        </Fragment>
      ))}
    </a>
  );
}
