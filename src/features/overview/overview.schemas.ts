import { z } from 'zod'

/** Where the reader came from (`/dashboard/?origin=`); known values get a welcome line. */
export const OVERVIEW_ORIGINS = ['import', 'extension', 'confirmed'] as const
export type OverviewOrigin = (typeof OVERVIEW_ORIGINS)[number]

/** Seed: `origin` is an optional string that falls back to empty on invalid input. */
export const overviewSearchSchema = z.object({
  origin: z.string().default('').catch(''),
})

export function isOverviewOrigin(value: string): value is OverviewOrigin {
  return OVERVIEW_ORIGINS.some((origin) => origin === value)
}
