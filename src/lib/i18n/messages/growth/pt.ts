import type { growthEn } from './en'

export const growthPt: Record<keyof typeof growthEn, string> = {}
