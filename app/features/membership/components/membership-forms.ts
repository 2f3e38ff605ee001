import { useLocation } from "react-router";
import { answerMessage, type FormAnswer } from "~/lib/forms";
import { usePageForms } from "~/lib/page-forms";

/**
 * The forms of the membership page. Each posts to its own route,
 * /dashboard/membership/{name} (one form per route module, issue 20).
 */
type MembershipForm =
  | "checkout"
  | "portal"
  | "school-checkout"
  | "school-portal"
  | "redeem"
  | "accept-invite"
  | "invite"
  | "revoke-invite"
  | "remove-member"
  | "leave";

/** What a form of the page answers: what it did, or why not (the one answer shape). */
export type MembershipAnswer = FormAnswer;

/**
 * A form of the page: its address (keeping the page's query, so that without JavaScript the
 * answer comes on the same view, in the same currency), the page's shared fetcher, and
 * whether this form is on its way.
 */
export function useMembershipForm(form: MembershipForm) {
  const { fetcher } = usePageForms<MembershipAnswer>("membership");
  const path = `/dashboard/membership/${form}`;
  return {
    fetcher,
    action: `${path}${useLocation().search}`,
    busy: fetcher.state !== "idle" && fetcher.formAction?.split("?")[0] === path,
  };
}

/** The latest answer of any of the page's forms, as the message to show. */
export function useMembershipAnswer() {
  return answerMessage(usePageForms<MembershipAnswer>("membership").answer);
}
