import { testOnOwnServer } from "./own-server";

/**
 * One server of their own for the admin panel's specs (maintenance, site settings, campaigns,
 * the library editor): they change what every visitor meets (maintenance, redirects,
 * campaigns, the library's counts), so not on the suite's server; and one for all of them, as
 * each leaves the state as it found it (or adds only its own exercise), which saves starting a
 * server per file.
 */
export const test = testOnOwnServer();
