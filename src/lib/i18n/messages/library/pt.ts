import type { libraryEn } from './en'

export const libraryPt: Record<keyof typeof libraryEn, string> = {}
