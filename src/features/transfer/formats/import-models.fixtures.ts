import { readFileSync } from 'node:fs'
import { type ChannelRef, refKey } from '~/lib/youtube-urls'
import type {
  EntryExtras,
  ImportChannel,
  ImportGroup,
  ImportItemRef,
  ImportModel,
} from '../transfer.schemas'

/*
 * Channel ids, fixture files and model builders for the parser tests: what
 * a parser should answer, written out by hand. Test support only.
 */

export const KURZ = 'UCsXVk37bltHxD1rDPwtNM8Q'
export const VERI = 'UCHnyfMqiRRG1u-2MsSQLbXA'
export const B3B1 = 'UCYO_jab_esuFRV4b17AJtAw'
export const NUMB = 'UCoxcjq-8xIDTYp3uz647V5A'
export const LTT = 'UCXuqSBlHAE6Xw-yeJA0Tunw'
export const MKBHD = 'UCBJycsmduvYEL83R_U4JriQ'
export const TED = 'UCsooa4yRKGN_zEE8iknghZA'
export const VSAUCE = 'UC6nSFpj9HTCZ5t-N3Rm3-HA'
export const MINPHYS = 'UCUHW94eEFW7hkUMVaZz4eDg'
export const TOMSCOTT = 'UCBa659QWEk1AI4Tg--mrJ2A'
export const MUSIC = 'UC2C_jShtL725hvbm1arSV9w'

/** A file of ./fixtures, as the upload's bytes. */
export function fixture(name: string): Uint8Array {
  return new Uint8Array(readFileSync(new URL(`./fixtures/${name}`, import.meta.url)))
}

export const text = (value: string) => new TextEncoder().encode(value)

export const item = (id: string): ImportItemRef => ({ kind: 'channel', key: `id:${id}` })
export const refItem = (ref: ChannelRef): ImportItemRef => ({ kind: 'channel', key: refKey(ref) })

export function channel(
  id: string,
  title: string | null = null,
  avatarUrl: string | null = null,
  extras: EntryExtras | null = null,
): ImportChannel {
  return { key: `id:${id}`, ref: { kind: 'id', id }, title, avatarUrl, extras }
}

export function group(
  name: string,
  items: ImportItemRef[],
  groups: ImportGroup[] = [],
  meta: Partial<Pick<ImportGroup, 'description' | 'icon' | 'color'>> = {},
): ImportGroup {
  return { name, description: '', icon: null, color: null, groups, items, ...meta }
}

export function model(partial: Partial<ImportModel> & Pick<ImportModel, 'format'>): ImportModel {
  return { groups: [], ungrouped: [], channels: [], animes: [], problems: [], ...partial }
}
