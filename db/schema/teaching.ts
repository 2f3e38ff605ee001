import { sql } from "drizzle-orm";
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { users } from "./auth";
import { exercises, materials } from "./library";

const tz = { withTimezone: true } as const;

/**
 * A teacher's students (the roster). Every row belongs to one teacher; a student who joined
 * a class through its link also has an account (userId, role STUDENT).
 */
export const students = pgTable(
  "students",
  {
    id: text("id").primaryKey(),
    teacherId: text("teacher_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    email: text("email"),
    /** CEFR level A1–C2, when known. */
    level: text("level"),
    goals: text("goals").notNull().default(""),
    notes: text("notes").notNull().default(""),
    tags: text("tags")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** The student's own account, for students who joined a class. */
    userId: text("user_id").references(() => users.id, { onDelete: "set null" }),
    archivedAt: timestamp("archived_at", tz),
    createdAt: timestamp("created_at", tz).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", tz).notNull().defaultNow(),
  },
  (t) => [
    index("students_teacher_idx").on(t.teacherId, t.archivedAt),
    check(
      "students_level_ck",
      sql`${t.level} is null or ${t.level} in ('A1','A2','B1','B2','C1','C2')`,
    ),
  ],
);

/** A lesson planned for one student, at a time in the teacher's time zone. */
export const lessons = pgTable(
  "lessons",
  {
    id: text("id").primaryKey(),
    teacherId: text("teacher_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    studentId: text("student_id")
      .notNull()
      .references(() => students.id, { onDelete: "cascade" }),
    startsAt: timestamp("starts_at", tz).notNull(),
    /** IANA time zone the teacher planned in (shown back in it). */
    timeZone: text("time_zone").notNull().default("UTC"),
    title: text("title").notNull(),
    status: text("status", { enum: ["planned", "done"] })
      .notNull()
      .default("planned"),
    notes: text("notes").notNull().default(""),
    homework: text("homework").notNull().default(""),
    createdAt: timestamp("created_at", tz).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", tz).notNull().defaultNow(),
  },
  (t) => [
    index("lessons_teacher_starts_idx").on(t.teacherId, t.startsAt),
    index("lessons_student_idx").on(t.studentId, t.startsAt),
  ],
);

/** The ordered plan of a lesson: exercises, materials and free-text steps, with minutes. */
export const lessonItems = pgTable(
  "lesson_items",
  {
    id: text("id").primaryKey(),
    lessonId: text("lesson_id")
      .notNull()
      .references(() => lessons.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    kind: text("kind", { enum: ["exercise", "material", "step"] }).notNull(),
    exerciseId: text("exercise_id").references(() => exercises.id, { onDelete: "set null" }),
    materialId: text("material_id").references(() => materials.id, { onDelete: "set null" }),
    text: text("text").notNull().default(""),
    minutes: smallint("minutes").notNull().default(10),
  },
  (t) => [
    index("lesson_items_lesson_idx").on(t.lessonId, t.position),
    index("lesson_items_exercise_idx").on(t.exerciseId),
    check("lesson_items_minutes_ck", sql`${t.minutes} between 0 and 600`),
  ],
);

/** A group of students with a join link /c/{code}, and the card the teacher shares live. */
export const classes = pgTable(
  "classes",
  {
    id: text("id").primaryKey(),
    teacherId: text("teacher_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    level: text("level"),
    joinCode: text("join_code").notNull(),
    /** Live view: the exercise and card the teacher shares now (null when not sharing). */
    liveExerciseId: text("live_exercise_id").references(() => exercises.id, {
      onDelete: "set null",
    }),
    liveCard: integer("live_card").notNull().default(0),
    liveUpdatedAt: timestamp("live_updated_at", tz),
    archivedAt: timestamp("archived_at", tz),
    createdAt: timestamp("created_at", tz).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("classes_join_code_uq").on(t.joinCode),
    index("classes_teacher_idx").on(t.teacherId),
  ],
);

/** What a teacher shared with a class: exercises to look at and homework. */
export const classShares = pgTable(
  "class_shares",
  {
    id: text("id").primaryKey(),
    classId: text("class_id")
      .notNull()
      .references(() => classes.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: ["exercise", "homework"] }).notNull(),
    exerciseId: text("exercise_id").references(() => exercises.id, { onDelete: "cascade" }),
    text: text("text").notNull().default(""),
    dueAt: timestamp("due_at", tz),
    createdAt: timestamp("created_at", tz).notNull().defaultNow(),
  },
  (t) => [index("class_shares_class_idx").on(t.classId, t.createdAt)],
);

/** In-app notifications; the message is a translation key with values. */
export const notifications = pgTable(
  "notifications",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    kind: text("kind", {
      enum: ["lesson", "exercises", "trial", "school", "support"],
    }).notNull(),
    messageKey: text("message_key").notNull(),
    values: jsonb("values").$type<Record<string, string | number>>().notNull().default({}),
    url: text("url"),
    /** De-duplicates notifications made by jobs (one per lesson reminder, per week …). */
    dedupeKey: text("dedupe_key"),
    createdAt: timestamp("created_at", tz).notNull().defaultNow(),
    readAt: timestamp("read_at", tz),
  },
  (t) => [
    index("notifications_user_idx").on(t.userId, t.createdAt),
    uniqueIndex("notifications_dedupe_uq").on(t.userId, t.dedupeKey),
  ],
);
