import type { overviewEn } from './en'

export const overviewEs: Record<keyof typeof overviewEn, string> = {}
