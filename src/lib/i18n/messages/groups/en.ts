/** Groups texts (English, the reference for pt and es). */
export const groupsEn = {} as const
