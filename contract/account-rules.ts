/**
 * The account fields' lengths, without zod, so a page that only sizes a field (the checkout's
 * e-mail, a login form) does not load the schemas of contract/account.ts with it.
 */
export const EMAIL_MAX = 254;
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;
export const NICKNAME_MAX = 20;
export const INTRODUCTION_MAX = 400;
