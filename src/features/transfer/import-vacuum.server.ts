import type { Database } from '~/db/client.server'
import { dataImport, dataImportResolved } from '~/db/schema'
import { compactEmbedded } from '~/db/vacuum.server'
import { log } from '~/server/logger.server'
import { dropFinishedResolved } from './import-store.server'

/*
 * After an import ends: its look-up rows go, and on PGlite (no autovacuum)
 * the import tables are rewritten so the file, the look-ups and the emptied
 * model leave no dead rows on disk. Both tables stay small (previews expire
 * in a day, finished imports keep no file), so the rewrite is quick.
 */
export async function tidyImportTables(db: Database, importId: string): Promise<void> {
  try {
    await dropFinishedResolved(db)
    await compactEmbedded(db, [dataImport, dataImportResolved])
  } catch (error) {
    // The import itself has ended; the next one or the daily vacuum tidies up.
    log.warn('import.tidy_failed', {
      importId,
      error: error instanceof Error ? error.message : String(error),
    })
  }
}
