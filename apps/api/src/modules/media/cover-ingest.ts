import { createHash } from 'node:crypto';
import sharp, { type Sharp } from 'sharp';
import { mn } from '@nomsan/contracts/messages';
import { AppError } from '../../errors';
import type { MediaStorage } from './media.storage';

/** the widths pages ask for (lib/media-urls.ts): 160, 320 and 640 pixels, as WebP */
export const COVER_WIDTHS = [160, 320, 640] as const;
const MIN_WIDTH = 320;
/** a cover is 2:3 (a book) or 1:1 (a summary or a podcast) */
const RATIOS = { book: 1.5, square: 1 } as const;

/**
 * A cover image taken in: decoded by sharp (which refuses what is not an image, and limits the
 * pixels it will decode), cut to the shape pages show, written at each width as WebP under a
 * key of its content (so a CDN never serves an old cover under a new key), with its dominant
 * colour for the placeholder pages paint before it loads.
 */
export async function ingestCover(
  storage: MediaStorage,
  input: Buffer,
  options: { prefix: string; shape: keyof typeof RATIOS },
): Promise<{ key: string; color: string }> {
  let image: Sharp;
  let width: number;
  try {
    image = sharp(input, { limitInputPixels: 80_000_000, failOn: 'error' }).rotate();
    const meta = await image.metadata();
    width = meta.width ?? 0;
  } catch {
    throw new AppError('VALIDATION_ERROR', mn.ebookIngest.coverUnreadable, {
      upload_id: mn.ebookIngest.coverUnreadable,
    });
  }
  if (width < MIN_WIDTH) {
    throw new AppError('VALIDATION_ERROR', mn.ebookIngest.coverTooSmall, { upload_id: mn.ebookIngest.coverTooSmall });
  }
  const key = `${options.prefix}-${createHash('sha256').update(input).digest('hex').slice(0, 12)}`;
  const ratio = RATIOS[options.shape];
  for (const target of COVER_WIDTHS) {
    const bytes = await image
      .clone()
      .resize(target, Math.round(target * ratio), { fit: 'cover', position: 'attention' })
      .webp({ quality: 80 })
      .toBuffer();
    await storage.put(`covers/${key}-${target}.webp`, bytes, 'image/webp');
  }
  const { dominant } = await image.clone().stats();
  const hex = (n: number) => Math.round(n).toString(16).padStart(2, '0');
  return { key, color: `#${hex(dominant.r)}${hex(dominant.g)}${hex(dominant.b)}` };
}
