/** The accounts feature's read API for the others (demo seeding, the CLI): users by e-mail or id, all of them, how many. */
export { countUsers, findUserByEmail, findUserById, listUsers, type UserRow } from './store.ts';
