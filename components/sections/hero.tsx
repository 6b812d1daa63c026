import type { CountryPage } from '@/content/schema';
import styles from './hero.module.css';

type HeroProps = {
  /** The page's only <h1>. */
  title: string;
  image: CountryPage['hero'];
};

/** A wide banner: the page heading over a picture. */
export function Hero({ title, image }: HeroProps) {
  return (
    <div className={styles.root}>
      {/* eslint-disable-next-line @next/next/no-img-element -- next/image adds just inline styles */}
      <img
        className={styles.image}
        src={image.src}
        alt={image.alt}
        width={image.width}
        height={image.height}
        fetchPriority="high"
      />
      <div className={`${styles.inner} site-width`}>
        <h1 className={styles.title}>{title}</h1>
      </div>
    </div>
  );
}
