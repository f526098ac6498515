/** Library texts (English, the reference for pt and es). */
export const libraryEn = {} as const
