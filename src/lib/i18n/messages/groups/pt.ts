import type { groupsEn } from './en'

export const groupsPt: Record<keyof typeof groupsEn, string> = {}
