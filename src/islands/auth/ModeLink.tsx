/** A link, so it works even before the page is interactive; once it is, it switches in place. */
export default function ModeLink({ href, onClick, children }: { href: string; onClick: () => void; children: string }) {
  return (
    // biome-ignore lint/a11y/useSemanticElements: a real link before hydration, a toggle after it.
    <a
      className="link-button"
      role="button"
      href={href}
      onClick={(event) => {
        event.preventDefault();
        onClick();
      }}
    >
      {children}
    </a>
  );
}
