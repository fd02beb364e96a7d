/** Hands a text to the browser as a downloaded file named `name`. */
export function saveFile(name: string, text: string, type: string) {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  // Some browsers read the file after click() returns: the address stays valid a while.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
