// Saves a text as a file through the browser's download: Electron asks where with its save dialog.

/**
 * The text as a file named `name`. In the desktop app a download with no save path set shows the
 * system's save dialog; the web host's browser downloads it as it does any file.
 */
export function saveTextFile(text: string, name: string, mime: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: `${mime};charset=utf-8` }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  // The download has taken its copy by then; the address is let go of.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
