CREATE TABLE "school_favorites" (
	"organization_id" text NOT NULL,
	"exercise_id" text NOT NULL,
	"added_by" text,
	"added_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "school_favorites_organization_id_exercise_id_pk" PRIMARY KEY("organization_id","exercise_id")
);
--> statement-breakpoint
ALTER TABLE "school_favorites" ADD CONSTRAINT "school_favorites_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "school_favorites" ADD CONSTRAINT "school_favorites_exercise_id_exercises_id_fk" FOREIGN KEY ("exercise_id") REFERENCES "public"."exercises"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "school_favorites" ADD CONSTRAINT "school_favorites_added_by_users_id_fk" FOREIGN KEY ("added_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "school_favorites_added_by_idx" ON "school_favorites" USING btree ("added_by");