/** What every token the server hands out looks like (sessions, e-mail links): 32 base32 characters. */
export const TOKEN_PATTERN = /^[a-z2-7]{32}$/;
