// @vitest-environment jsdom
import { cleanup, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import en from "../../locales/en.json";
import { overlays } from "~/components/ui/overlay-stack";
import type { ProfileView } from "~/features/account/profile.server";
import { supportChat } from "~/features/support/chat-store";
import { formatDayMonthYearTime } from "~/lib/format";
import { I18nProvider, I18nStore } from "~/lib/i18n/react";
import { TopBar } from "./top-bar";

const EXPIRES_AT = "2027-03-05T14:30:00.000Z";

/** A free teacher with nothing pending; each case changes only what it is about. */
function makeProfile(overrides: Partial<ProfileView> = {}): ProfileView {
  return {
    id: "user-1",
    email: "ada@example.com",
    emailVerified: true,
    firstName: "Ada",
    lastName: "Lovelace",
    initials: "AL",
    avatar: 1,
    organization: null,
    hasTrialOffer: false,
    hasGift: false,
    isTrialActive: false,
    askReview: false,
    isAdmin: false,
    isStudent: false,
    isPremiumMember: false,
    isOrganizationPremiumMember: false,
    isPremiumActive: false,
    trial: null,
    needsSubscriptionRecheck: false,
    needsGeoLookup: false,
    locale: "en",
    ...overrides,
  };
}

const trial = (daysLeft: number, promotion: "wosp" | "thanksgiving" | null = null) =>
  ({
    isTrialActive: true,
    isPremiumActive: true,
    trial: { expiresAt: EXPIRES_AT, daysLeft, promotion },
  }) as const;

const orgPremium = {
  organization: {
    id: "org-1",
    name: "Riverside School",
    role: "member",
    isPremium: true,
    needsRecheck: false,
  },
  isOrganizationPremiumMember: true,
  isPremiumActive: true,
} satisfies Partial<ProfileView>;

function renderTopBar(profile: ProfileView, featureLabHasNew = false, path = "/dashboard") {
  const store = new I18nStore("en", en);
  const router = createMemoryRouter(
    [
      {
        path: "*",
        element: (
          <I18nProvider store={store}>
            <TopBar profile={profile} featureLabHasNew={featureLabHasNew} />
          </I18nProvider>
        ),
      },
    ],
    { initialEntries: [path] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

/** The desktop row (the mobile menu repeats the same items in #dashboard-menu). */
function desktop() {
  const bar = screen.getByTestId("top-bar");
  const mobile = bar.querySelector<HTMLElement>("#dashboard-menu")!;
  return { bar, mobile, main: within(screen.getAllByRole("navigation", { name: "Main" })[0]!) };
}

function linkIn(scope: HTMLElement, name: string | RegExp) {
  return within(scope).queryAllByRole("link", { name });
}

interface Expectation {
  audio: boolean;
  admin: boolean;
  trialText: string | null;
  promotion: boolean;
  gift: boolean;
  review: boolean;
  /** The school's plan shown where the trial indicator would be. */
  school: boolean;
  membershipItem: "Membership" | "Go Premium";
}

const NONE: Expectation = {
  audio: false,
  admin: false,
  trialText: null,
  promotion: false,
  gift: false,
  review: false,
  school: false,
  membershipItem: "Go Premium",
};

const CASES: [string, Partial<ProfileView>, Partial<Expectation>][] = [
  ["free teacher", {}, {}],
  ["admin", { isAdmin: true }, { audio: true, admin: true }],
  ["trial with 1 day left", trial(1), { trialText: "1 day left in your trial" }],
  ["trial with 5 days left", trial(5), { trialText: "5 days left in your trial" }],
  ["WOŚP promotion", trial(30, "wosp"), { promotion: true }],
  ["Thanksgiving promotion", trial(7, "thanksgiving"), { promotion: true }],
  ["gift", { hasGift: true }, { gift: true }],
  ["trial offer", { hasTrialOffer: true }, { gift: true }],
  ["review requested", { askReview: true }, { review: true }],
  ["organization premium member", orgPremium, { school: true, membershipItem: "Membership" }],
  [
    "individual premium member",
    { isPremiumMember: true, isPremiumActive: true },
    { membershipItem: "Membership" },
  ],
  [
    "admin with a trial, a gift and a review request",
    { isAdmin: true, hasGift: true, askReview: true, ...trial(2) },
    { audio: true, admin: true, gift: true, review: true, trialText: "2 days left in your trial" },
  ],
];

afterEach(() => {
  cleanup();
  overlays.clear();
  supportChat.close();
});

describe("TopBar", () => {
  it.each(CASES)("%s", async (_name, overrides, partial) => {
    const expected = { ...NONE, ...partial };
    renderTopBar(makeProfile(overrides));
    const { bar, mobile, main } = desktop();

    // Left: logo and links, Audio for admins only.
    expect(linkIn(bar, "Parley")[0]?.getAttribute("href")).toBe("/dashboard");
    for (const [label, href] of [
      ["Dashboard", "/dashboard"],
      ["Exercises", "/dashboard/exercises"],
      ["Materials", "/dashboard/materials"],
      // Not in spec §2.5's list; added by issue 21, in the phone menu too.
      ["Students", "/dashboard/students"],
      ["Lessons", "/dashboard/lessons"],
      ["Classes", "/dashboard/students#classes"],
    ] as const) {
      expect(main.getByRole("link", { name: label }).getAttribute("href")).toBe(href);
      expect(linkIn(mobile, label)[0]?.getAttribute("href")).toBe(href);
    }
    expect(main.queryByRole("link", { name: "Audio" }) !== null).toBe(expected.audio);
    expect(linkIn(mobile, "Audio").length > 0).toBe(expected.audio);
    if (expected.audio)
      expect(main.getByRole("link", { name: "Audio" }).getAttribute("href")).toBe(
        "/dashboard/audio",
      );

    // Admin Panel.
    const admin = screen.queryByTestId("topbar-admin");
    expect(admin !== null).toBe(expected.admin);
    expect(linkIn(mobile, "Admin Panel").length > 0).toBe(expected.admin);
    if (admin) expect(admin.getAttribute("href")).toBe("/admin");

    // Trial indicator: days left (singular for one), or the promotion's expiry instead.
    const indicators = screen.queryAllByTestId("trial-indicator");
    const hasIndicator = expected.trialText !== null || expected.promotion;
    expect(indicators).toHaveLength(hasIndicator ? 2 : 0);
    for (const indicator of indicators) {
      expect(indicator.getAttribute("href")).toBe("/dashboard/membership");
      if (expected.promotion) {
        expect(indicator.textContent).toBe(
          `Premium access until ${formatDayMonthYearTime(EXPIRES_AT)}`,
        );
        expect(indicator.textContent).toMatch(/until \d{2}\.\d{2}\.\d{4} \d{2}:\d{2}$/);
        expect(indicator.querySelector("time")?.getAttribute("dateTime")).toBe(EXPIRES_AT);
        expect(indicator.textContent).not.toMatch(/left in your trial/);
      } else {
        expect(indicator.textContent).toBe(expected.trialText);
      }
    }

    // A premium school's plan, with the school's name, instead of any trial or promotion.
    const schoolPlan = screen.queryAllByTestId("school-plan-indicator");
    expect(schoolPlan).toHaveLength(expected.school ? 2 : 0);
    for (const indicator of schoolPlan) {
      expect(indicator.getAttribute("href")).toBe("/dashboard/membership");
      expect(indicator.textContent).toBe("School Premium· Riverside School");
    }

    // Claim your Gift and Rate our app.
    const gift = screen.queryByTestId("topbar-gift");
    expect(gift !== null).toBe(expected.gift);
    if (gift) {
      expect(gift.textContent).toBe("Claim your Gift");
      expect(gift.getAttribute("href")).toBe("/dashboard/membership?offer=gift");
    }
    const review = screen.queryByTestId("topbar-review");
    expect(review !== null).toBe(expected.review);
    if (review) {
      expect(review.textContent).toBe("Rate our app");
      expect(review.getAttribute("href")).toBe("/r/review");
    }

    // Always there: chat, Feature Lab and favorites.
    expect(screen.getByTestId("topbar-chat").textContent).toBe("Chat with us");
    expect(screen.getByTestId("topbar-lab").textContent).toBe("Feature Lab");
    expect(screen.getByTestId("topbar-favorites").getAttribute("href")).toBe(
      "/dashboard/favorites",
    );

    // The avatar menu offers Membership or Go Premium according to the membership.
    await userEvent.click(screen.getAllByTestId("avatar-menu-trigger")[0]!);
    const menu = within(await screen.findByRole("menu"));
    expect(menu.queryByRole("menuitem", { name: expected.membershipItem })).not.toBeNull();
    const other = expected.membershipItem === "Membership" ? "Go Premium" : "Membership";
    expect(menu.queryByRole("menuitem", { name: other })).toBeNull();
  });

  it("highlights the Feature Lab when there is a new update", () => {
    renderTopBar(makeProfile(), true);
    expect(screen.getByTestId("topbar-lab").className).toContain("bg-accent-100");
    cleanup();
    renderTopBar(makeProfile(), false);
    expect(screen.getByTestId("topbar-lab").className).not.toContain("bg-accent-100");
  });

  it("opens the support chat from Chat with us", async () => {
    renderTopBar(makeProfile());
    expect(supportChat.isOpen()).toBe(false);
    await userEvent.click(screen.getByTestId("topbar-chat"));
    expect(supportChat.isOpen()).toBe(true);
  });

  it("opens the Feature Lab as a side panel", async () => {
    renderTopBar(makeProfile());
    await userEvent.click(screen.getByTestId("topbar-lab"));
    expect(overlays.getEntries().map((e) => [e.id, e.kind, e.title])).toEqual([
      ["feature-lab", "panel", "Feature Lab"],
    ]);
  });

  it("shows labelled icon buttons with tooltips on hover", async () => {
    renderTopBar(makeProfile());
    const favorites = screen.getByTestId("topbar-favorites");
    expect(favorites.querySelector(".sr-only")?.textContent).toBe("Favorite Exercises");
    await userEvent.hover(favorites);
    expect((await screen.findByRole("tooltip")).textContent).toBe("Favorite Exercises");
  });

  it("marks the current page, but not a link to one of its sections", () => {
    renderTopBar(makeProfile(), false, "/dashboard/students");
    const { main } = desktop();
    expect(main.getByRole("link", { name: "Students" }).getAttribute("aria-current")).toBe("page");
    expect(main.getByRole("link", { name: "Classes" }).getAttribute("aria-current")).toBeNull();
    expect(main.getByRole("link", { name: "Lessons" }).getAttribute("aria-current")).toBeNull();
  });

  it("hides Students, Lessons and Classes from the row below 1280 px (the avatar menu has them)", () => {
    renderTopBar(makeProfile());
    const { main } = desktop();
    for (const name of ["Students", "Lessons", "Classes"])
      expect(main.getByRole("link", { name }).className).toContain("max-xl:hidden");
    expect(main.getByRole("link", { name: "Exercises" }).className).not.toContain("hidden");
  });

  it("closes the small-screen menu with Escape and gives focus back to its button", async () => {
    const user = userEvent.setup();
    renderTopBar(makeProfile());
    const toggle = screen.getByRole("button", { name: "Open menu" });
    const { mobile } = desktop();
    await user.click(toggle);
    within(mobile).getByRole("link", { name: "Lessons" }).focus();
    await user.keyboard("{Escape}");
    expect(toggle.getAttribute("aria-expanded")).toBe("false");
    expect(mobile.className).toContain("hidden");
    expect(document.activeElement).toBe(toggle);
  });

  it("keeps the small-screen menu open behind the chat it opens", async () => {
    renderTopBar(makeProfile());
    const toggle = screen.getByRole("button", { name: "Open menu" });
    const { mobile } = desktop();
    await userEvent.click(toggle);
    await userEvent.click(within(mobile).getByRole("button", { name: "Chat with us" }));
    expect(supportChat.isOpen()).toBe(true);
    expect(toggle.getAttribute("aria-expanded")).toBe("true");
  });

  it("toggles the small-screen menu", async () => {
    renderTopBar(makeProfile());
    const toggle = screen.getByRole("button", { name: "Open menu" });
    const { mobile } = desktop();
    expect(toggle.getAttribute("aria-expanded")).toBe("false");
    expect(toggle.getAttribute("aria-controls")).toBe("dashboard-menu");
    expect(mobile.className).toContain("hidden");
    await userEvent.click(toggle);
    expect(toggle.getAttribute("aria-expanded")).toBe("true");
    expect(toggle.textContent).toBe("Close menu");
    expect(mobile.className).toContain("block");
    await userEvent.click(within(mobile).getByRole("link", { name: "Exercises" }));
    expect(toggle.getAttribute("aria-expanded")).toBe("false");
  });
});
