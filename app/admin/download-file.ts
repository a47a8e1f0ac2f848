// Saves text the page has built as a file, through a Blob: nothing goes back to the server.

export function downloadFile(fileName: string, content: string, type: string): void {
  const url = URL.createObjectURL(new Blob([content], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // The download has started from the click; the URL can go once the browser has taken it.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
