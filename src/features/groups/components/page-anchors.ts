/** Where the groups page lists the groups shared with the reader (`/dashboard/groups/#shared`). */
export const SHARED_GROUPS_HASH = 'shared'
