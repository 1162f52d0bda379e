/**
 * Renders cover designs to WebP files: `{key}-{width}.webp` for each width in COVER_WIDTHS.
 *
 * Each SVG is rasterised once, at the largest width, and the smaller sizes are resized from
 * those pixels: librsvg is the slow step, resizing is cheap.
 */

import { access, mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { availableParallelism } from 'node:os';
import sharp from 'sharp';
import type { DemoCoverDesign } from './model';

export const COVER_WIDTHS = [160, 320, 640] as const;
export type CoverWidth = (typeof COVER_WIDTHS)[number];

const WEBP_QUALITY = 78;
const LARGEST_WIDTH = Math.max(...COVER_WIDTHS);
/** Designs are drawn 400 px wide (book 400x600, square 400x400), see DemoCoverDesign. */
const SVG_BASE_WIDTH = 400;

export interface RenderCoversOptions {
  /** designs rendered at the same time; defaults to the number of CPU cores */
  concurrency?: number;
}

export function coverFileName(key: string, width: CoverWidth): string {
  return `${key}-${width}.webp`;
}

export function coverHeight(shape: DemoCoverDesign['shape'], width: number): number {
  return shape === 'book' ? width * 1.5 : width;
}

async function exists(path: string): Promise<boolean> {
  try {
    await access(path);
    return true;
  } catch {
    return false;
  }
}

async function renderDesign(design: DemoCoverDesign, outDir: string): Promise<void> {
  const candidates = COVER_WIDTHS.map((width) => ({ width, path: join(outDir, coverFileName(design.key, width)) }));
  const present = await Promise.all(candidates.map(({ path }) => exists(path)));
  const targets = candidates.filter((_, index) => !present[index]);
  if (targets.length === 0) return;

  // Rendering at a higher density, rather than upscaling pixels, keeps edges sharp.
  const density = (72 * LARGEST_WIDTH) / SVG_BASE_WIDTH;
  const { data, info } = await sharp(Buffer.from(design.svg), { density })
    .resize(LARGEST_WIDTH, coverHeight(design.shape, LARGEST_WIDTH), { fit: 'fill' })
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const raw = { width: info.width, height: info.height, channels: info.channels };

  await Promise.all(
    targets.map(({ width, path }) =>
      sharp(data, { raw })
        .resize(width, coverHeight(design.shape, width), { fit: 'fill' })
        .webp({ quality: WEBP_QUALITY })
        .toFile(path),
    ),
  );
}

/**
 * Writes every size of every design into `outDir`, skipping files that already exist so a
 * re-seed only renders what is new. Designs are drawn from a shared queue by a fixed number
 * of workers, which keeps memory flat however many designs there are.
 */
export async function renderCovers(
  designs: DemoCoverDesign[],
  outDir: string,
  options: RenderCoversOptions = {},
): Promise<void> {
  await mkdir(outDir, { recursive: true });
  const concurrency = Math.max(1, options.concurrency ?? availableParallelism());
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < designs.length) {
      const design = designs[next] as DemoCoverDesign;
      next += 1;
      await renderDesign(design, outDir);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, designs.length) }, worker));
}
