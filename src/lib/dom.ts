/** Plain-DOM building for the modules that run without a framework (overlays, logout). */
export function el<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  props: Partial<HTMLElementTagNameMap[K]> & { className?: string } = {},
  ...children: Array<Node | string>
) {
  const node = Object.assign(document.createElement(tag), props);
  node.append(...children);
  return node;
}
