/**
 * MUI's styles (emotion's `<style data-emotion>` elements) are kept out of the jsdom document.
 *
 * jsdom computes an element's style by matching every rule of every sheet against it, and
 * `getByRole` asks for the style of each node it walks (is it hidden?): with the ~900 rules a
 * page test collects, that was over half of the unit stage's time. The unit tests check what a
 * page does and what it names; how it looks is checked in a real browser (tests/browser).
 * Elements that MUI hides by display or visibility set inline (transitions, drawers, tabs) or
 * by unmounting them stay hidden; one hidden only through a class (a collapsed `Collapse`)
 * counts as shown here. A test that needs a computed style asks for it through `withPageStyles`.
 */
// One for the whole worker: its files share one emotion (vitest.config.ts), whose cache inserts
// a rule once and counts it as on the page from then on, in every later file.
const shared = globalThis as { emotionStylesOffPage?: HTMLDivElement };
const offPage = typeof document === 'undefined' ? null : (shared.emotionStylesOffPage ??= document.createElement('div'));

const isEmotionStyle = (node: Node) => node instanceof HTMLStyleElement && node.hasAttribute('data-emotion');

/** Sends emotion's style elements to a detached element instead of `<head>`. */
export function keepStylesOffPage() {
  // Once per document: the files of a worker share one (vitest.config.ts).
  if (!offPage || (document.head as { stylesKeptOff?: boolean }).stylesKeptOff) return;
  (document.head as { stylesKeptOff?: boolean }).stylesKeptOff = true;
  const head = document.head;
  const insertBefore = head.insertBefore.bind(head);
  const appendChild = head.appendChild.bind(head);
  head.insertBefore = (<T extends Node>(node: T, child: Node | null): T =>
    isEmotionStyle(node) ? offPage.appendChild(node) : insertBefore(node, child)) as typeof head.insertBefore;
  head.appendChild = (<T extends Node>(node: T): T =>
    isEmotionStyle(node) ? offPage.appendChild(node) : appendChild(node)) as typeof head.appendChild;
}

/** Runs `read` with MUI's styles in the document, for a test that checks a computed style. */
export function withPageStyles<T>(read: () => T): T {
  if (!offPage) return read();
  const styles = [...offPage.children];
  document.head.append(...styles);
  try {
    return read();
  } finally {
    offPage.append(...styles);
  }
}

/** The text of every style rule on the page, MUI's included. */
export function pageCss(): string {
  return withPageStyles(() => [...document.querySelectorAll('style')].map((s) => s.textContent).join('\n'));
}
