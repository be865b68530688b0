/**
 * Keeps the page's title and its share-card tags (Open Graph, Twitter) in step with the run, so a
 * tab, a bookmark or a share sheet that reads the live page names what it shows. Crawlers that do
 * not run scripts see the static defaults in index.html.
 */
export function describePage(title: string, url: string): void {
  if (document.title !== title) document.title = title;
  setMeta('property', 'og:title', title);
  setMeta('name', 'twitter:title', title);
  setMeta('property', 'og:url', url);
}

/** Sets the content of an existing `<meta attr=name>` tag (index.html declares them; none are created). */
function setMeta(attr: 'name' | 'property', name: string, content: string): void {
  const tag = document.head.querySelector<HTMLMetaElement>(`meta[${attr}="${name}"]`);
  if (tag && tag.content !== content) tag.content = content;
}
