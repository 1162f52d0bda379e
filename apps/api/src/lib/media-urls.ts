import type { Image } from '@nomsan/contracts/catalog';

/** Cover renditions the demo generator and the media pipeline write: `{key}-{width}.webp`. */
const WIDTHS = { sm: 160, md: 320, lg: 640 } as const;

export function coverImage(mediaBaseUrl: string, key: string | null, color: string, shape: 'book' | 'square'): Image {
  const ratio = shape === 'book' ? 1.5 : 1;
  const url = (width: number) => (key ? `${mediaBaseUrl}/covers/${key}-${width}.webp` : '');
  return {
    color,
    width: WIDTHS.lg,
    height: Math.round(WIDTHS.lg * ratio),
    sm: url(WIDTHS.sm),
    md: url(WIDTHS.md),
    lg: url(WIDTHS.lg),
  };
}
