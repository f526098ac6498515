import type { ExportModel } from '../transfer.schemas'
import { channelUrl, chunked } from './export-helpers'

/*
 * NewPipe's subscriptions export (Settings → Content → Export subscriptions):
 * every channel once, no groups (NewPipe keeps those only in its database).
 */

/** The NewPipe release whose export shape this copies; its importer checks nothing more. */
export const NEWPIPE_APP_VERSION = '0.27.6'
export const NEWPIPE_APP_VERSION_INT = 1003
/** NewPipe's id for YouTube. */
const YOUTUBE_SERVICE_ID = 0

function* newPipeParts(model: ExportModel): Generator<string> {
  yield `{"app_version":${JSON.stringify(NEWPIPE_APP_VERSION)},"app_version_int":${NEWPIPE_APP_VERSION_INT},"subscriptions":[`
  for (const [index, channel] of model.channels.entries()) {
    const entry = {
      service_id: YOUTUBE_SERVICE_ID,
      url: channelUrl(channel.id),
      name: channel.title === '' ? channel.id : channel.title,
    }
    yield `${index === 0 ? '' : ','}${JSON.stringify(entry)}`
  }
  yield ']}'
}

export function* toNewPipe(model: ExportModel): Generator<string> {
  yield* chunked(newPipeParts(model))
}
