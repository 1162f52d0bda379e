import { preload } from 'react-dom';
import type { Image } from '@nomsan/contracts/catalog';

/**
 * A cover with its intrinsic size set (no layout shift), responsive renditions, its colour as
 * placeholder, and lazy loading unless it is in the first view. The one cover that is the
 * page's largest paint is `priority`: announced in the head (React hoists the preload above the
 * scripts) and fetched first.
 */
export function Cover({
  image,
  alt,
  sizes,
  eager = false,
  priority = false,
  className = '',
}: {
  image: Image;
  alt: string;
  sizes: string;
  eager?: boolean;
  priority?: boolean;
  className?: string;
}) {
  const srcSet = `${image.sm} 160w, ${image.md} 320w, ${image.lg} 640w`;
  if (priority && image.md)
    preload(image.md, { as: 'image', imageSrcSet: srcSet, imageSizes: sizes, fetchPriority: 'high' });
  const ratio = image.height / image.width;
  if (!image.md) {
    return (
      <div
        role="img"
        aria-label={alt}
        className={className}
        style={{ backgroundColor: image.color, aspectRatio: `${image.width} / ${image.height}` }}
      />
    );
  }
  return (
    <img
      src={image.md}
      srcSet={srcSet}
      sizes={sizes}
      width={320}
      height={Math.round(320 * ratio)}
      alt={alt}
      loading={eager || priority ? 'eager' : 'lazy'}
      decoding={priority ? 'sync' : 'async'}
      // React preloads every image not lazy or low in the head, ahead of the stylesheet and the
      // scripts: only the largest paint's cover is worth that; the other first-view covers
      // load right after, at low priority, without a preload of their own.
      fetchPriority={priority ? 'high' : eager ? 'low' : 'auto'}
      className={className}
      style={{ backgroundColor: image.color }}
    />
  );
}
