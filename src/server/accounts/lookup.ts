/** The accounts feature's read API for the others (demo seeding, the CLI): users by e-mail, all of them, how many. */
export { countUsers, findUserByEmail, listUsers, type UserRow } from './store.ts';
