import type { Image } from '@/content/schema';
import styles from './hero.module.css';

type HeroProps = {
  /** The page's only <h1>. */
  heading: string;
  /** The picture behind it. */
  image: Image;
};

/** A wide banner: the page's only <h1>, over a picture. */
export function Hero({ heading, image }: HeroProps) {
  return (
    <div className={styles.root}>
      {/* A static export serves the file as it is, so next/image would add nothing but inline
          styles, which the Content Security Policy would have to allow. */}
      {/* eslint-disable-next-line @next/next/no-img-element -- see the comment above */}
      <img
        className={`${styles.image} site-no-print`}
        src={image.src}
        alt={image.alt}
        width={image.width}
        height={image.height}
        fetchPriority="high"
      />
      <div className={`${styles.inner} site-width`}>
        <h1 className={styles.title}>{heading}</h1>
      </div>
    </div>
  );
}
