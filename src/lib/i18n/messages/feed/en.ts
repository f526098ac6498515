/** The group Feed tab, watched videos, the player dialog and "new" badges. */
export const feedEn = {}
