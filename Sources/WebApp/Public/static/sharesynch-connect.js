// The presenter's "Other screens and devices" panel: the display's, stage view's and remote's
// addresses on the network, each with its QR code (drawn by the server), or — when the server
// listens on this computer only — what to run to let other devices in; and how many screens are
// connected now, asked again every few seconds while the panel is open.
import { $, api, el, failInto, t } from "/static/api.js";

const screens = { display: t("sharesynch.js.screen.display"), stage: t("sharesynch.js.screen.stage"), remote: t("sharesynch.js.screen.remote") };
/** The alternative text of each screen's QR code. */
const codeTexts = { display: t("sharesynch.js.qr.display"), stage: t("sharesynch.js.qr.stage"), remote: t("sharesynch.js.qr.remote") };
const panel = $("connect-panel");
const fail = failInto("connect-error");
let polling = null;

for (const screen of Object.keys(screens)) $(`connect-local-${screen}`).href = `${location.origin}/sharesynch/${screen}`;

load().catch(fail);

async function load() {
  const connect = await api("GET", "/api/sharesynch/connect");
  $("connect-loopback").hidden = !connect.loopbackOnly;
  $("connect-command").textContent = connect.openToLAN ?? "";
  $("connect-summary").textContent = connect.loopbackOnly ? t("sharesynch.js.thisComputerOnly") : "";
  $("connect-addresses").replaceChildren(...connect.addresses.map(addressItem));
}

/** One LAN address: a QR code and a link for each screen. */
function addressItem({ address, links }) {
  return el("li", { class: "connect-address", dataset: { address } },
    el("h3", { dir: "ltr" }, address),
    el("div", { class: "connect-codes" }, ...links.map(({ screen, url, qr }) =>
      el("figure", { class: "connect-code", dataset: { screen } },
        el("img", { src: qr, alt: codeTexts[screen], width: 160, height: 160 }),
        el("figcaption", {}, el("a", { href: url, target: "_blank", rel: "noopener", dir: "ltr" }, screens[screen]))))));
}

/** "Connected now: …", from the running presentation's state. */
async function showCounts() {
  try {
    const state = await api("GET", "/api/sharesynch/live");
    $("connect-counts").textContent = t("sharesynch.js.connectedNow", {
      displays: t("sharesynch.js.displays", { count: state.displays }),
      stages: t("sharesynch.js.stages", { count: state.stages }),
      remotes: t("sharesynch.js.remotes", { count: state.remotes }),
    });
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
