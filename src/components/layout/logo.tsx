/** The folded-tabs mark; colours follow the accent so it matches the theme. */
export function LogoMark(props: { className?: string }) {
  return (
    <svg viewBox="0 0 32 32" aria-hidden="true" className={props.className}>
      <title>Tubefold</title>
      <rect width="32" height="32" rx="8" className="fill-primary" />
      <path d="M8 10h10l3 3v9H8z" fill="#fff" opacity=".55" />
      <path d="M11 13h10l3 3v7H11z" fill="#fff" />
      <path d="M16 17.5v4l3.5-2z" className="fill-primary" />
    </svg>
  )
}
