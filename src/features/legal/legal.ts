/** The date the terms and the privacy policy last changed in substance. */
export const LEGAL_UPDATED_AT = new Date('2026-11-21T00:00:00Z')
