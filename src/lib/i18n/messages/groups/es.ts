import type { groupsEn } from './en'

export const groupsEs: Record<keyof typeof groupsEn, string> = {}
