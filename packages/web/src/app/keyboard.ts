/** Spec section 2: the function keys F1-F12 and the browser's context menu are disabled. */
export function disableFunctionKeysAndContextMenu(target: Window = window) {
  target.addEventListener('keydown', (event) => {
    if (/^F([1-9]|1[0-2])$/.test(event.key)) event.preventDefault();
  });
  target.addEventListener('contextmenu', (event) => event.preventDefault());
}
