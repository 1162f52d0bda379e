import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { MediaSettings } from './media.service';
import { localStorage, s3Storage, type S3Config } from './media.storage';

/** How a process packages and serves media (apps/server reads them from the environment). */
export interface MediaOptions {
  /** MEDIA_SECRET: the same in every process; absent: one made up for this process (tests) */
  secret?: string;
  /** MEDIA_DIR: where packaged media is written, served at the media base URL */
  dir?: string;
  /**
   * MEDIA_SOURCE_DIR: where source recordings are kept (those the back office takes in are
   * written there); a temporary one by default. The demo's are read from its fixtures.
   */
  sourceDir?: string;
  /** EBOOK_DIR: where the EPUB files of e-books are kept (private); a temporary one by default */
  ebookDir?: string;
  /** where mezzanines are kept; beside the packaged media by default */
  workDir?: string;
  /** MEDIA_PACKAGE_AHEAD: popular titles packaged when a process starts */
  packageAhead?: number;
  /** MEDIA_S3_*: packaged media in S3-compatible object storage instead of `dir` */
  s3?: S3Config;
}

export function mediaSettings(options: MediaOptions, mediaBaseUrl: string): MediaSettings {
  const dir = options.dir ?? join(tmpdir(), `nomsan-media-${process.pid}`);
  return {
    secret: options.secret ?? randomBytes(32).toString('base64url'),
    storage: options.s3 ? s3Storage(options.s3, mediaBaseUrl) : localStorage(dir, mediaBaseUrl),
    sourceDir: options.sourceDir ?? join(tmpdir(), `nomsan-sources-${process.pid}`),
    ebookDir: options.ebookDir ?? join(tmpdir(), `nomsan-ebooks-${process.pid}`),
    workDir: options.workDir ?? join(dir, '..', 'media-work'),
    packageAhead: options.packageAhead ?? 0,
  };
}
