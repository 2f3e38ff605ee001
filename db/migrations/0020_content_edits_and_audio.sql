CREATE TABLE "content_edits" (
	"path" text PRIMARY KEY NOT NULL,
	"text" text,
	"updated_by" text,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "media" ALTER COLUMN "width" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "media" ALTER COLUMN "height" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "media" ADD COLUMN "duration_seconds" integer;--> statement-breakpoint
ALTER TABLE "content_edits" ADD CONSTRAINT "content_edits_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;