import { formFailure } from "./forms";
import type { MessageKey, TranslateValues } from "./i18n/translate";

/**
 * The one error vocabulary (issue 20): every refusal a feature or an action reports, by area
 * and code, with its HTTP status and the message the person reads — mapped once, here. A
 * feature returns or throws a code (`ErrorCode<"school">`); the action answers it with
 * `refuse("school", code)`. Adding a code without its message, or answering a code an area
 * does not have, fails typecheck. Unknown addresses and records someone may not see are the
 * page's 404 instead (`notFound`, app/lib/not-found.ts).
 */
const ERRORS = {
  adminJobs: {
    invalid: [400, "adminJobs.error.invalid"],
    gone: [409, "adminJobs.error.gone"],
  },
  adminCodes: {
    invalid: [400, "adminCodes.error.invalid"],
    days: [400, "adminCodes.error.days"],
    expired: [400, "adminCodes.error.expired"],
    exists: [409, "adminCodes.error.exists"],
  },
  adminGrant: {
    invalid: [400, "adminUsers.error.invalid"],
    subscribed: [409, "adminUsers.error.subscribed"],
    "no-user": [409, "adminUsers.error.invalid"],
  },
  adminRights: {
    confirm: [400, "adminUsers.error.confirm"],
    self: [409, "adminUsers.error.self"],
    "no-user": [404, "adminUsers.error.invalid"],
  },
  adminSchools: {
    invalid: [400, "adminSchools.error.invalid"],
    "no-user": [409, "adminSchools.error.noUser"],
    "in-another-school": [409, "adminSchools.error.inSchool"],
  },
  adminSupport: {
    empty: [400, "adminSupport.error.empty"],
    "no-user": [404, "adminSupport.error.user"],
  },
  classes: {
    invalid: [400, "classes.error.invalid"],
    locked: [403, "classes.error.locked"],
    "no-exercise": [404, "classes.error.noExercise"],
  },
  classJoin: {
    "teacher-account": [409, "classes.join.teacherAccount"],
    "other-class": [409, "classes.join.otherClass"],
  },
  happyWeek: {
    invalid: [400, "membership.error.invalidRequest"],
    ended: [409, "happyWeek.ended"],
    "already-premium": [409, "happyWeek.alreadyPremium"],
    "school-covers": [409, "membership.schoolCovers"],
    "not-configured": [503, "membership.error.notConfigured"],
    stripe: [409, "membership.error.stripe"],
    "stripe-unreachable": [502, "membership.error.stripe"],
  },
  billing: {
    "not-configured": [503, "membership.error.notConfigured"],
    "already-subscribed": [409, "membership.error.alreadySubscribed"],
    "price-missing": [409, "membership.error.stripe"],
    "no-customer": [409, "membership.error.stripe"],
    "stripe-failed": [409, "membership.error.stripe"],
    "stripe-unreachable": [502, "membership.error.stripe"],
  },
  redeem: {
    invalid: [422, "redeem.error.invalid"],
    expired: [422, "redeem.error.expired"],
    used: [422, "redeem.error.used"],
    "already-redeemed": [422, "redeem.error.alreadyRedeemed"],
    subscribed: [422, "redeem.error.subscribed"],
  },
  school: {
    "not-found": [409, "school.error.notFound"],
    "not-manager": [409, "membership.error.notSchoolManager"],
    full: [409, "school.error.full"],
    "already-member": [409, "school.error.alreadyMember"],
    "in-another-school": [409, "school.error.inAnotherSchool"],
    "invite-invalid": [409, "school.error.inviteInvalid"],
    "invite-expired": [409, "school.error.inviteExpired"],
    "invite-other-email": [409, "school.error.inviteOtherEmail"],
    "owner-cannot-leave": [409, "school.error.ownerCannotLeave"],
    "no-user": [409, "school.error.notFound"],
  },
  lessons: {
    invalid: [400, "lessons.error.invalid"],
    when: [400, "lessons.error.when"],
    already: [409, "lessons.error.already"],
  },
} as const satisfies Record<string, Record<string, readonly [number, MessageKey]>>;

export type ErrorArea = keyof typeof ERRORS;
export type ErrorCode<A extends ErrorArea> = keyof (typeof ERRORS)[A] & string;

/** The message key and HTTP status of a code. */
export function errorMessage<A extends ErrorArea>(
  area: A,
  code: ErrorCode<A>,
): { status: number; messageKey: MessageKey } {
  const [status, messageKey] = (ERRORS[area] as Record<string, readonly [number, MessageKey]>)[
    code
  ]!;
  return { status, messageKey };
}

/**
 * An action's refusal in the one answer shape (`FormFailure`, app/lib/forms.ts): the code's
 * status, its message as the form's message (with `message` values), and the code itself for
 * API clients. `extra` carries fields the page's answer type always has (an intent).
 */
export function refuse<A extends ErrorArea, E extends object = object>(
  area: A,
  code: ErrorCode<A>,
  extra?: E & { message?: TranslateValues },
) {
  const { status, messageKey } = errorMessage(area, code);
  const { message, ...rest } = extra ?? ({} as E & { message?: TranslateValues });
  return formFailure(
    {
      ...(rest as E),
      errors: {},
      values: {},
      formError: { key: messageKey, values: message },
      code,
    },
    status,
  );
}
