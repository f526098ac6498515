import type { overviewEn } from './en'

export const overviewPt: Record<keyof typeof overviewEn, string> = {}
