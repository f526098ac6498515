/** Channel data: sync, quota, feeds cache, anime refresh (shared texts and errors). */
export const channelDataEn = {
  'channelData.error.quotaExhausted':
    "Today's YouTube quota is used up. Updates resume after {time}.",
  'channelData.error.quotaShareExhausted':
    'You have used your YouTube look-ups for today. You can look up more channels after {at}.',
  'channelData.error.channelNotFound': 'This channel does not exist or is not in your library.',
  'channelData.error.videoNotFound': 'This video is not in any of your feeds.',
}
