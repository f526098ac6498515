import type { transferEn } from './en'

export const transferEs: Record<keyof typeof transferEn, string> = {
  // Errores (src/lib/app-error.ts)
  'transfer.error.tooLarge': 'Este archivo supera los {max} MB. Divídelo e importa las partes.',
  'transfer.error.tooMany':
    'Este archivo nombra más de {max} canales. Divídelo e importa las partes.',
  'transfer.error.tooManyGroups':
    'Este archivo tiene más de {max} grupos. Divídelo e importa las partes.',
  'transfer.error.unrecognised':
    'Tubefold no reconoce el formato de este archivo. Formatos admitidos: Google Takeout, NewPipe, FreeTube, Piped, PocketTube, Grayjay, Invidious, LibreTube, OPML, una copia de seguridad de Tubefold o una lista de enlaces de canales.',
  'transfer.error.malformed': 'Este archivo {format} está dañado y no se puede leer.',
  'transfer.error.empty': 'No se encontró ningún canal ni anime en él.',
  'transfer.error.archiveTooLarge':
    'Este archivo comprimido se descomprime en más de {max} MB, o en mucho más que su propio tamaño, así que no se abrió.',
  'transfer.error.timeout':
    'No se pudo leer este archivo a tiempo. Si es una exportación real, impórtala en partes más pequeñas.',
  'transfer.error.busy':
    'Tubefold está leyendo muchos archivos ahora mismo. Vuelve a intentarlo en un minuto.',
  'transfer.error.importNotFound': 'Esta importación ya no está disponible. Empieza de nuevo.',
  'transfer.error.importStarted': 'Esta importación ya se inició.',
  'transfer.error.selectionInvalid':
    'Lo que se desmarcó ya no corresponde a esta importación. Abre el archivo de nuevo.',
  'transfer.error.nothingSelected': 'No hay nada marcado. Marca lo que quieres importar.',

  // Títulos de página
  'transfer.meta.import': 'Importar',
  'transfer.meta.privacy': 'Ajustes de privacidad',

  // Puntos de entrada
  'transfer.import.link': 'Importar',
  'transfer.import.here': 'Importar en este grupo',
  'transfer.import.overview': 'Importar canales y grupos',

  // Pantalla de importación
  'transfer.import.title': 'Importar canales y grupos',
  'transfer.import.subtitle':
    'Trae tus suscripciones y grupos de YouTube, NewPipe, FreeTube, Piped, PocketTube, Grayjay, LibreTube, un lector de RSS o una lista de enlaces. Ves todo antes de que se guarde nada.',
  'transfer.format.plain': 'una lista de enlaces',
  'transfer.source.title': 'Qué importar',
  'transfer.source.file.title': 'Subir un archivo',
  'transfer.source.file.drop': 'Suelta un archivo aquí o elige uno.',
  'transfer.source.file.choose': 'Elegir un archivo',
  'transfer.source.file.accepted': 'Se admiten: {formats}. Hasta {max} MB.',
  'transfer.source.file.reading': 'Leyendo {name}…',
  'transfer.source.paste.title': 'O pega',
  'transfer.source.paste.label':
    'Enlaces de canales, ids, @handles, enlaces de series de Crunchyroll o el texto de un archivo entero',
  'transfer.source.paste.hint': 'Uno por línea. El formato se reconoce por el contenido.',
  'transfer.source.paste.submit': 'Vista previa de la importación',
  'transfer.source.paste.busy': 'Leyendo…',

  // Vista previa
  'transfer.preview.title': 'Revisa antes de importar',
  'transfer.preview.updating': 'Actualizando la vista previa…',
  'transfer.preview.startOver': 'Empezar de nuevo',
  'transfer.preview.format': 'Formato detectado: {format}',
  'transfer.preview.count.groupsNew': 'Grupos por crear',
  'transfer.preview.count.groupsMerged': 'Grupos por fusionar',
  'transfer.preview.count.channelsNew': 'Canales nuevos',
  'transfer.preview.count.channelsInLibrary': 'Ya en tu biblioteca',
  'transfer.preview.count.channelsToResolve': 'Por buscar en YouTube',
  'transfer.preview.count.animes': 'Animes',
  'transfer.preview.count.animesSplit': '(nuevos: {new}, ya en tu biblioteca: {inLibrary})',
  'transfer.preview.resolveNote':
    'Los canales que YouTube aún no ha confirmado — indicados por identificador, dirección o vídeo, o ids — ({count}) se buscan en YouTube después de confirmar; las importaciones grandes siguen en segundo plano.',
  'transfer.preview.pendingNote':
    'Si no se puede contactar con YouTube, quedan pendientes y se completan cuando responda.',
  'transfer.preview.groups.title': 'Grupos',
  'transfer.preview.groups.none':
    'Este archivo no tiene grupos: sus canales y animes se añaden a tu biblioteca.',
  'transfer.preview.groups.noneInto':
    'Este archivo no tiene grupos: sus canales y animes van al grupo elegido.',
  'transfer.preview.groups.more': 'y {count} más',
  'transfer.preview.group.path': 'en {path}',
  'transfer.preview.group.items.one': '{count} elemento',
  'transfer.preview.group.items.other': '{count} elementos',
  'transfer.preview.group.merge': 'ya existe → se fusionará',
  'transfer.preview.group.copy': 'ya existe → se creará como nuevo',
  'transfer.preview.group.new': 'nuevo',
  'transfer.preview.problems.title': 'Problemas ({count})',
  'transfer.preview.problems.hint':
    'Estas líneas se omiten o se ajustan como se indica; todo lo demás se importa.',
  'transfer.preview.problems.more': 'y {count} más',
  'transfer.problem.line': 'Línea {line}',
  'transfer.problem.entry': 'Entrada {line}',
  'transfer.problem.file': 'El archivo',
  'transfer.problem.notChannel': 'no es una URL de canal',
  'transfer.problem.invalid': 'no es un enlace, id ni @handle de canal',
  'transfer.problem.videoNotFound': 'vídeo no encontrado en YouTube',
  'transfer.problem.duplicate': 'aparece más de una vez, se importa una vez',
  'transfer.problem.otherService': 'no es de YouTube, se omite',
  'transfer.problem.nameTruncated': 'nombre de grupo demasiado largo, acortado',
  'transfer.problem.nameMissing': 'grupo sin nombre, se le da uno',
  'transfer.problem.tooDeep': 'anidado a más de 10 niveles: sus subgrupos se unen a él',
  'transfer.problem.animeInvalid': 'no es un enlace de serie de Crunchyroll',
  'transfer.options.title': 'Opciones',
  'transfer.options.destination': 'Dónde poner los grupos importados',
  'transfer.options.topLevel': 'Nivel superior',
  'transfer.options.destinationHint': 'Los canales y animes sin grupo van al grupo elegido.',
  'transfer.options.sameNames': 'Grupos con el mismo nombre',
  'transfer.options.merge': 'Fusionar con ellos',
  'transfer.options.new': 'Crear nuevos',
  'transfer.contents.title': 'Lo que se añadirá',
  'transfer.contents.hint':
    'Desmarca lo que no quieras. Desmarcar un grupo deja fuera también sus subgrupos; un canal suyo aún llega con cualquier otro grupo marcado que lo tenga.',
  'transfer.contents.search': 'Buscar canales, animes y grupos',
  'transfer.contents.loading': 'Cargando la lista…',
  'transfer.contents.noMatch': 'Nada coincide con «{query}».',
  'transfer.contents.ungrouped': 'En ningún grupo',
  'transfer.contents.anime': 'anime',
  'transfer.contents.pathIn': 'en {path}',
  'transfer.preview.confirmItems': 'Importar {items}',
  'transfer.preview.confirmItemsInto': 'Importar {items} en {groups}',
  'transfer.preview.confirmGroups': 'Importar {groups}',
  'transfer.preview.confirmNothing': 'Nada marcado para importar',
  'transfer.preview.selected.and': '{first} y {second}',
  'transfer.preview.selected.channels.one': '{count} canal',
  'transfer.preview.selected.channels.other': '{count} canales',
  'transfer.preview.selected.animes.one': '{count} anime',
  'transfer.preview.selected.animes.other': '{count} animes',
  'transfer.preview.selected.groups.one': '{count} grupo',
  'transfer.preview.selected.groups.other': '{count} grupos',
  'transfer.preview.confirm': 'Confirmar importación',
  'transfer.preview.confirmBusy': 'Iniciando…',
  'transfer.preview.cancel': 'Cancelar',

  // Progreso y resultado
  'transfer.progress.loading': 'Cargando la importación…',
  'transfer.progress.title': 'Importando {name}',
  'transfer.progress.queued': 'Esperando para empezar…',
  'transfer.progress.resolving': 'Buscando canales: {done} de {total}',
  'transfer.progress.resolvingPhase': 'Buscando canales en YouTube…',
  'transfer.progress.applying': 'Guardando…',
  'transfer.progress.leave':
    'Puedes seguir usando Tubefold mientras tanto: la importación continúa y esta página la vuelve a mostrar cuando regreses.',
  'transfer.progress.stop': 'Detener importación',
  'transfer.done.title': 'Importación terminada',
  'transfer.done.groupsCreated': 'Grupos creados',
  'transfer.done.groupsMerged': 'Grupos fusionados',
  'transfer.done.channelsAdded': 'Canales añadidos',
  'transfer.done.animesAdded': 'Animes añadidos',
  'transfer.done.itemsPlaced': 'Colocados en grupos',
  'transfer.done.lookedUp': 'Buscados en YouTube',
  'transfer.done.pending.count': '{count} pendientes',
  'transfer.done.pending.unreachable':
    'no se pudo contactar con YouTube; los completaremos cuando responda.',
  'transfer.done.pending.quota':
    'la cuota diaria de YouTube se agotó; los completaremos cuando se renueve.',
  'transfer.done.pending.share':
    'tu parte diaria de búsquedas en YouTube se agotó; los completaremos cuando se renueve.',
  'transfer.done.pending.filled':
    'YouTube respondió: se completaron los {count} canales pendientes.',
  'transfer.done.pending.retry': 'Buscar de nuevo ahora',
  'transfer.done.notFound': 'No encontrados en YouTube ({count})',
  'transfer.done.openGroups': 'Abrir tus grupos',
  'transfer.done.dismiss': 'Cerrar',
  'transfer.failed.title': 'La importación falló',
  'transfer.cancelled.title': 'Importación detenida',
  'transfer.cancelled.body': 'No se guardó nada.',
  'transfer.recent.title': 'Importaciones recientes',
  'transfer.recent.done': 'grupos: {groups}, canales añadidos: {channels}',
  'transfer.recent.failed': 'falló',
  'transfer.recent.cancelled': 'detenida',

  // Exportación
  'transfer.export.menu': 'Exportar',
  'transfer.export.accountLabel': 'Descargar todos tus grupos como',
  'transfer.export.groupLabel': 'Descargar este grupo y sus subgrupos como',
  'transfer.export.tubefold.name': 'Copia de seguridad de Tubefold',
  'transfer.export.tubefold.description':
    'Todo, sin pérdidas: impórtala para recuperar el mismo árbol.',
  'transfer.export.opml.description': 'Para lectores de RSS, con carpetas anidadas.',
  'transfer.export.csv.description':
    'Para hojas de cálculo: las columnas de Takeout más la ruta del grupo.',
  'transfer.export.newpipe.description':
    'Archivo de suscripciones para NewPipe: añade los canales, sin los grupos.',
  'transfer.export.newpipeZip.description':
    'Base de datos para importar en NewPipe, con tus grupos como grupos de canales. Importarla reemplaza las suscripciones, el historial y las listas de reproducción de NewPipe.',
  'transfer.export.freetube.description':
    'Archivo de perfiles para FreeTube, un perfil por grupo que tiene canales.',
  'transfer.export.piped.description': 'Archivo de grupos de canales para Piped.',

  // Ajustes de privacidad
  'transfer.privacy.nav': 'Privacidad',
  'transfer.privacy.title': 'Privacidad',
  'transfer.privacy.subtitle': 'Tus datos son tuyos: llévatelos o bórralos cuando quieras.',
  'transfer.privacy.export.title': 'Exportar todos mis datos',
  'transfer.privacy.export.hint':
    'La copia de seguridad de Tubefold lo guarda todo: grupos con su orden, iconos, colores y descripciones, canales y animes con tus alias, notas y etiquetas. Al importarla recuperas el mismo árbol.',
  'transfer.privacy.export.backup': 'Descargar mi copia de seguridad',
  'transfer.privacy.export.notifications': 'Descargar mis datos de notificaciones',
  'transfer.privacy.import': 'Importar',
  'transfer.privacy.export.others': 'Otros formatos',
  'transfer.privacy.analytics.title': 'Estadísticas de uso',
  'transfer.privacy.analytics.label': 'Compartir estadísticas de uso anónimas',
  'transfer.privacy.analytics.hint':
    'Esta instancia mide cómo se usan sus páginas para mejorarlas. Desactívalo para detener la medición en este navegador. Un navegador que envía Do Not Track nunca se mide.',
  'transfer.privacy.delete.title': 'Eliminar mi cuenta',
  'transfer.privacy.delete.hint':
    'Eliminar tu cuenta borra tus grupos, tu biblioteca y tus ajustes para siempre. Descarga antes una copia de seguridad si quizá quieras recuperarlos.',
  'transfer.privacy.delete.link': 'Ir a la eliminación de la cuenta',

  // Actividad
  'transfer.activity.imported':
    '{actor} importó desde {format} (grupos: {groups}, canales: {channels})',
  'transfer.activity.importedList':
    '{actor} importó una lista de enlaces (grupos: {groups}, canales: {channels})',
}
