import type { SearchSchemaInput } from '@tanstack/react-router'
import { optionalString } from '~/lib/search-params'

/** Where the reader came from (`/dashboard/?origin=`); known values get a welcome line. */
export const OVERVIEW_ORIGINS = ['import', 'extension', 'confirmed'] as const
export type OverviewOrigin = (typeof OVERVIEW_ORIGINS)[number]

/**
 * Seed: `origin` is an optional string that falls back to empty on invalid
 * input. A plain validator: the route tree sits in the entry chunk (decision 0063).
 */
export function validateOverviewSearch(search: { origin?: string } & SearchSchemaInput): {
  origin: string
} {
  return { origin: optionalString(search.origin) ?? '' }
}

export function isOverviewOrigin(value: string): value is OverviewOrigin {
  return OVERVIEW_ORIGINS.some((origin) => origin === value)
}
