export const transferEn = {
  // Errors (src/lib/app-error.ts)
  'transfer.error.tooLarge': 'This file is larger than {max} MB. Split it and import the parts.',
  'transfer.error.tooMany':
    'This file names more than {max} channels. Split it and import the parts.',
  'transfer.error.unrecognised':
    'This file is not in a format Tubefold can read. Supported: Google Takeout, NewPipe, FreeTube, Piped, PocketTube, Grayjay, Invidious, OPML, a Tubefold backup or a list of channel links.',
  'transfer.error.malformed': 'This {format} file is damaged and cannot be read.',
  'transfer.error.empty': 'No channels or animes were found in it.',
  'transfer.error.importNotFound': 'This import is no longer available. Start it again.',
  'transfer.error.importStarted': 'This import has already been started.',
} as const
