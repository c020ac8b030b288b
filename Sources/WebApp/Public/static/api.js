// Small helpers shared by Scriptorium's page scripts: JSON calls with readable errors.

/** Calls the JSON API; throws an Error carrying the server's `error` message (and the `field`
 * it is about, when the server names one). A file or blob body is sent as it is, anything else
 * as JSON; `extra` adds fetch options (`signal`, `keepalive`). */
export async function api(method, path, body, extra = {}) {
  const options = { method, headers: {}, ...extra };
  if (body instanceof Blob) {
    options.body = body;
  } else if (body !== undefined) {
    options.headers["Content-Type"] = "application/json";
    options.body = JSON.stringify(body);
  }
  const response = await fetch(path, options);
  if (!response.ok) {
    let message = `${response.status} ${response.statusText}`;
    let field;
    try { ({ error: message = message, field } = await response.json()); } catch { /* not JSON */ }
    throw Object.assign(new Error(message), { field });
  }
  return response.status === 204 ? null : response.json();
}

/** Creates an element with properties and children; text always goes in as text, never as HTML. */
export function el(tag, properties = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(properties)) {
    if (key === "class") node.className = value;
    else if (key === "dataset") Object.assign(node.dataset, value);
    else if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
    else if (key in node) node[key] = value;
    else node.setAttribute(key, value);
  }
  node.append(...children);
  return node;
}
