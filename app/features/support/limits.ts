/** The longest support message, in characters (checked by the form, the API and the admin reply). */
export const SUPPORT_MESSAGE_MAX = 4000;
