CREATE TABLE "billing_receipt" (
	"invoice_id" bigint PRIMARY KEY NOT NULL,
	"bill_id" text NOT NULL,
	"lottery" text,
	"qr_data" text NOT NULL,
	"issued_at" timestamp with time zone NOT NULL,
	"voided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "billing_receipt" ADD CONSTRAINT "billing_receipt_invoice_id_billing_invoice_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."billing_invoice"("id") ON DELETE no action ON UPDATE no action;