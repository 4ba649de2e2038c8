/**
 * The accounts feature's read API for the others (demo seeding, the CLI, the admin and UDSmart areas): users by
 * e-mail or id, all of them, how many, a filtered page of them, sub-account counts.
 */
export {
  childCounts,
  countUsers,
  findUserByEmail,
  findUserById,
  listChildren,
  listUsers,
  type RoleColumns,
  searchUsers,
  type UserFilter,
  type UserRow,
  usersByIds,
} from './store.ts';
