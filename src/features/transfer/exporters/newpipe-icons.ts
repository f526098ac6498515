/*
 * NewPipe draws a group's icon from a fixed list (ids 0–38) and fails on an unknown id, so icons map to
 * the nearest of those, else to ALL (the asterisk NewPipe itself starts with).
 */

/** `FeedGroupIcon.ALL`. */
export const NEWPIPE_DEFAULT_ICON = 0
/** The highest id NewPipe knows (`WHATS_NEW`). */
export const NEWPIPE_MAX_ICON = 38

const BY_LUCIDE: Record<string, number> = {
  music: 1,
  'music-2': 1,
  'music-4': 1,
  guitar: 1,
  piano: 1,
  'graduation-cap': 2,
  school: 2,
  book: 2,
  'book-open': 2,
  'library-big': 2,
  dumbbell: 3,
  'heart-pulse': 3,
  telescope: 4,
  rocket: 4,
  orbit: 4,
  cpu: 5,
  computer: 5,
  laptop: 5,
  monitor: 5,
  code: 5,
  gamepad: 6,
  'gamepad-2': 6,
  joystick: 6,
  bike: 7,
  trophy: 7,
  volleyball: 7,
  newspaper: 8,
  megaphone: 8,
  heart: 9,
  car: 10,
  'trending-up': 12,
  film: 13,
  clapperboard: 13,
  popcorn: 13,
  palette: 15,
  brush: 15,
  user: 16,
  users: 17,
  'dollar-sign': 18,
  banknote: 18,
  coins: 18,
  baby: 19,
  pizza: 20,
  sandwich: 20,
  smile: 21,
  compass: 22,
  utensils: 23,
  'chef-hat': 23,
  mic: 24,
  headphones: 25,
  radio: 26,
  'shopping-cart': 27,
  clock: 28,
  briefcase: 29,
  flame: 30,
  tv: 31,
  bookmark: 32,
  dog: 33,
  cat: 33,
  'paw-print': 33,
  globe: 34,
  earth: 34,
  star: 35,
  sun: 36,
  rss: 37,
}

const BY_EMOJI: Record<string, number> = {
  '🎵': 1,
  '🎶': 1,
  '🎸': 1,
  '🎹': 1,
  '🎓': 2,
  '📚': 2,
  '💪': 3,
  '🏋': 3,
  '🚀': 4,
  '🔭': 4,
  '🪐': 4,
  '💻': 5,
  '🖥': 5,
  '🎮': 6,
  '🕹': 6,
  '⚽': 7,
  '🏀': 7,
  '🚴': 7,
  '📰': 8,
  '📣': 8,
  '❤': 9,
  '🚗': 10,
  '🏍': 11,
  '📈': 12,
  '🎬': 13,
  '🍿': 13,
  '🎨': 15,
  '💰': 18,
  '💵': 18,
  '👶': 19,
  '🍔': 20,
  '🍕': 20,
  '🍙': 20,
  '😀': 21,
  '🙂': 21,
  '🧭': 22,
  '🍽': 23,
  '🎤': 24,
  '🎧': 25,
  '📻': 26,
  '🛒': 27,
  '🔥': 30,
  '📺': 31,
  '🔖': 32,
  '🐶': 33,
  '🐱': 33,
  '🐾': 33,
  '🌍': 34,
  '🌎': 34,
  '🌏': 34,
  '⭐': 35,
  '🌟': 35,
  '☀': 36,
}

/** Own keys only: a name like `constructor` must not reach Object.prototype. */
function lookup(table: Record<string, number>, key: string): number {
  return Object.hasOwn(table, key) ? (table[key] ?? NEWPIPE_DEFAULT_ICON) : NEWPIPE_DEFAULT_ICON
}

/** The NewPipe icon id for a group's icon (`lucide:<name>`, `emoji:<chars>` or null). */
export function newPipeIconId(icon: string | null): number {
  if (icon?.startsWith('lucide:')) return lookup(BY_LUCIDE, icon.slice('lucide:'.length))
  if (icon?.startsWith('emoji:')) {
    // Variation selectors and skin tones do not change which picture it is.
    const base = icon.slice('emoji:'.length).replace(/[\u{fe0f}\u{1f3fb}-\u{1f3ff}]/gu, '')
    return lookup(BY_EMOJI, base)
  }
  return NEWPIPE_DEFAULT_ICON
}
