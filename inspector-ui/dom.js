// DOM helpers every view uses: query, build elements from props, table cells, detail sections, the toast.

export const $ = (selector, root = document) => root.querySelector(selector);

export const el = (tag, props = {}, ...children) => {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(props)) {
    if (value === undefined || value === null) continue;
    if (key === 'className') node.className = value;
    else if (key === 'text') node.textContent = value;
    else if (
      key.startsWith('data-') ||
      key.startsWith('aria-') ||
      key === 'role' ||
      key === 'title' ||
      key === 'tabindex'
    )
      node.setAttribute(key, String(value));
    else node[key] = value;
  }
  node.append(...children.filter((c) => c !== undefined && c !== null));
  return node;
};

export function cell(text, className) {
  const value = text === undefined || text === null ? '' : String(text);
  return el('td', { text: value, title: value, className });
}

export function section(title, text, id) {
  return el('div', { className: 'section' }, el('h3', { text: title }), el('pre', { text, id }));
}

export function toast(message) {
  const node = $('#toast');
  node.textContent = message;
  node.classList.add('show');
  clearTimeout(toast.timer);
  toast.timer = setTimeout(() => node.classList.remove('show'), 3500);
}
