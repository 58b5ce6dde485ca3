/** Title and description of an information page; webview variants share them. */
export function infoMeta(title: string, description: string, options: { noindex?: boolean } = {}) {
  return [
    { title: `${title} | コマヤ` },
    { name: "description", content: description },
    ...(options.noindex ? [{ name: "robots", content: "noindex" }] : []),
  ];
}
