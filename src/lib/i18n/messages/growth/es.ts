import type { growthEn } from './en'

export const growthEs: Record<keyof typeof growthEn, string> = {}
