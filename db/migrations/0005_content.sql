CREATE TABLE "content_versions" (
	"collection" text PRIMARY KEY NOT NULL,
	"version" text NOT NULL,
	"row_count" integer NOT NULL,
	"built_at" timestamp with time zone DEFAULT now() NOT NULL
);
