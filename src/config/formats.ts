// One list for the importer, the exporter, activity sentences and the public pages.

export const IMPORT_FORMATS = [
  'takeout-csv',
  'takeout-json',
  'opml',
  'newpipe-json',
  'newpipe-zip',
  'freetube',
  'piped',
  'pockettube',
  'grayjay',
  'invidious',
  'libretube',
  'tubefold',
  'plain',
  /** Subscriptions read from a connected YouTube account (Connect YouTube), not a file. */
  'youtube',
] as const
export type ImportFormat = (typeof IMPORT_FORMATS)[number]

/** Product names are not translated; `plain` is the one label that is (see the UI). */
export const FORMAT_NAMES: Record<Exclude<ImportFormat, 'plain'>, string> = {
  'takeout-csv': 'Google Takeout (CSV)',
  'takeout-json': 'Google Takeout (JSON)',
  opml: 'OPML',
  'newpipe-json': 'NewPipe (JSON)',
  'newpipe-zip': 'NewPipe (ZIP)',
  freetube: 'FreeTube',
  piped: 'Piped',
  pockettube: 'PocketTube',
  grayjay: 'Grayjay',
  invidious: 'Invidious',
  libretube: 'LibreTube',
  tubefold: 'Tubefold',
  youtube: 'YouTube',
}

export const EXPORT_FORMATS = [
  'tubefold',
  'opml',
  'csv',
  'newpipe',
  'newpipe-zip',
  'freetube',
  'piped',
] as const
export type ExportFormat = (typeof EXPORT_FORMATS)[number]

export function formatName(format: ImportFormat, plainLabel: string): string {
  return format === 'plain' ? plainLabel : FORMAT_NAMES[format]
}

/** "Google Takeout, NewPipe, …": each product once, in the contract's order, then the plain list. */
export function acceptedFormatNames(plainLabel: string): string[] {
  // 'youtube' arrives through Connect YouTube, never as a file.
  const products = Object.entries(FORMAT_NAMES)
    .filter(([format]) => format !== 'youtube')
    .map(([, name]) => name.replace(/\s*\(.*\)$/, ''))
  return [...new Set(products), plainLabel]
}

/** Other tools' files and plain lists of links the importer reads (the landing page counts them). */
export const PEER_IMPORT_FORMAT_COUNT = IMPORT_FORMATS.filter(
  (format) => format !== 'youtube' && format !== 'tubefold',
).length
