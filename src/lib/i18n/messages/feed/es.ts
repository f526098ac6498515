import type { feedEn } from './en'

export const feedEs: Record<keyof typeof feedEn, string> = {}
