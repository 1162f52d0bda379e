import { defineModule } from '../../kernel/module';
import { handle } from '../jobs/jobs.service';
import { ebookRoutes } from './ebook.routes';
import { ebookService, type EbookService } from './ebook.service';
import { mediaIntake, type MediaIntake } from './media-intake.service';
import { audioIntake, ingestAudioJob, type AudioIntake } from './audio-intake.service';
import { mediaRoutes } from './media.routes';
import { mediaService, packageJob, type MediaService, type MediaSettings } from './media.service';
import { mediaSettings } from './media.settings';

declare module '../../kernel/module' {
  interface ModuleServices {
    media: MediaService & { ebooks: EbookService; intake: MediaIntake; audio: AudioIntake };
  }
  interface ModuleSettings {
    media: MediaSettings;
  }
}

/**
 * Media: audio packaged once into encrypted DASH and HLS with one key per title, the ClearKey
 * licence and HLS key for entitled sessions, and the e-book's resources for the reader
 * (ARCHITECTURE.md section 6, ADR 022).
 */
export const mediaModule = defineModule({
  name: 'media',
  dependsOn: ['catalog', 'entitlements'],
  create(kernel, deps) {
    const settings = kernel.settings.media ?? mediaSettings({}, kernel.mediaBaseUrl);
    const media = mediaService(kernel, deps, settings);
    return {
      ...media,
      ebooks: ebookService(kernel, deps, { epubDir: settings.ebookDir }),
      intake: mediaIntake(settings),
      audio: audioIntake(kernel, settings, {
        queuePackaging: media.queuePackaging,
        setAudio: () => (ctx, type, id, audio) =>
          type === 'book'
            ? deps.catalog.desk.setAudio(ctx, id, audio)
            : deps.catalog.summaryDesk.setAudio(ctx, id, audio),
      }),
    };
  },
  routes: async (app, context) => {
    await mediaRoutes(app, context);
    await ebookRoutes(app, context);
  },
  jobs: (media) => [
    handle(packageJob, (ctx, payload) => media.packageTitle(ctx, payload.type, payload.id)),
    handle(ingestAudioJob, (ctx, payload) => media.audio.run(ctx, payload)),
  ],
  async start(media, kernel) {
    const ahead = kernel.settings.media?.packageAhead ?? 0;
    if (ahead > 0) await media.packageAhead(kernel.root, ahead);
  },
});
