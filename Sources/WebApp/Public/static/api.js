// The one client module of Scriptorium's pages: JSON calls with readable errors, uploads,
// keepalive saves, the debounced autosave loop, the page's words (`t`), and the small DOM helpers. Page scripts import
// what they need from "/static/api.js"; none keeps its own copy.

// ----- Requests -----

/** Sends a request; throws an Error carrying the server's `error` message (and the `field` it is
 * about, when the server names one), or the status when the answer is not JSON. A file or blob
 * body is sent as it is, anything else as JSON; `extra` adds fetch options (`signal`,
 * `keepalive`). */
async function request(method, path, body, extra = {}) {
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
    throw Object.assign(new Error(message), { field, status: response.status });
  }
  return response;
}

/** Calls the JSON API and returns the answer's JSON (null for 204 No Content); errors as
 * `request` throws them. */
export async function api(method, path, body, extra = {}) {
  const response = await request(method, path, body, extra);
  return response.status === 204 ? null : response.json();
}

/** GETs a text answer (an export, say) with the same readable errors as `api`. */
export async function getText(path, extra = {}) {
  return (await request("GET", path, undefined, extra)).text();
}

/** Uploads a file (or blob) as the request body, as it is: the browser sets its Content-Type.
 * Returns the JSON answer; errors as `api` throws them. */
export function upload(path, file, { method = "POST", ...extra } = {}) {
  return api(method, path, file, extra);
}

/** Sends a JSON save that outlives the page (fetch `keepalive`), for flushing what is not saved
 * yet when the page is hidden or closed. Nothing waits for the answer and a failure is ignored:
 * the page is going. The browser limits keepalive bodies to 64 kB in all. */
export function saveKeepalive(method, path, body) {
  api(method, path, body, { keepalive: true }).catch(() => {});
}

// ----- Autosave -----

/** The debounced autosave loop. Values are queued by key (an item, a slide, "state"): `set(key,
 * value)` keeps the newest value of each key and saves it `delay` ms after the last change. A key
 * has at most one save in flight: a newer value typed meanwhile is sent after that save answers,
 * so an older value can never land last.
 *
 * Options:
 * - `save(key, value)`: saves one value; resolves with the answer or rejects. (Required.)
 * - `delay`: the debounce in ms.
 * - `retryDelay`: after a failed save, the key is saved again this many ms later, doubling after
 *   each further failure up to `maxRetryDelay` (pass the same number for a fixed interval);
 *   null (the default) leaves a failed value queued until the next change or `flush`.
 * - `refused(error)`: true for an answer that saving again cannot change (the server refused the
 *   value): the key leaves the queue and `onRefused(key, value, error)` decides what to do.
 * - `keepalive(key, value)`: when given, the page's `pagehide` sends every queued value with it
 *   (use `saveKeepalive`); the values stay queued in case the page comes back.
 * - `onSaving(key)`, `onSaved(key, answer, value)`: around each save (`size` is already updated
 *   when `onSaved` runs).
 * - `onError(error, key)`: a failed save that no one awaited (one started by the debounce or a
 *   retry); a failed `flush` rejects instead.
 *
 * Returns `{ set, has, get, discard, flush, size, keys }`. */
export function autosave({
  save, delay, retryDelay = null, maxRetryDelay = 30000, keepalive = null, refused = () => false,
  onSaving = () => {}, onSaved = () => {}, onError = () => {}, onRefused = () => {},
}) {
  const pending = new Map(); // key → newest value not saved yet
  const timers = new Map(); // key → its timeout
  const failures = new Map(); // key → failed attempts in a row
  const inFlight = new Map(); // key → the save being sent

  function schedule(key, wait) {
    clearTimeout(timers.get(key));
    timers.set(key, setTimeout(() => run(key).catch((error) => onError(error, key)), wait));
  }

  async function run(key) {
    clearTimeout(timers.get(key));
    timers.delete(key);
    while (inFlight.has(key)) await inFlight.get(key).catch(() => {});
    if (!pending.has(key)) return;
    const value = pending.get(key);
    onSaving(key);
    const attempt = save(key, value);
    inFlight.set(key, attempt);
    let answer;
    try {
      answer = await attempt;
    } catch (error) {
      if (refused(error)) {
        if (pending.get(key) === value) pending.delete(key);
        failures.delete(key);
        onRefused(key, value, error);
        throw error;
      }
      const failed = (failures.get(key) ?? 0) + 1;
      failures.set(key, failed);
      if (retryDelay !== null && pending.has(key)) {
        schedule(key, Math.min(retryDelay * 2 ** (failed - 1), Math.max(retryDelay, maxRetryDelay)));
      }
      throw error;
    } finally {
      inFlight.delete(key);
    }
    failures.delete(key);
    if (pending.get(key) === value) pending.delete(key);
    onSaved(key, answer, value);
  }

  if (keepalive) {
    addEventListener("pagehide", () => {
      for (const [key, value] of pending) {
        clearTimeout(timers.get(key));
        timers.delete(key);
        keepalive(key, value);
      }
    });
  }

  return {
    /** Queues a key's newest value and (re)starts its debounce. */
    set(key, value) {
      pending.set(key, value);
      schedule(key, delay);
    },
    has: (key) => pending.has(key),
    get: (key) => pending.get(key),
    /** Forgets a key's queued value (every key's without one) without saving it. */
    discard(key) {
      for (const each of key === undefined ? [...pending.keys()] : [key]) {
        clearTimeout(timers.get(each));
        timers.delete(each);
        pending.delete(each);
        failures.delete(each);
      }
    },
    /** Saves the key's queued value now (every key's without one); resolves when all were saved,
     * rejects with the first error (retries are still scheduled as after any failure). */
    async flush(key) {
      const keys = key === undefined ? [...pending.keys()] : [key];
      const results = await Promise.allSettled(keys.map(run));
      const failed = results.find((result) => result.status === "rejected");
      if (failed) throw failed.reason;
    },
    get size() { return pending.size; },
    keys: () => pending.keys(),
  };
}

// ----- Words -----

/** The page's messages in the interface language, embedded by the layout (`#strings`). */
const strings = JSON.parse(document.getElementById("strings")?.textContent || "null")
  ?? { lang: "en", plurals: "en", categories: ["one", "other"], messages: {} };
const pluralRules = new Intl.PluralRules(strings.plurals);
const numbers = new Intl.NumberFormat(strings.lang);

/** The message `id` with its `{name}` placeholders filled from `values` (numbers written in the
 * interface language); a plural message takes its form from `values.count`. */
export function t(id, values = {}) {
  let message = strings.messages[id] ?? id;
  if (Array.isArray(message)) {
    const index = strings.categories.indexOf(pluralRules.select(values.count ?? 0));
    message = message[index >= 0 ? index : message.length - 1];
  }
  return message.replace(/\{(\w+)\}/g, (whole, name) => {
    if (!(name in values)) return whole;
    return typeof values[name] === "number" ? numbers.format(values[name]) : String(values[name]);
  });
}

// ----- DOM -----

/** The element with this id. */
export const $ = (id) => document.getElementById(id);

/** A scroll's behavior: "smooth", or "instant" when the reader's system asks for reduced motion. */
export const scrollMotion = () => (matchMedia("(prefers-reduced-motion: reduce)").matches ? "instant" : "smooth");

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

/** Shows an error's message (an Error or a string) in a page's error box (the element or its
 * id) and unhides it; with no error, or an empty message, hides the box. A cancelled request
 * (AbortError) is not an error: the box is left as it is. */
export function showError(box, error) {
  if (error?.name === "AbortError") return;
  const node = typeof box === "string" ? $(box) : box;
  const message = error ? error.message ?? String(error) : "";
  node.textContent = message;
  node.hidden = !message;
}

/** A page's `fail(error)`: shows each error in the box (the element or its id), as `showError`. */
export function failInto(box) {
  return (error) => showError(box, error);
}
