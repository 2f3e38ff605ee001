ALTER TABLE "favorites" DROP CONSTRAINT "favorites_user_id_exercise_id_pk";--> statement-breakpoint
ALTER TABLE "favorites" ALTER COLUMN "exercise_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "favorites" ADD COLUMN "material_id" text;--> statement-breakpoint
ALTER TABLE "favorites" ADD CONSTRAINT "favorites_material_id_materials_id_fk" FOREIGN KEY ("material_id") REFERENCES "public"."materials"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "favorites_user_exercise_uq" ON "favorites" USING btree ("user_id","exercise_id");--> statement-breakpoint
CREATE UNIQUE INDEX "favorites_user_material_uq" ON "favorites" USING btree ("user_id","material_id");--> statement-breakpoint
ALTER TABLE "favorites" ADD CONSTRAINT "favorites_one_item_ck" CHECK (num_nonnulls("favorites"."exercise_id", "favorites"."material_id") = 1);