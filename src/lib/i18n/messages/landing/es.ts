import type { landingEn } from './en'

export const landingEs: Record<keyof typeof landingEn, string> = {
  // Landing: hero
  'hero.badge': 'Grupos anidados · feeds · crecimiento · compartir',
  'hero.title': 'Organiza cientos de canales en grupos con sentido',
  'hero.subtitle':
    'Tubefold convierte una lista interminable de suscripciones en grupos anidados con iconos — cada uno con su propio feed y gráficos de crecimiento — y permite que tu equipo trabaje en ellos contigo.',
  'hero.primary': 'Crea tu cuenta gratis',
  'hero.secondary': 'Mira cómo funciona',
  'hero.trial': 'Prueba gratis de Pro durante {days} días, sin tarjeta de crédito',
  'hero.preview.label': 'Ejemplo de árbol de grupos',
  'hero.preview.tech': 'Tecnología',
  'hero.preview.reviews': 'Reseñas',
  'hero.preview.phones': 'Teléfonos',
  'hero.preview.cooking': 'Cocina',
  'hero.preview.baking': 'Repostería',
  'hero.preview.anime': 'Anime de esta temporada',
  'hero.preview.channels': '{count} canales',
  'hero.preview.newVideos': '{count} nuevos',

  // Landing: stats
  'stats.title': 'Tubefold en cifras',
  'stats.depth': 'niveles de anidamiento',
  'stats.formats': 'formatos de importación',
  'stats.languages': 'idiomas',
  'stats.quota': 'unidades de cuota de la API gastadas en tus feeds',

  // Landing: features
  'features.title': 'Todo lo que necesita una gran lista de suscripciones',
  'features.subtitle': 'Pensado para quienes siguen de cientos a miles de canales.',
  'features.nesting.title': 'Grupos anidados',
  'features.nesting.body':
    'Tecnología › Reseñas › Teléfonos: hasta {depth} niveles, un canal en tantos grupos como quieras, reordenados arrastrando y soltando o con el teclado.',
  'features.icons.title': 'Iconos y colores',
  'features.icons.body':
    'Dale a cada grupo un icono o emoji y un color, todo incluido en la app — no se descarga nada de terceros.',
  'features.feeds.title': 'Un feed por grupo',
  'features.feeds.body':
    'Las últimas subidas de un grupo y sus subgrupos, de la más reciente a la más antigua, con los Shorts y los videos vistos ocultos si lo prefieres.',
  'features.growth.title': 'Gráficos de crecimiento',
  'features.growth.body':
    'Suscriptores, visualizaciones y videos a lo largo del tiempo para cada canal y grupo, con variaciones a 7, 30 y 90 días.',
  'features.sharing.title': 'Compartir para ver o editar',
  'features.sharing.body':
    'Comparte un grupo y sus subgrupos con un enlace o una invitación; tus compañeros pueden ver o editar, y puedes retirar el acceso en cualquier momento.',
  'features.importExport.title': 'Importación y exportación sin pérdidas',
  'features.importExport.body':
    'Trae tus suscripciones de YouTube, NewPipe, FreeTube, Piped y más; exporta tu árbol completo cuando quieras.',

  // Landing: integrations
  'integrations.title': 'Funciona con lo que ya usas',
  'integrations.subtitle': 'Tus canales vienen de las plataformas; tus grupos viajan entre apps.',
  'integrations.youtube.title': 'YouTube',
  'integrations.youtube.body':
    'Datos y estadísticas de canales desde la YouTube Data API, y feeds desde el RSS de YouTube sin gastar cuota.',
  'integrations.crunchyroll.title': 'Crunchyroll',
  'integrations.crunchyroll.body':
    'Añade una serie con su enlace; los pósteres, episodios y puntuaciones vienen de AniList.',
  'integrations.apps.title': 'Tus otras apps',
  'integrations.apps.body': 'Lee y escribe los archivos de {formats}.',
  'integrations.browser.title': 'Extensión para el navegador',
  'integrations.browser.body': 'Ve tus grupos directamente dentro de YouTube.',
  'integrations.planned': 'Próximamente',

  // Landing: use-case stories
  'stories.title': 'Hecho para la forma en que la gente realmente ve videos',
  'stories.subtitle': 'Tres formas de usar Tubefold.',
  'stories.creator.role': 'Un creador',
  'stories.creator.body':
    'Tiene un grupo “Competencia” y otro “Ideas de colaboración”, revisa sus gráficos de crecimiento cada lunes y ve el feed del grupo en lugar de la página de inicio.',
  'stories.agency.role': 'Una agencia',
  'stories.agency.body':
    'Tiene un grupo por cliente, comparte “Cliente A” con el gestor de cuenta para editar y con el cliente solo para ver — y nadie ve “Cliente B”.',
  'stories.fan.role': 'Un fan',
  'stories.fan.body':
    'Sigue 2000 canales y una docena de series de anime, organizados en “Cocina › Repostería” o “Anime de esta temporada”, cada uno con su propio feed.',

  // Landing: pricing
  'pricing.title': 'Precios sencillos',
  'pricing.subtitle':
    'Empieza gratis. Prueba Pro o Business durante {days} días — sin tarjeta de crédito.',
  'pricing.subtitleNoTrial': 'Empieza gratis y cambia de plan cuando necesites más.',
  'pricing.plan.free': 'Gratis',
  'pricing.plan.pro': 'Pro',
  'pricing.plan.business': 'Business',
  'pricing.plan.free.tagline': 'Para poner orden en tus suscripciones.',
  'pricing.plan.pro.tagline': 'Para quienes ven mucho contenido y para creadores.',
  'pricing.plan.business.tagline': 'Para agencias y equipos.',
  'pricing.perMonth': '/mes',
  'pricing.perMemberMonth': 'por miembro / mes',
  'pricing.yearly': 'o {price} al año',
  'pricing.popular': 'Más popular',
  'pricing.trial': 'Prueba gratis de {days} días, sin tarjeta de crédito',
  'pricing.choose.free': 'Empieza gratis',
  'pricing.choose.getStarted': 'Empezar',
  'pricing.choose.trial': 'Empieza la prueba gratis',
  'pricing.limit.groups': '{count} grupos',
  'pricing.limit.groupsUnlimited': 'Grupos ilimitados',
  'pricing.limit.depth': 'Anidamiento de hasta {count} niveles',
  'pricing.limit.channels': '{count} canales',
  'pricing.limit.channelsUnlimited': 'Canales ilimitados',
  'pricing.limit.share': 'Comparte con hasta {count} personas',
  'pricing.limit.shareUnlimited': 'Compartir sin límites',
  'pricing.feature.importExport': 'Importación y exportación',
  'pricing.feature.feeds': 'Un feed por grupo',
  'pricing.feature.growthAnalytics': 'Análisis de crecimiento',
  'pricing.feature.teams': 'Equipos',
  'pricing.feature.activityLog': 'Registro de actividad',
  'pricing.feature.prioritySupport': 'Soporte prioritario',
  'pricing.selfHosted':
    '¿Usas tu propia instancia? Todas las funciones están desbloqueadas cuando no hay ningún proveedor de pagos configurado.',

  // Landing: call to action
  'cta.title': 'Tus suscripciones, por fin en orden',
  'cta.body':
    'Crea una cuenta, importa tus suscripciones y crea tus primeros grupos en pocos minutos.',
  'cta.button': 'Crea tu cuenta gratis',
}
