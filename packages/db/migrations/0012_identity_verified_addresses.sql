-- Addresses that were typed into the profile and never verified (before verify_email was the
-- only way to add one) are no one's: they are dropped, so their owners can sign up with them.
UPDATE "identity_user" SET "email" = NULL WHERE "email" IS NOT NULL AND "email_verified_at" IS NULL;--> statement-breakpoint
UPDATE "identity_user" SET "phone" = NULL WHERE "phone" IS NOT NULL AND "phone_verified_at" IS NULL;--> statement-breakpoint
ALTER TABLE "identity_user" ADD CONSTRAINT "identity_user_email_verified" CHECK ("identity_user"."email" is null or "identity_user"."email_verified_at" is not null);--> statement-breakpoint
ALTER TABLE "identity_user" ADD CONSTRAINT "identity_user_phone_verified" CHECK ("identity_user"."phone" is null or "identity_user"."phone_verified_at" is not null);