ALTER TABLE "exercises" ADD COLUMN "grammar_points" text[];--> statement-breakpoint
ALTER TABLE "exercises" ADD COLUMN "language_functions" text[];