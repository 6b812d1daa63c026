import type { Content } from '@/content/schema';
import styles from './hero.module.css';

/** A wide banner: the page's only <h1>, over a picture. */
export function Hero({ title, hero }: Pick<Content['southAfrica'], 'title' | 'hero'>) {
  return (
    <div className={styles.root}>
      {/* A static export serves the file as it is, so next/image would add nothing but inline
          styles, which the Content Security Policy would have to allow. */}
      {/* eslint-disable-next-line @next/next/no-img-element -- see the comment above */}
      <img
        className={`${styles.image} site-no-print`}
        src={hero.src}
        alt={hero.alt}
        width={hero.width}
        height={hero.height}
        fetchPriority="high"
      />
      <div className={`${styles.inner} site-width`}>
        <h1 className={styles.title}>{title}</h1>
      </div>
    </div>
  );
}
