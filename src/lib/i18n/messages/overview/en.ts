/** Overview texts (English, the reference for pt and es). */
export const overviewEn = {} as const
