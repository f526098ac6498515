/** Organiser texts (English, the reference for pt and es). */
export const organiserEn = {
  'organiser.error.groupNotFound': 'This group does not exist or you do not have access to it.',
  'organiser.error.forbidden': 'Your role in this shared group does not allow that. Ask its owner.',
  'organiser.error.entryNotFound': 'This entry does not exist or you do not have access to it.',
  'organiser.error.stale': 'This was changed elsewhere — reload to see the latest version.',
  'organiser.error.depthLimit': 'Groups can be nested at most {max} levels deep.',
  'organiser.error.cycle': 'A group cannot be moved inside itself or one of its subgroups.',
  'organiser.error.nameTaken': 'There is already a group called “{name}” here.',
  'organiser.error.youtubeUnavailable': 'YouTube could not be reached. Try again in a moment.',
  'organiser.error.animeUrlInvalid':
    'That is not a Crunchyroll series link (crunchyroll.com/series/…).',
  'organiser.error.animeExists': 'This anime is already in your library.',
} as const
