import {
  index,
  layout,
  route,
  type RouteConfig,
  type RouteConfigEntry,
} from "@react-router/dev/routes";

/**
 * The URL map of spec §2.1–2.2. Localized routes exist without a prefix (English) and under
 * each locale prefix, written once with an optional `:lang?` segment; the root middleware
 * answers 404 when that segment is not a locale. (One route per language would mean 45
 * copies of each: React Router matches requests by scanning every route, so that cost
 * milliseconds per request.)
 */
function localized(name: string, path: string, file: string): RouteConfigEntry {
  return route(`:lang?/${path}`, file, { id: name });
}

export default [
  layout("routes/layouts/landing.tsx", { id: "Llanding" }, [
    // "/" is the English home; "/{x}" is a language's home or an English landing variant
    // (one pattern, so one module decides); "/{lang}/{slug}" a variant in a language.
    index("routes/public/landing.tsx", { id: "home" }),
    route(":page", "routes/public/landing.tsx", { id: "page" }),
    route(":lang/:slug", "routes/public/landing.tsx", { id: "variant" }),
  ]),
  layout("routes/layouts/static.tsx", { id: "Lstatic" }, [
    localized("faq", "faq", "routes/public/faq.tsx"),
    localized("blog", "blog", "routes/public/blog.tsx"),
    localized("post", "blog/:slug", "routes/public/blog-post.tsx"),
    route("legal/:slug", "routes/public/legal.tsx", { id: "legal" }),
  ]),
  layout("routes/layouts/newsletter.tsx", { id: "Lnews" }, [
    localized("issue", "newsletter/:file", "routes/public/newsletter-issue.tsx"),
    route("newsletter", "routes/public/newsletter-archive.tsx", { id: "news" }),
    route("newsletter/sent/:id", "routes/public/newsletter-sent.tsx", { id: "newsSent" }),
    route("unsubscribe/:token", "routes/public/unsubscribe.tsx", { id: "unsubscribe" }),
    route("newsletter/confirm/:token", "routes/public/newsletter-confirm.tsx", {
      id: "newsletterConfirm",
    }),
  ]),
  layout("routes/layouts/focused.tsx", { id: "Lfocused" }, [
    localized("redirect", "redirect", "routes/public/redirect.tsx"),
    localized("exercise", "dashboard/exercises/:id", "routes/dashboard/exercise.tsx"),
    route("c/:id", "routes/classes/join.tsx", { id: "join" }),
    // One form per child route; the page shows them all (see routes/classes/class.tsx).
    route("class/:id", "routes/classes/class.tsx", { id: "class" }, [
      route("share", "routes/classes/class/share.tsx", { id: "classShare" }),
      route("homework", "routes/classes/class/homework.tsx", { id: "classHomework" }),
      route("live", "routes/classes/class/live.tsx", { id: "classLive" }),
      route("leave", "routes/classes/class/leave.tsx", { id: "classLeave" }),
    ]),
    // One form per child route; the page shows them all (see routes/dashboard/membership.tsx).
    route("dashboard/membership", "routes/dashboard/membership.tsx", { id: "membership" }, [
      route("checkout", "routes/dashboard/membership/checkout.tsx", { id: "mCheckout" }),
      route("portal", "routes/dashboard/membership/portal.tsx", { id: "mPortal" }),
      route("school-checkout", "routes/dashboard/membership/school-checkout.tsx", {
        id: "mSchoolCheckout",
      }),
      route("school-portal", "routes/dashboard/membership/school-portal.tsx", {
        id: "mSchoolPortal",
      }),
      route("redeem", "routes/dashboard/membership/redeem.tsx", { id: "mRedeem" }),
      route("accept-invite", "routes/dashboard/membership/accept-invite.tsx", {
        id: "mAcceptInvite",
      }),
      route("invite", "routes/dashboard/membership/invite.tsx", { id: "mInvite" }),
      route("revoke-invite", "routes/dashboard/membership/revoke-invite.tsx", {
        id: "mRevokeInvite",
      }),
      route("remove-member", "routes/dashboard/membership/remove-member.tsx", {
        id: "mRemoveMember",
      }),
      route("leave", "routes/dashboard/membership/leave.tsx", { id: "mLeave" }),
      route("claim-promotion", "routes/dashboard/membership/claim-promotion.tsx", {
        id: "mClaimPromotion",
      }),
    ]),
  ]),
  localized("sitemap", "sitemap.xml", "routes/public/sitemap.ts"),

  route("auth", "routes/auth/index.ts", { id: "auth" }),
  layout("routes/layouts/auth.tsx", { id: "Lauth" }, [
    route("auth/confirm", "routes/auth/confirm.tsx", { id: "confirm" }),
    route("auth/sign-in", "routes/auth/sign-in.tsx", { id: "signin" }),
    route("auth/sign-up", "routes/auth/sign-up.tsx", { id: "signup" }),
    route("auth/sign-out", "routes/auth/sign-out.tsx", { id: "signout" }),
    route("auth/recovery", "routes/auth/recovery.tsx", { id: "recovery" }),
    route("auth/recovery/:token", "routes/auth/recovery-token.tsx", { id: "reset" }),
    route("auth/verify/:token", "routes/auth/verify.tsx", { id: "verify" }),
  ]),

  layout("routes/layouts/default.tsx", { id: "Ldefault" }, [
    route("dashboard", "routes/dashboard/home.tsx", { id: "dash" }),
    route("dashboard/exercises", "routes/dashboard/exercises.tsx", { id: "exercises" }),
    route("dashboard/audio", "routes/dashboard/audio.tsx", { id: "audio" }),
    route("dashboard/listening", "routes/dashboard/listening.tsx", { id: "listening" }),
    route("dashboard/features", "routes/dashboard/features.tsx", { id: "features" }),
    route("dashboard/favorites", "routes/dashboard/favorites.tsx", { id: "favorites" }),
    route("dashboard/materials", "routes/dashboard/materials.tsx", { id: "materials" }),
    route("dashboard/materials/:id", "routes/dashboard/material.tsx", { id: "material" }),
    // One form per child route; the page shows them all (see routes/dashboard/account.tsx).
    route("dashboard/account", "routes/dashboard/account.tsx", { id: "account" }, [
      route("profile", "routes/dashboard/account/profile.tsx", { id: "accountProfile" }),
      route("email", "routes/dashboard/account/email.tsx", { id: "accountEmail" }),
      route("password", "routes/dashboard/account/password.tsx", { id: "accountPassword" }),
      route("preferences", "routes/dashboard/account/preferences.tsx", { id: "accountPrefs" }),
      route("consents", "routes/dashboard/account/consents.tsx", { id: "accountConsents" }),
      route("notifications", "routes/dashboard/account/notifications.tsx", { id: "accountNotif" }),
      route("revoke", "routes/dashboard/account/revoke.tsx", { id: "accountRevoke" }),
      route("delete", "routes/dashboard/account/delete.tsx", { id: "accountDelete" }),
    ]),
    route("dashboard/account/export", "routes/dashboard/account-export.ts", {
      id: "accountExport",
    }),
    route("dashboard/lessons", "routes/dashboard/lessons.tsx", { id: "lessons" }),
    route("dashboard/lessons/new", "routes/dashboard/lesson-new.tsx", { id: "lessonNew" }),
    // One form per child route; the page shows them all (see routes/dashboard/lesson.tsx).
    route("dashboard/lessons/:id", "routes/dashboard/lesson.tsx", { id: "lesson" }, [
      route("add-item", "routes/dashboard/lesson/add-item.tsx", { id: "lessonAddItem" }),
      route("add-step", "routes/dashboard/lesson/add-step.tsx", { id: "lessonAddStep" }),
      route("minutes", "routes/dashboard/lesson/minutes.tsx", { id: "lessonMinutes" }),
      route("item", "routes/dashboard/lesson/item.tsx", { id: "lessonItem" }),
      route("details", "routes/dashboard/lesson/details.tsx", { id: "lessonDetails" }),
      route("status", "routes/dashboard/lesson/status.tsx", { id: "lessonStatus" }),
      route("duplicate", "routes/dashboard/lesson/duplicate.tsx", { id: "lessonDuplicate" }),
      route("delete", "routes/dashboard/lesson/delete.tsx", { id: "lessonDelete" }),
    ]),
    route("dashboard/notifications", "routes/dashboard/notifications.tsx", { id: "notifications" }),
    // One form per child route; the page shows them all (see routes/dashboard/students.tsx).
    route("dashboard/students", "routes/dashboard/students.tsx", { id: "students" }, [
      route("new", "routes/dashboard/students/new.tsx", { id: "studentNew" }),
      route("update", "routes/dashboard/students/update.tsx", { id: "studentUpdate" }),
      route("archive", "routes/dashboard/students/archive.tsx", { id: "studentArchive" }),
      route("import-check", "routes/dashboard/students/import-check.tsx", { id: "importCheck" }),
      route("import", "routes/dashboard/students/import.tsx", { id: "studentsImport" }),
      route("new-class", "routes/dashboard/students/new-class.tsx", { id: "classNew" }),
    ]),
    route("r/review", "routes/public/review.tsx", { id: "review" }),
    route("r/happy-week", "routes/public/happy-week.tsx", { id: "happy" }),
  ]),

  layout("routes/layouts/admin.tsx", { id: "Ladmin" }, [
    // One form per child route; the page shows them all (see routes/admin/index.tsx).
    route("admin", "routes/admin/index.tsx", { id: "admin" }, [
      route("codes/create", "routes/admin/codes/create.tsx", { id: "aCodeCreate" }),
      route("codes/disable", "routes/admin/codes/disable.tsx", { id: "aCodeDisable" }),
    ]),
    // One form per child route; the page shows them all (see routes/admin/users.tsx).
    route("admin/users", "routes/admin/users.tsx", { id: "aUsers" }, [
      route("access", "routes/admin/users/access.tsx", { id: "aUsersAccess" }),
      route("rights", "routes/admin/users/rights.tsx", { id: "aUsersRights" }),
    ]),
    // The compose form posts to its own route; the page shows it (routes/admin/newsletters.tsx).
    route("admin/newsletters", "routes/admin/newsletters.tsx", { id: "aNews" }, [
      route("new", "routes/admin/newsletters/new.tsx", { id: "aNewsNew" }),
    ]),
    route("admin/newsletters/:id", "routes/admin/newsletter.tsx", { id: "aNewsOne" }),
    route("admin/organizations", "routes/admin/organizations.tsx", { id: "aOrgs" }, [
      route("create", "routes/admin/organizations/create.tsx", { id: "aOrgsCreate" }),
      route("complimentary", "routes/admin/organizations/complimentary.tsx", {
        id: "aOrgsComplimentary",
      }),
    ]),
    route("admin/support", "routes/admin/support.tsx", { id: "aSupport" }),
    // The retry form posts to its own route; the page shows it (see routes/admin/jobs.tsx).
    route("admin/jobs", "routes/admin/jobs.tsx", { id: "aJobs" }, [
      route("retry", "routes/admin/jobs/retry.tsx", { id: "aJobsRetry" }),
    ]),
    // The maintenance and operator forms post to their own routes; the page shows it (routes/admin/settings.tsx).
    route("admin/settings", "routes/admin/settings.tsx", { id: "aSettings" }, [
      route("maintenance", "routes/admin/settings/maintenance.tsx", { id: "aSettingsMaint" }),
      route("operator", "routes/admin/settings/operator.tsx", { id: "aSettingsOperator" }),
      route("redirects", "routes/admin/settings/redirects.tsx", { id: "aSettingsRedirects" }),
    ]),
    route("admin/campaigns", "routes/admin/campaigns.tsx", { id: "aCampaigns" }),
    route("admin/audit", "routes/admin/audit.tsx", { id: "aAudit" }),
    route("admin/audio", "routes/admin/audio.tsx", { id: "aAudio" }),
    route("admin/user/:id", "routes/admin/user.tsx", { id: "aUser" }),
    route("admin/reviews", "routes/admin/reviews.tsx", { id: "aReviews" }),
    route("admin/changelog", "routes/admin/changelog.tsx", { id: "aChangelog" }),
    route("admin/changelog/new", "routes/admin/changelog-new.tsx", { id: "aChangelogNew" }),
    route("admin/changelog/:id", "routes/admin/changelog-entry.tsx", { id: "aChangelogOne" }),
    route("admin/audio/new", "routes/admin/audio-new.tsx", { id: "aAudioNew" }),
    route("admin/audio/:id", "routes/admin/audio-track.tsx", { id: "aAudioOne" }),
    route("admin/exercises/:type", "routes/admin/exercises.tsx", { id: "aEx" }),
    route("admin/exercises/:type/new", "routes/admin/exercise-new.tsx", { id: "aExNew" }),
    route("admin/exercise/:id", "routes/admin/exercise.tsx", { id: "aExOne" }),
    route("admin/materials/:type", "routes/admin/materials.tsx", { id: "aMat" }),
    route("admin/materials/new", "routes/admin/material-new.tsx", { id: "aMatNew" }),
    route("admin/material/:id", "routes/admin/material.tsx", { id: "aMatOne" }),
  ]),

  layout("routes/layouts/container.tsx", { id: "Lcontainer" }, [
    route("admin/newsletters/preview/:file", "routes/admin/newsletter-preview.tsx", {
      id: "aNewsPreview",
    }),
  ]),

  route("dev/ui", "routes/dev/ui.tsx", { id: "devUi" }),
  route("builds/latest.json", "routes/builds/latest.ts", { id: "bLatest" }),
  route("builds/meta/:file", "routes/builds/meta.ts", { id: "bMeta" }),
  route("api/locale", "routes/api/locale.ts", { id: "apiLocale" }),
  route("api/client-errors", "routes/api/client-errors.ts", { id: "apiCE" }),
  route("api/favorites", "routes/api/favorites.ts", { id: "apiFav" }),
  route("media/:file", "routes/public/media.ts", { id: "media" }),
  route("pictures/:file", "routes/public/picture.ts", { id: "picture" }),
  route("admin/media", "routes/admin/media.ts", { id: "aMedia" }),
  route("admin/media/:file", "routes/admin/media-file.ts", { id: "aMediaFile" }),
  route("dashboard/listening/:id/audio", "routes/dashboard/listening-audio.ts", {
    id: "listeningAudio",
  }),
  route("dashboard/exercises/:id/slides", "routes/dashboard/exercise-slides.ts", {
    id: "exerciseSlides",
  }),
  route("dashboard/exercises/:id/pdf", "routes/dashboard/exercise-pdf.ts", { id: "exercisePdf" }),
  route("dashboard/materials/:id/pdf", "routes/dashboard/material-pdf.ts", { id: "materialPdf" }),
  route("dashboard/lessons/:id/pdf", "routes/dashboard/lesson-pdf.ts", { id: "lessonPdf" }),
  route("dashboard/lessons/:id/slides", "routes/dashboard/lesson-slides.ts", {
    id: "lessonSlides",
  }),
  route("api/school-favorites", "routes/api/school-favorites.ts", { id: "apiSchoolFav" }),
  route("api/resources/count", "routes/api/resources-count.ts", { id: "apiCount" }),
  route("api/captcha/challenge", "routes/api/captcha-challenge.ts", { id: "apiCaptcha" }),
  route("api/user/organization", "routes/api/user-organization.ts", { id: "apiOrg" }),
  route("api/user/gl", "routes/api/user-gl.ts", { id: "apiGl" }),
  route("api/rcs/result", "routes/api/rcs-result.ts", { id: "apiRcs" }),
  route("api/stripe/check", "routes/api/stripe-check.ts", { id: "apiCheck" }),
  route("api/stripe/check-organization", "routes/api/stripe-check-organization.ts", {
    id: "apiCheckOrg",
  }),
  route("api/events", "routes/api/events.ts", { id: "apiEvents" }),
  route("api/support", "routes/api/support.ts", { id: "apiSupport" }),
  route("api/stripe/webhook", "routes/api/stripe-webhook.ts", { id: "apiStripeHook" }),
  route("api/content/:collection/query", "routes/api/content-query.ts", { id: "apiCQ" }),
  route("api/content/:collection/sql_dump.txt", "routes/api/content-dump.ts", { id: "apiCD" }),
  route("robots.txt", "routes/public/robots.ts", { id: "robots" }),
  route("*", "routes/not-found.tsx", { id: "404" }),
] satisfies RouteConfig;
