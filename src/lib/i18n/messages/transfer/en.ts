export const transferEn = {
  // Errors (src/lib/app-error.ts)
  'transfer.error.tooLarge': 'This file is larger than {max} MB. Split it and import the parts.',
  'transfer.error.tooMany':
    'This file names more than {max} channels. Split it and import the parts.',
  'transfer.error.tooManyGroups':
    'This file has more than {max} groups. Split it and import the parts.',
  'transfer.error.unrecognised':
    'This file is not in a format Tubefold can read. Supported: Google Takeout, NewPipe, FreeTube, Piped, PocketTube, Grayjay, Invidious, LibreTube, OPML, a Tubefold backup or a list of channel links.',
  'transfer.error.malformed': 'This {format} file is damaged and cannot be read.',
  'transfer.error.empty': 'No channels or animes were found in it.',
  'transfer.error.archiveTooLarge':
    'This archive unpacks to more than {max} MB, or to far more than its own size, so it was not opened.',
  'transfer.error.timeout':
    'This file could not be read in time. If it is a real export, import it in smaller parts.',
  'transfer.error.busy': 'Tubefold is reading many files right now. Try again in a minute.',
  'transfer.error.importNotFound': 'This import is no longer available. Start it again.',
  'transfer.error.importStarted': 'This import has already been started.',
  'transfer.error.selectionInvalid':
    'What was unticked does not match this import any more. Open the file again.',
  'transfer.error.nothingSelected': 'Nothing is ticked. Tick what you want to import.',

  // Page titles
  'transfer.meta.import': 'Import',
  'transfer.meta.privacy': 'Privacy settings',

  // Entry points (groups page, group page, overview)
  'transfer.import.link': 'Import',
  'transfer.import.here': 'Import into this group',
  'transfer.import.overview': 'Import channels and groups',

  // Import screen
  'transfer.import.title': 'Import channels and groups',
  'transfer.import.subtitle':
    'Bring your subscriptions and groups from YouTube, NewPipe, FreeTube, Piped, PocketTube, Grayjay, LibreTube, an RSS reader or a list of links. You see everything before anything is saved.',
  'transfer.format.plain': 'a list of links',
  'transfer.source.title': 'What to import',
  'transfer.source.file.title': 'Upload a file',
  'transfer.source.file.drop': 'Drop a file here, or choose one.',
  'transfer.source.file.choose': 'Choose a file',
  'transfer.source.file.accepted': 'Accepted: {formats}. Up to {max} MB.',
  'transfer.source.file.reading': 'Reading {name}…',
  'transfer.source.paste.title': 'Or paste',
  'transfer.source.paste.label':
    'Channel links, ids, @handles, Crunchyroll series links, or a whole file’s text',
  'transfer.source.paste.hint': 'One per line. The format is recognised from the content.',
  'transfer.source.paste.submit': 'Preview import',
  'transfer.source.paste.busy': 'Reading…',

  // Preview
  'transfer.preview.title': 'Check before importing',
  'transfer.preview.updating': 'Updating the preview…',
  'transfer.preview.startOver': 'Start again',
  'transfer.preview.format': 'Detected format: {format}',
  'transfer.preview.count.groupsNew': 'Groups to create',
  'transfer.preview.count.groupsMerged': 'Groups to merge',
  'transfer.preview.count.channelsNew': 'New channels',
  'transfer.preview.count.channelsInLibrary': 'Already in your library',
  'transfer.preview.count.channelsToResolve': 'To look up on YouTube',
  'transfer.preview.count.animes': 'Animes',
  'transfer.preview.count.animesSplit': '(new: {new}, already in your library: {inLibrary})',
  'transfer.preview.resolveNote':
    'Channels YouTube has not confirmed yet — named by handle, address or video, or ids — ({count}) are looked up on YouTube after you confirm; big imports carry on in the background.',
  'transfer.preview.pendingNote':
    'If YouTube can’t be reached, they are kept as pending and filled in when it answers.',
  'transfer.preview.groups.title': 'Groups',
  'transfer.preview.groups.none':
    'This file has no groups: its channels and animes are added to your library.',
  'transfer.preview.groups.noneInto':
    'This file has no groups: its channels and animes go into the chosen group.',
  'transfer.preview.groups.more': 'and {count} more',
  'transfer.preview.group.path': 'in {path}',
  'transfer.preview.group.items.one': '{count} item',
  'transfer.preview.group.items.other': '{count} items',
  'transfer.preview.group.merge': 'exists → will merge',
  'transfer.preview.group.copy': 'exists → will be created as new',
  'transfer.preview.group.new': 'new',
  'transfer.preview.problems.title': 'Problems ({count})',
  'transfer.preview.problems.hint':
    'These lines are skipped or adjusted as described; everything else is imported.',
  'transfer.preview.problems.more': 'and {count} more',
  'transfer.problem.line': 'Line {line}',
  'transfer.problem.entry': 'Entry {line}',
  'transfer.problem.file': 'The file',
  'transfer.problem.notChannel': 'not a channel URL',
  'transfer.problem.invalid': 'not a channel link, id or @handle',
  'transfer.problem.videoNotFound': 'video not found on YouTube',
  'transfer.problem.duplicate': 'listed more than once, imported once',
  'transfer.problem.otherService': 'not from YouTube, skipped',
  'transfer.problem.nameTruncated': 'group name too long, shortened',
  'transfer.problem.nameMissing': 'group without a name, given one',
  'transfer.problem.tooDeep': 'nested deeper than 10 levels: its subgroups join it',
  'transfer.problem.animeInvalid': 'not a Crunchyroll series link',
  'transfer.options.title': 'Options',
  'transfer.options.destination': 'Where to put the imported groups',
  'transfer.options.topLevel': 'Top level',
  'transfer.options.destinationHint': 'Channels and animes in no group go into the chosen group.',
  'transfer.options.sameNames': 'Groups with the same name',
  'transfer.options.merge': 'Merge into them',
  'transfer.options.new': 'Create new ones',
  'transfer.contents.title': 'What will be added',
  'transfer.contents.hint':
    'Untick what you don’t want. Unticking a group leaves out its subgroups too; a channel it holds still comes with any other ticked group that holds it.',
  'transfer.contents.search': 'Search channels, animes and groups',
  'transfer.contents.loading': 'Loading the list…',
  'transfer.contents.noMatch': 'Nothing matches “{query}”.',
  'transfer.contents.ungrouped': 'In no group',
  'transfer.contents.anime': 'anime',
  'transfer.contents.pathIn': 'in {path}',
  'transfer.preview.confirmItems': 'Import {items}',
  'transfer.preview.confirmItemsInto': 'Import {items} into {groups}',
  'transfer.preview.confirmGroups': 'Import {groups}',
  'transfer.preview.confirmNothing': 'Nothing ticked to import',
  'transfer.preview.selected.and': '{first} and {second}',
  'transfer.preview.selected.channels.one': '{count} channel',
  'transfer.preview.selected.channels.other': '{count} channels',
  'transfer.preview.selected.animes.one': '{count} anime',
  'transfer.preview.selected.animes.other': '{count} animes',
  'transfer.preview.selected.groups.one': '{count} group',
  'transfer.preview.selected.groups.other': '{count} groups',
  'transfer.preview.confirm': 'Confirm import',
  'transfer.preview.confirmBusy': 'Starting…',
  'transfer.preview.cancel': 'Cancel',

  // Progress and result
  'transfer.progress.loading': 'Loading the import…',
  'transfer.progress.title': 'Importing {name}',
  'transfer.progress.queued': 'Waiting to start…',
  'transfer.progress.resolving': 'Looking up channels {done} of {total}',
  'transfer.progress.resolvingPhase': 'Looking up channels on YouTube…',
  'transfer.progress.applying': 'Saving…',
  'transfer.progress.leave':
    'You can keep using Tubefold meanwhile: the import carries on, and this page shows it again when you come back.',
  'transfer.progress.stop': 'Stop import',
  'transfer.done.title': 'Import finished',
  'transfer.done.groupsCreated': 'Groups created',
  'transfer.done.groupsMerged': 'Groups merged',
  'transfer.done.channelsAdded': 'Channels added',
  'transfer.done.animesAdded': 'Animes added',
  'transfer.done.itemsPlaced': 'Placed in groups',
  'transfer.done.lookedUp': 'Looked up on YouTube',
  'transfer.done.pending.count': '{count} pending',
  'transfer.done.pending.unreachable':
    'YouTube could not be reached; we’ll fill them in when it answers.',
  'transfer.done.pending.quota':
    'YouTube’s daily quota is used up; we’ll fill them in after it resets.',
  'transfer.done.pending.share':
    'your daily share of YouTube look-ups is used up; we’ll fill them in after it resets.',
  'transfer.done.pending.filled': 'YouTube answered: the {count} pending channels were filled in.',
  'transfer.done.pending.retry': 'Look up again now',
  'transfer.done.notFound': 'Not found on YouTube ({count})',
  'transfer.done.openGroups': 'Open your groups',
  'transfer.done.dismiss': 'Close',
  'transfer.failed.title': 'The import failed',
  'transfer.cancelled.title': 'Import stopped',
  'transfer.cancelled.body': 'Nothing was saved.',
  'transfer.recent.title': 'Recent imports',
  'transfer.recent.done': 'groups: {groups}, channels added: {channels}',
  'transfer.recent.failed': 'failed',
  'transfer.recent.cancelled': 'stopped',

  // Export
  'transfer.export.menu': 'Export',
  'transfer.export.accountLabel': 'Download all your groups as',
  'transfer.export.groupLabel': 'Download this group and its subgroups as',
  'transfer.export.tubefold.name': 'Tubefold backup',
  'transfer.export.tubefold.description': 'Everything, lossless: import it to get the same tree.',
  'transfer.export.opml.description': 'For RSS readers, with nested folders.',
  'transfer.export.csv.description': 'For spreadsheets: the Takeout columns plus the group path.',
  'transfer.export.newpipe.description':
    'Subscriptions file for NewPipe: adds the channels, without groups.',
  'transfer.export.newpipeZip.description':
    'Database for NewPipe’s “Import database”, with your groups as channel groups. Importing it replaces NewPipe’s subscriptions, history and playlists.',
  'transfer.export.freetube.description':
    'Profiles file for FreeTube, one profile per group that holds channels.',
  'transfer.export.piped.description': 'Channel groups file for Piped.',

  // Privacy settings
  'transfer.privacy.nav': 'Privacy',
  'transfer.privacy.title': 'Privacy',
  'transfer.privacy.subtitle': 'Your data is yours: take it with you or delete it, at any time.',
  'transfer.privacy.export.title': 'Export all my data',
  'transfer.privacy.export.hint':
    'The Tubefold backup holds everything: groups with their order, icons, colours and descriptions, channels and animes with your aliases, notes and tags. Importing it gives the same tree back.',
  'transfer.privacy.export.backup': 'Download my backup',
  'transfer.privacy.export.notifications': 'Download my notification data',
  'transfer.privacy.import': 'Import',
  'transfer.privacy.export.others': 'Other formats',
  'transfer.privacy.analytics.title': 'Usage statistics',
  'transfer.privacy.analytics.label': 'Share anonymous usage statistics',
  'transfer.privacy.analytics.hint':
    'This instance measures how its pages are used, to improve them. Turn this off to stop it in this browser. A browser that sends Do Not Track is never measured.',
  'transfer.privacy.delete.title': 'Delete my account',
  'transfer.privacy.delete.hint':
    'Deleting your account removes your groups, library and settings for good. Download a backup first if you may want them back.',
  'transfer.privacy.delete.link': 'Go to account deletion',

  // Activity
  'transfer.activity.imported':
    '{actor} imported from {format} (groups: {groups}, channels: {channels})',
  'transfer.activity.importedList':
    '{actor} imported a list of links (groups: {groups}, channels: {channels})',
} as const
