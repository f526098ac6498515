/**
 * Icon preloading for loaders and query helpers. The icon catalogue (lucide's
 * map of ~1,900 lazy imports, ~65 KiB gzipped) is imported here on demand: a
 * static import would put it in every page that imports the caller, the
 * public ones included (the route tree's loaders are in the entry chunk).
 */
export function preloadGroupIcons(
  values: Iterable<string | null | undefined>,
  options: { withFallback?: boolean } = {},
): Promise<void> {
  return import('./lucide-icons')
    .then(({ FALLBACK_ICON, preloadIcons }) =>
      preloadIcons(options.withFallback ? [FALLBACK_ICON, ...values] : values),
    )
    .catch(() => {
      // Like a single icon that fails: the placeholders stay; a render retries.
    })
}
