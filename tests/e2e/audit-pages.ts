/**
 * The 46 pages the accessibility and markup audit checks (issue 21's done-when: pa11y with
 * HTML_CodeSniffer at WCAG 2 AA and the Nu Html Checker, 0 errors on each). Who looks at a
 * page decides what it shows, so each page names its visitor. `{…}` parts are filled in by
 * tests/e2e/audit.spec.ts from what that run made or found (a lesson, a class, a blog post).
 *
 * Run: `npm run check:pages` (builds nothing itself: `npm run build` first).
 */
export type Visitor = "anonymous" | "teacher" | "admin";

export interface AuditPage {
  path: string;
  as: Visitor;
}

const anonymous = (path: string): AuditPage => ({ path, as: "anonymous" });
const teacher = (path: string): AuditPage => ({ path, as: "teacher" });
const admin = (path: string): AuditPage => ({ path, as: "admin" });

export const AUDIT_PAGES: AuditPage[] = [
  // The public site, in English, Polish, German and Arabic (right to left).
  anonymous("/"),
  anonymous("/pl"),
  anonymous("/de"),
  anonymous("/ar"),
  anonymous("/schools"),
  anonymous("/tutors"),
  anonymous("/faq"),
  anonymous("/ar/faq"),
  anonymous("/blog"),
  anonymous("{blogPost}"),
  anonymous("/de/blog"),
  anonymous("/newsletter"),
  anonymous("{newsletterIssue}"),
  anonymous("/legal/terms"),
  anonymous("/legal/privacy"),
  anonymous("/auth/sign-in"),
  anonymous("/auth/sign-up"),
  anonymous("/auth/recovery"),
  anonymous("{classJoin}"),
  // A teacher's dashboard.
  teacher("/dashboard"),
  teacher("/dashboard/exercises"),
  teacher("/dashboard/exercises?level=B1&free=1"),
  teacher("{exercise}"),
  teacher("/ar{exercise}"),
  teacher("/dashboard/materials"),
  teacher("{material}"),
  teacher("/dashboard/audio"),
  teacher("/dashboard/features"),
  teacher("/dashboard/favorites"),
  teacher("/dashboard/students"),
  teacher("{student}"),
  teacher("/dashboard/lessons"),
  teacher("{lessonNew}"),
  teacher("{lesson}"),
  teacher("{lesson}?pick=exercise"),
  teacher("{class}"),
  teacher("/dashboard/notifications"),
  teacher("/dashboard/account"),
  teacher("/dashboard/membership"),
  // The operator's admin panel.
  admin("/admin"),
  admin("/admin/users"),
  admin("/admin/organizations"),
  admin("/admin/newsletters"),
  admin("/admin/support"),
  admin("/admin/exercises/all"),
  admin("/admin/materials/all"),
];
