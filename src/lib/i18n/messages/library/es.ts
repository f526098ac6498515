import type { libraryEn } from './en'

export const libraryEs: Record<keyof typeof libraryEn, string> = {}
