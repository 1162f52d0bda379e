CREATE TABLE "checkout_mark" (
	"name" text PRIMARY KEY NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"item_id" bigint DEFAULT 0 NOT NULL
);
