ALTER TABLE "podcast_episode" ALTER COLUMN "audio_file" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "podcast_episode" ADD COLUMN "enclosure_url" text;--> statement-breakpoint
ALTER TABLE "podcast_episode" ADD COLUMN "guid" text;--> statement-breakpoint
ALTER TABLE "podcast_series" ADD COLUMN "cover_url" text;--> statement-breakpoint
ALTER TABLE "podcast_series" ADD COLUMN "feed_url" text;--> statement-breakpoint
ALTER TABLE "podcast_series" ADD COLUMN "feed_etag" text;--> statement-breakpoint
ALTER TABLE "podcast_series" ADD COLUMN "feed_last_modified" text;--> statement-breakpoint
ALTER TABLE "podcast_series" ADD COLUMN "feed_checked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "podcast_series" ADD COLUMN "feed_error" text;--> statement-breakpoint
CREATE UNIQUE INDEX "podcast_episode_guid_uq" ON "podcast_episode" USING btree ("series_id","guid") WHERE "podcast_episode"."guid" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "podcast_series_feed_uq" ON "podcast_series" USING btree ("feed_url") WHERE "podcast_series"."feed_url" is not null;--> statement-breakpoint
ALTER TABLE "podcast_episode" ADD CONSTRAINT "podcast_episode_audio_ck" CHECK ("audio_file" IS NOT NULL OR "enclosure_url" IS NOT NULL);
