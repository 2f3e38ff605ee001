import { buildProfileView, loadUserOrganization } from "~/features/account/index.server";
import { getUser, isAdmin } from "~/lib/auth/session.server";
import { getServices, type ContextReader } from "~/lib/context.server";
import type { CollectionName } from "./collections";
import type { QueryFactory } from "./pages";
import { contentQuery, type Executor } from "./query";
import {
  anonymousViewer,
  contentStore,
  isPublicCollection,
  type ContentViewer,
} from "./store.server";

/**
 * Who is asking, from the request's session: the same whether the query comes from a page
 * loader on the server (the caller's cookie) or from the browser (its own cookie).
 * Premium is looked up only for collections whose rows depend on it.
 */
export async function contentViewer(
  context: ContextReader,
  collection: CollectionName,
): Promise<ContentViewer> {
  const user = getUser(context);
  const services = getServices(context);
  const now = services.clock.now();
  if (!user) return anonymousViewer(now);
  const admin = isAdmin(user);
  if (isPublicCollection(collection) || admin)
    return { signedIn: true, isAdmin: admin, isPremium: false, now };
  const organization = await loadUserOrganization(services.db, user.id);
  const profile = buildProfileView(user, organization, now);
  return { signedIn: true, isAdmin: admin, isPremium: profile.isPremiumActive, now };
}

/**
 * Content queries for a page loader: they run on this server, with the rights of the
 * request's own session (the caller's cookie), through the same gate as the HTTP endpoint.
 */
export function serverQueries(context: ContextReader): QueryFactory {
  const executor: Executor = async (collection, text) => {
    const store = await contentStore(getServices(context).database);
    return store.execute(collection, text, await contentViewer(context, collection));
  };
  return (collection) => contentQuery(collection, executor);
}
