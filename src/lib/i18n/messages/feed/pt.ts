import type { feedEn } from './en'

export const feedPt: Record<keyof typeof feedEn, string> = {}
