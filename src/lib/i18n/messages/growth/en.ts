/** Growth charts: channel detail, the group Growth tab, overview reach. */
export const growthEn = {
  'growth.title': 'Growth',
  'growth.range.label': 'Period',
  'growth.range.7': '7 days',
  'growth.range.30': '30 days',
  'growth.range.90': '90 days',
  'growth.range.365': '1 year',
  'growth.metric.label': 'Figure',
  'growth.metric.subscribers': 'Subscribers',
  'growth.metric.views': 'Views',
  'growth.metric.videos': 'Videos',
  'growth.chart.title': '{metric} · {period}',
  'growth.chart.summary': '{metric}: {from} on {start}, {to} on {end}.',
  'growth.chart.loading': 'Loading the chart…',
  'growth.chart.noFigures': 'No figures for this period.',
  'growth.table.show': 'Show the figures as a table',
  'growth.table.day': 'Day',
  'growth.deltas.title': 'Change',
  'growth.delta.label': 'Last {days} days',
  'growth.delta.none': 'Not enough history yet',
  'growth.approx.note':
    '≈ YouTube rounds public subscriber counts above 1,000 to 3 significant figures, so these figures and their changes are approximate.',
  'growth.reason.noApiKey':
    'No charts yet: daily statistics come from the YouTube Data API, and this server has no API key.',
  'growth.reason.notYetSynced':
    'No statistics yet: the first daily snapshot is taken at the next sync. Come back tomorrow.',
  'growth.reason.hidden':
    'This channel hides its subscriber count, so only views and videos are charted.',
  'growth.reason.hiddenGroup':
    'Every channel here hides its subscriber count, so only views and videos are charted.',
  'growth.reason.noChannels': 'This group and its subgroups hold no channels yet.',
  'growth.group.hidden.one':
    '{count} channel hides its subscriber count and is left out of subscriber sums.',
  'growth.group.hidden.other':
    '{count} channels hide their subscriber count and are left out of subscriber sums.',
  'growth.group.late.one':
    '{count} channel was first tracked later in this period and is left out of the chart, so it does not look like growth.',
  'growth.group.late.other':
    '{count} channels were first tracked later in this period and are left out of the chart, so they do not look like growth.',
  'growth.group.scope': 'Summed over the channels of this group and its subgroups.',
  'growth.growers.title': 'Top growers',
  'growth.growers.byChange': 'Most subscribers gained',
  'growth.growers.byPercent': 'Fastest growth',
  'growth.growers.empty': 'Not enough history to rank channels yet.',
  'growth.growers.change': '{change} subscribers',
  'growth.growers.percent': '{percent} %',
  'growth.channel.back': 'Channels',
  'growth.channel.openYoutube': 'Open on YouTube',
  'growth.channel.hiddenCount': 'Hidden',
  'growth.channel.lastSynced': 'Statistics from {date}',
  'growth.channel.neverSynced': 'Not synced yet',
  'growth.meta.title': 'Channel growth',
  'growth.meta.titleNamed': '{name} · growth',
  'growth.overview.reach': 'Total reach',
  'growth.overview.reachHint': 'Subscribers of the channels in your library',
  'growth.overview.hidden.one': '{count} channel hides its count and is not included.',
  'growth.overview.hidden.other': '{count} channels hide their count and are not included.',
  'growth.overview.top': 'Top channels',
  'growth.overview.topEmpty': 'Add channels to see your largest ones here.',
}
