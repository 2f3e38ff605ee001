CREATE TABLE "exercise_search" (
	"id" text PRIMARY KEY NOT NULL,
	"search_vector" "tsvector" NOT NULL
);
--> statement-breakpoint
DROP INDEX "exercises_search_idx";--> statement-breakpoint
ALTER TABLE "exercise_search" ADD CONSTRAINT "exercise_search_id_exercises_id_fk" FOREIGN KEY ("id") REFERENCES "public"."exercises"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "exercise_search_vector_idx" ON "exercise_search" USING gin ("search_vector");--> statement-breakpoint
ALTER TABLE "exercises" DROP COLUMN "search_vector";