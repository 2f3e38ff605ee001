CREATE TABLE "audio_tracks" (
	"id" text PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"description" text NOT NULL,
	"level" text NOT NULL,
	"topics" text[] NOT NULL,
	"audio_url" text NOT NULL,
	"duration_seconds" integer NOT NULL,
	"voices" text[] NOT NULL,
	"is_free" boolean DEFAULT false NOT NULL,
	"published_at" timestamp with time zone NOT NULL,
	"transcript" text NOT NULL,
	"source_hash" text
);
--> statement-breakpoint
CREATE TABLE "exercise_views" (
	"user_id" text NOT NULL,
	"exercise_id" text NOT NULL,
	"viewed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "exercise_views_user_id_exercise_id_pk" PRIMARY KEY("user_id","exercise_id")
);
--> statement-breakpoint
CREATE TABLE "exercises" (
	"id" text PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"title" text NOT NULL,
	"summary" text NOT NULL,
	"level" text NOT NULL,
	"topics" text[] NOT NULL,
	"skill_focus" text[] NOT NULL,
	"grammar" text,
	"functions" text[] DEFAULT '{}'::text[] NOT NULL,
	"vocabulary_focus" text,
	"duration_minutes" integer NOT NULL,
	"grouping" text[] NOT NULL,
	"audience" text[] NOT NULL,
	"teacher_notes" jsonb NOT NULL,
	"content" jsonb NOT NULL,
	"vocabulary" jsonb NOT NULL,
	"is_free" boolean DEFAULT false NOT NULL,
	"is_fresh" boolean DEFAULT false NOT NULL,
	"free_expires_at" timestamp with time zone,
	"published_at" timestamp with time zone NOT NULL,
	"search_text" text DEFAULT '' NOT NULL,
	"search_vector" "tsvector",
	"source_hash" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "library_terms" (
	"term" text PRIMARY KEY NOT NULL,
	"frequency" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "materials" (
	"id" text PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"title" text NOT NULL,
	"summary" text NOT NULL,
	"level" text NOT NULL,
	"topics" text[] NOT NULL,
	"is_free" boolean DEFAULT false NOT NULL,
	"published_at" timestamp with time zone NOT NULL,
	"body" text NOT NULL,
	"search_vector" "tsvector",
	"source_hash" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "exercise_views" ADD CONSTRAINT "exercise_views_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exercise_views" ADD CONSTRAINT "exercise_views_exercise_id_exercises_id_fk" FOREIGN KEY ("exercise_id") REFERENCES "public"."exercises"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "exercise_views_recent_idx" ON "exercise_views" USING btree ("user_id","viewed_at");--> statement-breakpoint
CREATE INDEX "exercises_search_idx" ON "exercises" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "exercises_title_trgm_idx" ON "exercises" USING gin ("title" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "exercises_level_idx" ON "exercises" USING btree ("level");--> statement-breakpoint
CREATE INDEX "exercises_type_idx" ON "exercises" USING btree ("type");--> statement-breakpoint
CREATE INDEX "exercises_topics_idx" ON "exercises" USING gin ("topics");--> statement-breakpoint
CREATE INDEX "exercises_published_idx" ON "exercises" USING btree ("published_at");--> statement-breakpoint
CREATE INDEX "exercises_free_until_idx" ON "exercises" USING btree ("free_expires_at");--> statement-breakpoint
CREATE INDEX "library_terms_trgm_idx" ON "library_terms" USING gin ("term" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "materials_search_idx" ON "materials" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "materials_level_idx" ON "materials" USING btree ("level");--> statement-breakpoint
ALTER TABLE "favorites" ADD CONSTRAINT "favorites_exercise_id_exercises_id_fk" FOREIGN KEY ("exercise_id") REFERENCES "public"."exercises"("id") ON DELETE cascade ON UPDATE no action;