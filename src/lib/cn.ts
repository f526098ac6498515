import { type ClassValue, clsx } from 'clsx'

/**
 * Joins class names. No tailwind-merge (10 KB on every page): components keep
 * their own classes free of conflicts and offer variants instead of overrides.
 */
export function cn(...inputs: ClassValue[]) {
  return clsx(inputs)
}
