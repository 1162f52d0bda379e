import type { Image } from '@nomsan/contracts/catalog';

/**
 * A cover with its intrinsic size set (no layout shift), responsive renditions, its colour as
 * placeholder, and lazy loading unless it is in the first view.
 */
export function Cover({
  image,
  alt,
  sizes,
  eager = false,
  className = '',
}: {
  image: Image;
  alt: string;
  sizes: string;
  eager?: boolean;
  className?: string;
}) {
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
      srcSet={`${image.sm} 160w, ${image.md} 320w, ${image.lg} 640w`}
      sizes={sizes}
      width={320}
      height={Math.round(320 * ratio)}
      alt={alt}
      loading={eager ? 'eager' : 'lazy'}
      decoding="async"
      fetchPriority={eager ? 'high' : 'auto'}
      className={className}
      style={{ backgroundColor: image.color }}
    />
  );
}
