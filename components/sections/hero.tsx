import type { Image } from '@/content/schema';
import { photographOf } from '@/lib/photographs';
import styles from './hero.module.css';

type HeroProps = {
  /** The page's only <h1>. */
  heading: string;
  /** The picture behind it. */
  image: Image;
};

/** The hero's width on every screen: the whole window's. */
const HERO_SIZES = '100vw';

/** A wide banner: the page's only <h1>, over a picture. */
export function Hero({ heading, image }: HeroProps) {
  const photograph = photographOf(image.src);
  // A static export serves the file as it is, so next/image would add nothing but inline styles,
  // which the Content Security Policy would have to allow.
  const picture = (
    // eslint-disable-next-line @next/next/no-img-element -- see the comment above
    <img
      className={`${styles.image} site-no-print`}
      src={photograph?.src ?? image.src}
      srcSet={photograph?.srcset}
      sizes={photograph && HERO_SIZES}
      alt={image.alt}
      width={photograph?.width ?? image.width}
      height={photograph?.height ?? image.height}
      fetchPriority="high"
    />
  );
  return (
    <div className={styles.root}>
      {photograph ? (
        // Each browser takes the first format it draws, at the width its screen needs.
        <picture>
          {photograph.sources.map(({ type, srcset }) => (
            <source key={type} type={type} srcSet={srcset} sizes={HERO_SIZES} />
          ))}
          {picture}
        </picture>
      ) : (
        picture
      )}
      <div className={`${styles.inner} site-width`}>
        <h1 className={styles.title}>{heading}</h1>
      </div>
    </div>
  );
}
