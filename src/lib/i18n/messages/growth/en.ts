/** Growth charts: channel detail, the group Growth tab, overview reach. */
export const growthEn = {}
