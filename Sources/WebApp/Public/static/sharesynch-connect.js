// The presenter's "Other screens and devices" panel: the display's, stage view's and remote's
// addresses on the network, each with its QR code (drawn by the server), or — when the server
// listens on this computer only — what to run to let other devices in; and how many screens are
// connected now, asked again every few seconds while the panel is open.
import { $, api, el, failInto } from "/static/api.js";

const screens = { display: "Display", stage: "Stage view", remote: "Remote" };
const panel = $("connect-panel");
const fail = failInto("connect-error");
let polling = null;

for (const screen of Object.keys(screens)) $(`connect-local-${screen}`).href = `${location.origin}/sharesynch/${screen}`;

load().catch(fail);

async function load() {
  const connect = await api("GET", "/api/sharesynch/connect");
  $("connect-loopback").hidden = !connect.loopbackOnly;
  $("connect-command").textContent = connect.openToLAN ?? "";
  $("connect-summary").textContent = connect.loopbackOnly ? "(this computer only)" : "";
  $("connect-addresses").replaceChildren(...connect.addresses.map(addressItem));
}

/** One LAN address: a QR code and a link for each screen. */
function addressItem({ address, links }) {
  return el("li", { class: "connect-address", dataset: { address } },
    el("h3", { dir: "ltr" }, address),
    el("div", { class: "connect-codes" }, ...links.map(({ screen, url, qr }) =>
      el("figure", { class: "connect-code", dataset: { screen } },
        el("img", { src: qr, alt: `QR code of the ${screens[screen].toLowerCase()}'s address`, width: 160, height: 160 }),
        el("figcaption", {}, el("a", { href: url, target: "_blank", rel: "noopener", dir: "ltr" }, screens[screen]))))));
}

/** "Connected now: …", from the running presentation's state. */
async function showCounts() {
  try {
    const state = await api("GET", "/api/sharesynch/live");
    const count = (n, one, many) => `${n} ${n === 1 ? one : many}`;
    $("connect-counts").textContent = `Connected now: ${count(state.displays, "display", "displays")}, `
      + `${count(state.stages, "stage view", "stage views")}, ${count(state.remotes, "remote", "remotes")}.`;
  } catch {
    $("connect-counts").textContent = "";
  }
}

panel.addEventListener("toggle", () => {
  clearInterval(polling);
  if (!panel.open) return;
  showCounts();
  polling = setInterval(showCounts, 3000);
});
