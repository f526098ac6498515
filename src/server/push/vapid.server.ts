import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import webPush from 'web-push'
import { z } from 'zod'
import { getEnv } from '~/server/env.server'

export type VapidKeys = { publicKey: string; privateKey: string; subject: string }

const storedKeysSchema = z.object({
  publicKey: z.string().regex(/^[A-Za-z0-9_-]{87}$/),
  privateKey: z.string().regex(/^[A-Za-z0-9_-]{43}$/),
})

const FILE = 'vapid-keys.json'

/** Given keys win; otherwise a pair generated once and kept in DATA_DIR, like the auth secret. */
function storedKeys(dataDir: string): { publicKey: string; privateKey: string } {
  const file = join(dataDir, FILE)
  if (existsSync(file)) return storedKeysSchema.parse(JSON.parse(readFileSync(file, 'utf8')))
  mkdirSync(dataDir, { recursive: true })
  const keys = webPush.generateVAPIDKeys()
  writeFileSync(file, `${JSON.stringify(keys)}\n`, { mode: 0o600, flag: 'wx' })
  return keys
}

let cached: VapidKeys | undefined

export function vapidKeys(): VapidKeys {
  if (cached) return cached
  const env = getEnv()
  const pair =
    env.VAPID_PUBLIC_KEY && env.VAPID_PRIVATE_KEY
      ? { publicKey: env.VAPID_PUBLIC_KEY, privateKey: env.VAPID_PRIVATE_KEY }
      : storedKeys(env.dataDir)
  cached = { ...pair, subject: env.VAPID_SUBJECT ?? `mailto:${env.SUPPORT_EMAIL}` }
  return cached
}

/** Tests switch environments between cases. */
export function resetVapidKeysForTests() {
  cached = undefined
}
