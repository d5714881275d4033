/**
 * The schema of the sign-in's answer, in a module of its own so that login.ts loads it (and zod with it) only once an
 * answer has come: the sign-in page is a first visit's page and carries no zod (issue 21: /login ≤ 150 KB of gzipped
 * JavaScript), while the answer is still checked against the contract (issue 19).
 */
export { loginResultSchema } from '@paydesk/contract';
