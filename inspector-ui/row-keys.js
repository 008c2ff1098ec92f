// ---- keyboard: one focusable row per table (roving tabindex), arrows move, Enter opens, Escape closes --

export function rowKeys(event, open, close) {
  const tr = event.currentTarget;
  const move = (target) => {
    if (!target) return;
    event.preventDefault();
    tr.tabIndex = -1;
    target.tabIndex = 0;
    target.focus();
  };
  switch (event.key) {
    case 'Enter':
    case ' ':
      event.preventDefault();
      open();
      break;
    case 'ArrowDown':
      move(tr.nextElementSibling);
      break;
    case 'ArrowUp':
      move(tr.previousElementSibling);
      break;
    case 'Home':
      move(tr.parentElement.firstElementChild);
      break;
    case 'End':
      move(tr.parentElement.lastElementChild);
      break;
    case 'Escape':
      close();
      break;
    default:
  }
}

export function focusableRows(tbody, selectedKey, keyOf) {
  const rows = [...tbody.children];
  const chosen = rows.find((tr) => keyOf(tr) === selectedKey) ?? rows[0];
  for (const tr of rows) tr.tabIndex = tr === chosen ? 0 : -1;
}
